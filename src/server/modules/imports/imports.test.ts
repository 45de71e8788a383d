import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import type { LightMyRequestResponse } from 'fastify';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { PRODUCT_CSV_COLUMNS } from '../../../shared/product-csv';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../../../shared/imports';
import type { ImportBatch } from '../../../shared/import-schemas';
import { makePng } from '../../test/images';

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;

const BATCHES = '/api/imports/products/batches';
const CSV = 'SKU,Name,Price\r\nMUG-1,Stoneware Mug,14.00\r\n';

async function createBatch(filename = 'products.csv', cookie = admin, host = DEMO_HOST): Promise<{ batch: ImportBatch; uploadPath: string }> {
  const res = await call(t.app, 'POST', BATCHES, { cookie, host, body: { filename } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function put(path: string, body: Buffer | string, opts: { contentType?: string; cookie?: string; host?: string } = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: path,
    headers: { host: opts.host ?? DEMO_HOST, cookie: opts.cookie ?? admin, 'content-type': opts.contentType ?? 'text/csv' },
    payload: body,
  });
}

const batchOf = async (id: string, cookie = admin, host = DEMO_HOST) => call(t.app, 'GET', `${BATCHES}/${id}`, { cookie, host });

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});

describe('product import batches', () => {
  it('creates a batch waiting for its file, stores the CSV under the store’s imports folder, and lists it', async () => {
    const { batch, uploadPath } = await createBatch('../Summer Range.CSV');
    expect(batch).toMatchObject({ original_filename: 'Summer Range.CSV', status: 'uploading', file_size: null, stats: { rows_total: 0, rows_ok: 0, rows_failed: 0 }, error: null });
    expect(uploadPath).toBe(`${BATCHES}/${batch.id}/file`);

    const res = await put(uploadPath, CSV);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().batch).toMatchObject({ id: batch.id, status: 'uploaded', file_size: Buffer.byteLength(CSV) });

    const [row] = (await t.database.db.execute<{ storage_path: string }>(`select storage_path from import_batches where id = '${batch.id}'`) as unknown as { rows: { storage_path: string }[] }).rows;
    expect(row.storage_path).toMatch(new RegExp(`^tenants/${t.seed.tenantIds.demo}/imports/[0-9a-f-]{36}\\.csv$`));
    const stored = await t.app.deps.storage.get(row.storage_path);
    expect(stored?.body.toString()).toBe(CSV);
    // Import files are never served by the public file route.
    expect((await call(t.app, 'GET', `/files/${row.storage_path}`)).statusCode).toBe(404);

    const list = await call(t.app, 'GET', BATCHES, { cookie: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().batches[0]).toMatchObject({ id: batch.id, original_filename: 'Summer Range.CSV', status: 'uploaded' });

    // The file is in; a second upload to the same batch is refused.
    const again = await put(uploadPath, CSV);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('invalid_transition');
  });

  it('refuses a file name that is not .csv', async () => {
    for (const filename of ['products.txt', 'products.csv.exe', '', 'x'.repeat(300) + '.csv']) {
      const res = await call(t.app, 'POST', BATCHES, { cookie: admin, body: { filename } });
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
    const res = await call(t.app, 'POST', BATCHES, { cookie: admin, body: { filename: 'products.txt' } });
    expect(res.json().error.fields.filename).toBe(IMPORT_MESSAGES.notCsv);
  });

  it.each([
    ['an empty file', '', 400, IMPORT_MESSAGES.empty],
    ['only white space', '\uFEFF \r\n\r\n   \n', 400, IMPORT_MESSAGES.empty],
    ['a PNG picture', makePng(), 415, IMPORT_MESSAGES.binary],
    ['an Excel workbook (zip)', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('xl/workbook.xml content')]), 415, IMPORT_MESSAGES.binary],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n'), 415, IMPORT_MESSAGES.binary],
    ['text with NUL bytes (UTF-16)', Buffer.from('SKU,Name\r\nA,B\r\n', 'utf16le'), 415, IMPORT_MESSAGES.binary],
    ['a NUL byte deep inside', Buffer.concat([Buffer.from(CSV.repeat(2000)), Buffer.from([0]), Buffer.from(CSV)]), 415, IMPORT_MESSAGES.binary],
  ])('refuses %s with a clear message and marks the batch failed, keeping no file', async (_what, body, status, message) => {
    const { batch, uploadPath } = await createBatch();
    const res = await put(uploadPath, body as Buffer | string, { contentType: 'application/octet-stream' });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error).toMatchObject({ message, fields: { file: message } });
    const after = (await batchOf(batch.id)).json().batch as ImportBatch;
    expect(after).toMatchObject({ status: 'failed', error: message, file_size: null });
  });

  it('refuses other declared types and uploads without a length before reading the body', async () => {
    const { uploadPath } = await createBatch();
    const json = await put(uploadPath, CSV, { contentType: 'application/json' });
    expect(json.statusCode).toBe(415);
    const plain = await put(uploadPath, CSV, { contentType: 'image/png' });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().error.fields.file).toBe(IMPORT_MESSAGES.notCsv);
    // Still waiting for its file.
    const ok = await put(uploadPath, CSV, { contentType: 'application/vnd.ms-excel' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('takes a 20 MB file (over the app’s 1 MB body limit), stored byte for byte', async () => {
    const { uploadPath } = await createBatch('big.csv');
    const line = 'SKU-000000,A product with a reasonably long name for the catalogue,19.99,12\r\n';
    const body = Buffer.from(`SKU,Name,Price,Stock\r\n${line.repeat(Math.ceil((20 * 1024 * 1024) / line.length))}`);
    const res = await put(uploadPath, body);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const batch = res.json().batch as ImportBatch;
    expect(batch.file_size).toBe(body.length);
    const [row] = (await t.database.db.execute(`select storage_path from import_batches where id = '${batch.id}'`) as unknown as { rows: { storage_path: string }[] }).rows;
    const stored = await t.app.deps.storage.get(row.storage_path);
    expect(stored!.body.length).toBe(body.length);
    expect(stored!.body.equals(body)).toBe(true);
  }, 60_000);

  it('works over a real HTTP connection (a socket, not an injected body): stored, or refused with the reason', async () => {
    // Its own server handing requests to the shared app (which other test files inject into).
    const server = http.createServer((req, res) => t.app.routing(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = { port: (server.address() as { port: number }).port };
    const send = (path: string, body: Buffer) =>
      new Promise<{ status: number; body: { batch?: ImportBatch; error?: { message: string } } }>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: address.port, path, method: 'PUT', headers: { host: DEMO_HOST, cookie: admin, 'content-type': 'text/csv', 'content-length': body.length } },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as never }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const good = await send((await createBatch()).uploadPath, Buffer.from(CSV.repeat(50_000)));
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.batch).toMatchObject({ status: 'uploaded', file_size: Buffer.byteLength(CSV) * 50_000 });
    const bad = await send((await createBatch()).uploadPath, makePng());
    expect(bad.status).toBe(415);
    expect(bad.body.error?.message).toBe(IMPORT_MESSAGES.binary);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers 413 for a file over the limit', async () => {
    const { batch, uploadPath } = await createBatch();
    const res = await put(uploadPath, Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a'));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'file_too_large', message: IMPORT_MESSAGES.tooLarge });
    // Refused by its length before the body was read: the batch still waits, and the browser reports it.
    const patched = await call(t.app, 'PATCH', `${BATCHES}/${batch.id}`, { cookie: admin, body: { status: 'failed' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().batch).toMatchObject({ status: 'failed', error: IMPORT_MESSAGES.uploadIncomplete });
  }, 60_000);

  it('PATCH marks only a batch still waiting for its file failed; repeating it is harmless', async () => {
    const waiting = await createBatch();
    const first = await call(t.app, 'PATCH', `${BATCHES}/${waiting.batch.id}`, { cookie: admin, body: { status: 'failed' } });
    expect(first.json().batch.status).toBe('failed');
    const again = await call(t.app, 'PATCH', `${BATCHES}/${waiting.batch.id}`, { cookie: admin, body: { status: 'failed' } });
    expect(again.statusCode).toBe(200);
    // A failed batch takes no file.
    expect((await put(waiting.uploadPath, CSV)).statusCode).toBe(409);

    const done = await createBatch();
    await put(done.uploadPath, CSV);
    const refused = await call(t.app, 'PATCH', `${BATCHES}/${done.batch.id}`, { cookie: admin, body: { status: 'failed' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('invalid_transition');

    for (const body of [{ status: 'succeeded' }, { status: 'failed', stats: {} }, {}]) {
      expect((await call(t.app, 'PATCH', `${BATCHES}/${done.batch.id}`, { cookie: admin, body })).statusCode).toBe(400);
    }
  });

  it("answers another store's batch with the same 404 as a missing one", async () => {
    const { batch, uploadPath } = await createBatch();
    const missing = `${BATCHES}/00000000-0000-4000-8000-000000000000`;
    for (const [method, url, body] of [
      ['GET', `${BATCHES}/${batch.id}`, undefined],
      ['PATCH', `${BATCHES}/${batch.id}`, { status: 'failed' }],
    ] as const) {
      const res = await call(t.app, method, url, { cookie: acmeAdmin, host: ACME_HOST, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toEqual((await call(t.app, method, missing, { cookie: acmeAdmin, host: ACME_HOST, body })).json().error);
    }
    const upload = await put(uploadPath, CSV, { cookie: acmeAdmin, host: ACME_HOST });
    expect(upload.statusCode).toBe(404);
    expect((await call(t.app, 'GET', `${BATCHES}/not-a-uuid`, { cookie: admin })).statusCode).toBe(404);
    const acmeList = await call(t.app, 'GET', BATCHES, { cookie: acmeAdmin, host: ACME_HOST });
    expect(acmeList.json().batches.map((b: ImportBatch) => b.id)).not.toContain(batch.id);
    // Untouched.
    expect((await batchOf(batch.id)).json().batch.status).toBe('uploading');
  });

  it('is for store managers only: staff get 403, signed-out 401', async () => {
    const { uploadPath, batch } = await createBatch();
    for (const [method, url, body] of [
      ['GET', BATCHES, undefined],
      ['POST', BATCHES, { filename: 'a.csv' }],
      ['GET', `${BATCHES}/${batch.id}`, undefined],
      ['PATCH', `${BATCHES}/${batch.id}`, { status: 'failed' }],
      ['GET', '/api/imports/products/template.csv', undefined],
    ] as const) {
      expect((await call(t.app, method, url, { cookie: staff, body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(t.app, method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await put(uploadPath, CSV, { cookie: staff })).statusCode).toBe(403);
  });

  it('serves a sample template with the shared column headers and example rows', async () => {
    const res = await call(t.app, 'GET', '/api/imports/products/template.csv', { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="product-import-template.csv"');
    const parsed = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual(PRODUCT_CSV_COLUMNS.map((c) => c.header));
    expect(parsed.data.length).toBeGreaterThanOrEqual(3);
    // One product with two variant rows sharing its SKU.
    const tee = parsed.data.filter((r) => r['Variant SKU']);
    expect(tee).toHaveLength(2);
    expect(new Set(tee.map((r) => r.SKU)).size).toBe(1);
    for (const row of parsed.data.filter((r) => r.Name)) expect(Number(row.Price)).toBeGreaterThan(0);

    // The template itself uploads as a valid CSV.
    const { uploadPath } = await createBatch('product-import-template.csv');
    expect((await put(uploadPath, res.body)).statusCode).toBe(200);
  });
});
