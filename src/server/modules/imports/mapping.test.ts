import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { uploadedBatch } from '../../test/import-batches';
import { PRODUCT_CSV_COLUMNS } from '../../../shared/product-csv';
import { IMPORT_MESSAGES } from '../../../shared/imports';
import type { ImportColumnsResponse } from '../../../shared/import-schemas';
import { CSV_MESSAGES } from './csv/parse';

// Map Fields and the dry run (issue 15 items 2-3, decision 024), through the real HTTP layer.

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;
let template: string;

const BATCHES = '/api/imports/products/batches';

/** A batch with this file uploaded (status uploaded). */
const uploaded = (csv: string | Buffer, cookie = admin, host = DEMO_HOST) => uploadedBatch(t.app, csv, cookie, host);

const columnsOf = (id: string, cookie = admin, host = DEMO_HOST) => call(t.app, 'GET', `${BATCHES}/${id}/columns`, { cookie, host });
const saveMapping = (id: string, mapping: Record<string, string | null>, cookie = admin, host = DEMO_HOST) =>
  call(t.app, 'PUT', `${BATCHES}/${id}/mapping`, { cookie, host, body: { mapping } });
const check = (id: string, cookie = admin, host = DEMO_HOST) => call(t.app, 'POST', `${BATCHES}/${id}/dry-run`, { cookie, host });

/** Uploads, saves the automatic mapping and runs the check. */
async function checked(csv: string) {
  const batch = await uploaded(csv);
  const columns = (await columnsOf(batch.id)).json() as ImportColumnsResponse;
  const saved = await saveMapping(batch.id, columns.mapping);
  expect(saved.statusCode, saved.body).toBe(200);
  const res = await check(batch.id);
  expect(res.statusCode, res.body).toBe(200);
  return { batch, result: res.json() };
}

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
  const res = await call(t.app, 'GET', '/api/imports/products/template.csv', { cookie: admin });
  expect(res.statusCode).toBe(200);
  template = res.body;
});

describe('Map Fields: the file’s columns', () => {
  it('lists the sample template’s columns with sample values, every one matched automatically', async () => {
    const batch = await uploaded(template);
    const res = await columnsOf(batch.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ImportColumnsResponse;
    expect(body.columns).toHaveLength(PRODUCT_CSV_COLUMNS.length);
    expect(body.columns[0]).toEqual({ index: 0, header: 'SKU', samples: ['MUG-STONE-01', 'TOWEL-LINEN-02', 'TEE-ORGANIC'], suggested_field: 'sku' });
    expect(body.columns.find((c) => c.header === 'Sale Price')?.samples).toEqual(['9.99']);
    body.columns.forEach((c, i) => expect(c.suggested_field).toBe(PRODUCT_CSV_COLUMNS[i].field));
    expect(body.fields.find((f) => f.field === 'sku')).toMatchObject({ header: 'SKU', required: true });
    expect(body.fields.find((f) => f.field === 'brand')).toMatchObject({ required: false });
    expect(body.mapping['0']).toBe('sku');
    expect(body.mapping_source).toBe('store');
    // Reading the columns moves nothing on.
    expect((await call(t.app, 'GET', `${BATCHES}/${batch.id}`, { cookie: admin })).json().batch.status).toBe('uploaded');
  });

  it('checks the mapping with clear messages, keeps it on the batch and offers it to the next file with the same headers', async () => {
    const csv = 'Product Code,Title,Cost,Supplier\r\nAB-1,Blue Mug,4.00,Kiln Co\r\n';
    const batch = await uploaded(csv);
    const columns = (await columnsOf(batch.id)).json() as ImportColumnsResponse;
    expect(columns.mapping).toEqual({ '0': 'sku', '1': 'name', '2': null, '3': null });

    const missing = await saveMapping(batch.id, { '0': 'sku', '1': 'name' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'invalid_input', message: 'Choose the column that holds Price: it is required', fields: { 'fields.base_price': 'Choose the column that holds Price: it is required' } });

    const none = await saveMapping(batch.id, {});
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().error.fields)).toEqual(['fields.sku', 'fields.name', 'fields.base_price']);

    const twice = await saveMapping(batch.id, { '0': 'sku', '1': 'name', '2': 'base_price', '3': 'name' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields['mapping.3']).toBe('Columns "Title" and "Supplier" are both matched to Name: choose one');

    for (const mapping of [{ '9': 'brand' }, { '0': 'colour' }, { x: 'sku' }, { '-1': 'sku' }] as Record<string, string>[]) {
      const res = await saveMapping(batch.id, mapping);
      expect(res.statusCode, JSON.stringify(mapping)).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
    expect((await call(t.app, 'PUT', `${BATCHES}/${batch.id}/mapping`, { cookie: admin, body: { mapping: { '0': 'sku\u0000' } } })).statusCode).toBe(400);

    // Checking before the mapping is saved is refused.
    const early = await check(batch.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(IMPORT_MESSAGES.mapFirst);

    const ok = await saveMapping(batch.id, { '0': 'sku', '1': 'name', '2': 'base_price', '3': 'brand' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().batch).toMatchObject({ status: 'mapping', mapping: { '0': 'sku', '1': 'name', '2': 'base_price', '3': 'brand' }, dry_run: null });
    const again = (await columnsOf(batch.id)).json() as ImportColumnsResponse;
    expect(again).toMatchObject({ mapping_source: 'batch', mapping: { '2': 'base_price', '3': 'brand' } });

    // The next file with these headers starts from the store's saved choices (by header name).
    const next = await uploaded('supplier, cost ,Title,Product Code,Notes\r\nKiln Co,5.00,Green Mug,AB-2,x\r\n');
    const offered = (await columnsOf(next.id)).json() as ImportColumnsResponse;
    expect(offered.mapping).toEqual({ '0': 'brand', '1': 'base_price', '2': 'name', '3': 'sku', '4': null });
    expect(offered.columns[0]).toMatchObject({ header: 'supplier', suggested_field: null, saved_field: 'brand' });

    // Another store does not get this store's choices.
    const acme = await uploaded(csv, acmeAdmin, ACME_HOST);
    expect(((await columnsOf(acme.id, acmeAdmin, ACME_HOST)).json() as ImportColumnsResponse).mapping).toEqual({ '0': 'sku', '1': 'name', '2': null, '3': null });
  });
});

describe('the dry run', () => {
  it('counts the template’s products to create and to update (an SKU already in the store), writing nothing', async () => {
    const before = (await t.database.db.execute<{ n: number }>(`select count(*)::int as n from products`) as unknown as { rows: { n: number }[] }).rows[0].n;
    const { batch, result } = await checked(template.replace('MUG-STONE-01', 'DS-MUG'));
    expect(result.summary).toEqual({ rows_total: 4, products_to_create: 2, products_to_update: 1, rows_rejected: 0 });
    expect(result.errors).toEqual([]);
    expect(result.batch).toMatchObject({ id: batch.id, status: 'ready', stats: { rows_total: 4, rows_ok: 4, rows_failed: 0 }, dry_run: { summary: result.summary } });
    const after = (await t.database.db.execute<{ n: number }>(`select count(*)::int as n from products`) as unknown as { rows: { n: number }[] }).rows[0].n;
    expect(after).toBe(before);
    // The batch answers its result later (View Details).
    expect((await call(t.app, 'GET', `${BATCHES}/${batch.id}`, { cookie: admin })).json().batch.dry_run.summary).toEqual(result.summary);
    // Changing the mapping voids the check: back to mapping.
    const remapped = await saveMapping(batch.id, (await columnsOf(batch.id)).json().mapping);
    expect(remapped.json().batch).toMatchObject({ status: 'mapping', dry_run: null });
  });

  it('rejects rows with the first errors per row: bad values, duplicate SKUs, ragged rows, a variant SKU of another product', async () => {
    const csv = [
      'SKU,Name,Price,Sale Price,Variant SKU,Option1 Name,Option1 Value',
      'A-1,Good Mug,10.00,,,,',
      'A-2,Bad Price,ten,,,,',
      'A-3,Sale too high,5.00,6.00,,,',
      'A-1,Again,10.00,,,,',
      'A-4,Ragged,1.00',
      ',No SKU,3.00,,,,',
      'A-5,Clash,8.00,,DS-MUG-SAGE,Colour,Sage',
      'A-6,Fine,2.00,,,,',
    ].join('\r\n');
    const { batch, result } = await checked(csv);
    expect(result.summary).toEqual({ rows_total: 8, products_to_create: 2, products_to_update: 0, rows_rejected: 6 });
    expect(result.errors).toEqual([
      { line: 3, column: 'Price', field: 'base_price', message: expect.stringContaining('Price') },
      { line: 4, column: 'Sale Price', field: 'sale_price', message: 'Sale Price must be lower than Price' },
      { line: 5, column: 'SKU', field: 'sku', message: expect.stringContaining('Duplicate SKU "A-1": it is already used on line 2') },
      { line: 6, column: null, field: null, message: CSV_MESSAGES.tooFew(3, 7) },
      { line: 7, column: 'SKU', field: 'sku', message: expect.stringContaining('SKU is required') },
      { line: 8, column: 'Variant SKU', field: 'variant_sku', message: 'Variant SKU "DS-MUG-SAGE" already belongs to the product with SKU "DS-MUG" in your store' },
    ]);
    expect(result.errors_total).toBe(6);
    // Rejected rows keep the batch in mapping, with the errors shown.
    expect(result.batch).toMatchObject({ id: batch.id, status: 'mapping', stats: { rows_total: 8, rows_ok: 2, rows_failed: 6 } });
  });

  it('rejects the whole product when one of its rows cannot be read', async () => {
    const csv = ['SKU,Name,Price,Variant SKU,Option1 Name,Option1 Value', 'T-1,Tee,10.00,T-1-S,Size,S', 'T-1,,,T-1-M,Size', 'T-1,,,T-1-L,Size,L'].join('\n');
    const { result } = await checked(csv);
    expect(result.summary).toEqual({ rows_total: 3, products_to_create: 0, products_to_update: 0, rows_rejected: 3 });
  });

  it('answers file problems as 422 with the reason: header only, too many columns; empty and binary files are refused on upload', async () => {
    for (const [csv, message] of [
      ['SKU,Name,Price\r\n', CSV_MESSAGES.headerOnly],
      [`${Array.from({ length: 201 }, (_, i) => `c${i}`).join(',')}\r\nx\r\n`, CSV_MESSAGES.tooManyColumns],
    ] as const) {
      const batch = await uploaded(csv);
      const res = await columnsOf(batch.id);
      expect(res.statusCode, JSON.stringify(csv)).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'invalid_input', message, fields: { file: message } });
      expect((await saveMapping(batch.id, { '0': 'sku' })).statusCode).toBe(422);
    }
    // An empty or binary file is refused when it is uploaded, before any mapping.
    const created = (await call(t.app, 'POST', BATCHES, { cookie: admin, body: { filename: 'x.csv' } })).json();
    const empty = await t.app.inject({ method: 'PUT', url: created.uploadPath, headers: { host: DEMO_HOST, cookie: admin, 'content-type': 'text/csv' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(IMPORT_MESSAGES.empty);
    const created2 = (await call(t.app, 'POST', BATCHES, { cookie: admin, body: { filename: 'y.csv' } })).json();
    const binary = await t.app.inject({ method: 'PUT', url: created2.uploadPath, headers: { host: DEMO_HOST, cookie: admin, 'content-type': 'text/csv' }, payload: Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 1, 2]) });
    expect(binary.statusCode).toBe(415);
    expect(binary.json().error.message).toBe(IMPORT_MESSAGES.binary);
  });

  it("answers another store's batch with the same 404 as a missing one, and is for store managers only", async () => {
    const batch = await uploaded(template);
    const missing = '00000000-0000-4000-8000-000000000000';
    const routes = (id: string) =>
      [
        ['GET', `${BATCHES}/${id}/columns`, undefined],
        ['PUT', `${BATCHES}/${id}/mapping`, { mapping: { '0': 'sku', '1': 'name', '4': 'base_price' } }],
        ['POST', `${BATCHES}/${id}/dry-run`, undefined],
      ] as const;
    const missingAnswers = await Promise.all(routes(missing).map(([method, url, body]) => call(t.app, method, url, { cookie: acmeAdmin, host: ACME_HOST, body })));
    for (const [i, [method, url, body]] of routes(batch.id).entries()) {
      const res = await call(t.app, method, url, { cookie: acmeAdmin, host: ACME_HOST, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toEqual(missingAnswers[i].json().error);
      expect((await call(t.app, method, url, { cookie: staff, body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(t.app, method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call(t.app, 'GET', `${BATCHES}/${batch.id}`, { cookie: admin })).json().batch).toMatchObject({ status: 'uploaded', mapping: null });
  });

  it('is refused once the batch has no file to map (still uploading)', async () => {
    const created = (await call(t.app, 'POST', BATCHES, { cookie: admin, body: { filename: 'z.csv' } })).json();
    const res = await columnsOf(created.batch.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(IMPORT_MESSAGES.notMappable);
  });
});
