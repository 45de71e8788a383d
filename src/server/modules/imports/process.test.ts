import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { openDatabase, type Database } from '../../db/connection';
import { DomainEvents } from '../../db/domain-events';
import { UnitOfWork } from '../../db/unit-of-work';
import { backgroundJobs, importBatches, productImages, products, productVariants, stockMovements } from '../../db/schema';
import type { FileStorage } from '../../adapters/storage/storage';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { uploadedBatch } from '../../test/import-batches';
import { JobRunner } from '../jobs';
import { IMPORT_MESSAGES } from '../../../shared/imports';
import type { ImportBatch, ImportColumnsResponse, ImportErrorsResponse } from '../../../shared/import-schemas';
import { makePng } from '../../test/images';
import { ImportJob } from './process/run-import';
import { startProcessing } from './process/start';
import { REJECTED_ERRORS_HEADER } from './process/rejected-csv';
import { PERMISSIONS } from '../../../shared/roles';

// Processing an import (issue 15 item 3, decision 025) through the real HTTP layer and job runner:
// products written, counts, View Details, the rejected rows file, re-import changing nothing, a run
// cut off part way resuming without duplicates, two instances never processing one batch, isolation.

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;
let demo: string;
const BATCHES = '/api/imports/products/batches';
const silent = { error: () => {}, warn: () => {} };

const HEADER = ['SKU', 'Name', 'Price', 'Stock', 'Status', 'Category', 'Variant SKU', 'Option1 Name', 'Option1 Value', 'Variant Stock'];
const csvOf = (rows: string[][]) => `${Papa.unparse({ fields: HEADER, data: rows })}\r\n`;
/** n simple products PROC-<prefix>-<i>, the first of each 5 with two sizes. */
function productRows(prefix: string, n: number, price = '10.00'): string[][] {
  const rows: string[][] = [];
  for (let i = 1; i <= n; i++) {
    const sku = `PROC-${prefix}-${i}`;
    if (i % 5 === 1) {
      rows.push([sku, `Sized thing ${prefix} ${i}`, price, '', 'active', 'Imported > Sized', `${sku}-S`, 'Size', 'Small', '3']);
      rows.push([sku, '', '', '', '', '', `${sku}-L`, 'Size', 'Large', '4']);
    } else {
      rows.push([sku, `Thing ${prefix} ${i}`, price, String(i), 'active', 'Imported', '', '', '', '']);
    }
  }
  return rows;
}

const uploaded = (csv: string | Buffer, cookie = admin, host = DEMO_HOST) => uploadedBatch(t.app, csv, cookie, host);

/** Uploaded, mapped automatically and checked. */
async function checked(csv: string): Promise<ImportBatch> {
  const batch = await uploaded(csv);
  const columns = (await call(t.app, 'GET', `${BATCHES}/${batch.id}/columns`, { cookie: admin })).json() as ImportColumnsResponse;
  expect((await call(t.app, 'PUT', `${BATCHES}/${batch.id}/mapping`, { cookie: admin, body: { mapping: columns.mapping } })).statusCode).toBe(200);
  const res = await call(t.app, 'POST', `${BATCHES}/${batch.id}/dry-run`, { cookie: admin });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { batch: ImportBatch }).batch;
}

const startImport = (id: string, body: object = {}, cookie = admin, host = DEMO_HOST) => call(t.app, 'POST', `${BATCHES}/${id}/process`, { cookie, host, body });
const batchOf = async (id: string) => (await call(t.app, 'GET', `${BATCHES}/${id}`, { cookie: admin })).json().batch as ImportBatch;

/** Starts processing and waits for the runner this instance kicked. */
async function imported(csv: string, body: object = {}): Promise<ImportBatch> {
  const batch = await checked(csv);
  const res = await startImport(batch.id, body);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().batch.status).toBe('processing');
  await t.app.jobs.drain();
  return batchOf(batch.id);
}

const skuCount = async (prefix: string) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(products).where(and(eq(products.tenantId, demo), sql`${products.sku} like ${`PROC-${prefix}-%`}`)))[0].n;
const ledgerCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(stockMovements).where(eq(stockMovements.tenantId, demo)))[0].n;

beforeAll(async () => {
  t = await resetTestApp();
  demo = t.seed.tenantIds.demo;
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});

describe('importing a checked file', () => {
  it('writes the products with their variants, categories and stock, and counts them', async () => {
    const before = await ledgerCount();
    const batch = await imported(csvOf(productRows('A', 12)));
    expect(batch.status).toBe('succeeded');
    expect(batch.stats).toEqual({ rows_total: 15, rows_ok: 15, rows_failed: 0 });
    expect(batch.result).toMatchObject({ rows_done: 15, products_created: 12, products_updated: 0, products_unchanged: 0 });
    expect(Date.parse(batch.finished_at ?? '')).toBeGreaterThanOrEqual(Date.parse(batch.started_at ?? 'x'));
    expect(await skuCount('A')).toBe(12);
    const [sized] = await t.database.db.select().from(products).where(and(eq(products.tenantId, demo), eq(products.sku, 'PROC-A-1')));
    const variants = await t.database.db.select().from(productVariants).where(eq(productVariants.productId, sized.id));
    expect(variants.map((v) => [v.sku, v.stockQuantity]).sort()).toEqual([['PROC-A-1-L', 4], ['PROC-A-1-S', 3]]);
    // Stock went through the ledger: one movement per product with stock, one per variant with stock.
    expect((await ledgerCount()) - before).toBe(9 + 3 * 2);
    // The storefront shows them (the import told the catalogue cache).
    const page = await call(t.app, 'GET', '/api/products/by-slug/thing-a-2', { host: DEMO_HOST });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().product).toMatchObject({ name: 'Thing A 2', sku: 'PROC-A-2' });
  });

  it('re-importing the same file changes nothing', async () => {
    const csv = csvOf(productRows('B', 6));
    await imported(csv);
    const [before] = await t.database.db.select({ updatedAt: products.updatedAt }).from(products).where(and(eq(products.tenantId, demo), eq(products.sku, 'PROC-B-2')));
    const ledger = await ledgerCount();
    const again = await imported(csv);
    expect(again.status).toBe('succeeded');
    expect(again.result).toMatchObject({ products_created: 0, products_updated: 0, products_unchanged: 6 });
    expect(await ledgerCount()).toBe(ledger);
    const [after] = await t.database.db.select({ updatedAt: products.updatedAt }).from(products).where(and(eq(products.tenantId, demo), eq(products.sku, 'PROC-B-2')));
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(await skuCount('B')).toBe(6);
  });

  it('a changed price updates that product only', async () => {
    const rows = productRows('C', 4);
    await imported(csvOf(rows));
    rows[2][2] = '£1,234.50';
    const again = await imported(csvOf(rows));
    expect(again.result).toMatchObject({ products_created: 0, products_updated: 1, products_unchanged: 3 });
    const [row] = await t.database.db.select({ price: products.basePrice }).from(products).where(and(eq(products.tenantId, demo), eq(products.sku, rows[2][0])));
    expect(row.price).toBe(123450);
  });
});

describe('pictures named in the file', () => {
  let server: Server;
  let base: string;
  const hits = new Map<string, number>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
      if (req.url === '/mug.png') res.writeHead(200, { 'content-type': 'image/png' }).end(makePng(4, 4));
      else res.writeHead(404).end('missing');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches each new picture once into storage, warns about one that cannot be fetched, and fetches nothing again on re-import', async () => {
    const csv = `SKU,Name,Price,Image URLs\r\nPROC-P-1,Picture mug,9.00,${base}/mug.png|${base}/gone.png\r\nPROC-P-2,Same picture,9.00,${base}/mug.png\r\n`;
    // The check fetches each picture once, as the import would (issue 27 item 5), and says which fail.
    const checkedBatch = await checked(csv);
    expect(checkedBatch.dry_run?.pictures).toEqual({ listed: 3, checked: 2, failed: [{ line: 2, url: `${base}/gone.png`, message: 'Picture will not be imported: the server answered 404' }] });
    expect(hits.get('/mug.png')).toBe(1);
    expect(hits.get('/gone.png')).toBe(1);
    const batch = await imported(csv);
    expect(batch.status).toBe('succeeded');
    expect(batch.result).toMatchObject({ products_created: 2, images_saved: 2, images_failed: 1 });
    // Once more for this file's own check, and once by the import.
    expect(hits.get('/mug.png')).toBe(3);
    const pictures = await t.database.db
      .select({ url: productImages.imageUrl, source: productImages.sourceUrl, sku: products.sku })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .where(and(eq(products.tenantId, demo), sql`${products.sku} like 'PROC-P-%'`));
    expect(pictures.map((p) => [p.sku, p.source]).sort()).toEqual([['PROC-P-1', `${base}/mug.png`], ['PROC-P-2', `${base}/mug.png`]]);
    const stored = await t.app.deps.storage.getStream(pictures[0].url.replace(/^.*?(tenants\/)/, '$1'));
    expect(stored).not.toBeNull();
    stored?.destroy();
    // The imported picture got its resized copies from the same runner once the import ended (decision 052).
    const sized = await t.database.db.execute(sql`select state, width, height, widths from picture_variants where url = ${pictures[0].url}`);
    expect((sized as unknown as { rows: unknown[] }).rows).toEqual([{ state: 'done', width: 4, height: 4, widths: [4] }]);
    // The picture that failed is a warning: the product was imported, nothing was rejected.
    const errors = (await call(t.app, 'GET', `${BATCHES}/${batch.id}/errors`, { cookie: admin })).json() as ImportErrorsResponse;
    expect(errors.rows_rejected).toBe(0);
    expect(errors.errors).toEqual([{ line: 2, column: 'Image URLs', field: 'image_urls', message: expect.stringMatching(/^Picture not imported: .*404.*gone\.png/), rejected: false }]);
    expect((await call(t.app, 'GET', `${BATCHES}/${batch.id}/rejected.csv`, { cookie: admin })).statusCode).toBe(404);

    // The products have the picture now: neither the check nor the import fetches it again.
    const again = await imported(csv);
    expect(again.result).toMatchObject({ products_unchanged: 2, images_saved: 0 });
    expect(again.dry_run?.pictures).toMatchObject({ listed: 3, checked: 1, failed: [{ line: 2, url: `${base}/gone.png` }] });
    expect(hits.get('/mug.png')).toBe(3);
  });

  it('the check is for this store’s manager only, and never checks another store’s pictures', async () => {
    const csv = `SKU,Name,Price,Image URLs\r\nPROC-P-9,Another mug,9.00,${base}/mug.png\r\n`;
    const batch = await uploaded(csv);
    const before = hits.get('/mug.png');
    expect((await call(t.app, 'POST', `${BATCHES}/${batch.id}/dry-run`, { cookie: staff })).statusCode).toBe(403);
    const foreign = await call(t.app, 'POST', `${BATCHES}/${batch.id}/dry-run`, { cookie: acmeAdmin, host: ACME_HOST });
    expect(foreign.statusCode).toBe(404);
    expect(hits.get('/mug.png')).toBe(before);
  });
});

describe('the template’s example rows (issue 27 item 5)', () => {
  it('are imported as drafts named “Example: …”, without their placeholder pictures, and the check says so', async () => {
    const template = (await call(t.app, 'GET', '/api/imports/products/template.csv', { cookie: admin })).body;
    const own = 'OWN-EX-1,Our own mug,,,8.00,,,,active';
    const header = template.split('\r\n')[0];
    const cells = header.split(',').length;
    const ownRow = [...own.split(','), ...Array(cells - own.split(',').length).fill('')].join(',');
    const csv = template.replace(/\r\n$/, `\r\n${ownRow}\r\n`);
    const checkedBatch = await checked(csv);
    expect(checkedBatch.dry_run?.examples).toEqual({ count: 3, names: ['Stoneware Coffee Mug', 'Linen Tea Towel', 'Organic Cotton T-Shirt'] });
    expect(checkedBatch.dry_run?.pictures).toEqual({ listed: 0, checked: 0, failed: [] });

    const batch = await imported(csv);
    expect(batch.status, JSON.stringify(batch)).toBe('succeeded');
    expect(batch.result).toMatchObject({ products_created: 4, images_failed: 0 });
    const rows = await t.database.db
      .select({ sku: products.sku, name: products.name, status: products.status })
      .from(products)
      .where(and(eq(products.tenantId, demo), sql`${products.sku} in ('MUG-STONE-01', 'TOWEL-LINEN-02', 'TEE-ORGANIC', 'OWN-EX-1')`))
      .orderBy(products.sku);
    expect(rows).toEqual([
      { sku: 'MUG-STONE-01', name: 'Example: Stoneware Coffee Mug', status: 'draft' },
      { sku: 'OWN-EX-1', name: 'Our own mug', status: 'active' },
      { sku: 'TEE-ORGANIC', name: 'Example: Organic Cotton T-Shirt', status: 'draft' },
      { sku: 'TOWEL-LINEN-02', name: 'Example: Linen Tea Towel', status: 'draft' },
    ]);
    const pictures = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(productImages).innerJoin(products, eq(products.id, productImages.productId)).where(and(eq(products.tenantId, demo), sql`${products.sku} in ('MUG-STONE-01', 'TOWEL-LINEN-02', 'TEE-ORGANIC')`));
    expect(pictures[0].n).toBe(0);
    // Imported again: still examples, still drafts, not "Example: Example: …".
    const again = await imported(csv);
    expect(again.result).toMatchObject({ products_unchanged: 4 });
  });
});

describe('rejected rows', () => {
  const bad = () => {
    const rows = productRows('D', 5);
    rows[3][2] = 'twelve'; // PROC-D-3's price
    rows.push(['', 'No SKU', '3.00', '', '', '', '', '', '', '']);
    return rows;
  };

  it('asks before importing a file whose check rejected rows, then imports the rest and lists every rejected row', async () => {
    const batch = await checked(csvOf(bad()));
    expect(batch.status).toBe('mapping');
    const refused = await startImport(batch.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(IMPORT_MESSAGES.confirmRejected);
    expect((await startImport(batch.id, { skip_rejected: true })).statusCode).toBe(202);
    await t.app.jobs.drain();
    const done = await batchOf(batch.id);
    expect(done.status).toBe('succeeded');
    expect(done.stats).toEqual({ rows_total: 7, rows_ok: 5, rows_failed: 2 });
    expect(done.result?.products_created).toBe(4);
    expect(await skuCount('D')).toBe(4);
    const errors = (await call(t.app, 'GET', `${BATCHES}/${batch.id}/errors`, { cookie: admin })).json() as ImportErrorsResponse;
    expect(errors.rows_rejected).toBe(2);
    expect(errors.errors.map((e) => [e.line, e.column])).toEqual([[5, 'Price'], [8, 'SKU']]);
    expect(errors.errors[0].message).toMatch(/price/i);

    const file = await call(t.app, 'GET', `${BATCHES}/${batch.id}/rejected.csv`, { cookie: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('products-rejected-rows.csv');
    const parsed = Papa.parse<string[]>(file.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual([...HEADER, REJECTED_ERRORS_HEADER]);
    expect(parsed.slice(1).map((r) => r[0])).toEqual(['PROC-D-3', '']);
    expect(parsed[1][2]).toBe('twelve');
    expect(parsed[1][HEADER.length]).toMatch(/^Price: /);

    // The fixed file imports the rest.
    const fixed = parsed.slice(1).map((r) => r.slice(0, HEADER.length));
    fixed[0][2] = '12.00';
    fixed[1][0] = 'PROC-D-99';
    const second = await imported(csvOf(fixed));
    expect(second.result?.products_created).toBe(2);
    expect(await skuCount('D')).toBe(6);
  });

  it('View Details of an import without rejected rows is empty, and its rejected rows file is a 404', async () => {
    const batch = await imported(csvOf(productRows('E', 2)));
    const errors = (await call(t.app, 'GET', `${BATCHES}/${batch.id}/errors?page=1`, { cookie: admin })).json() as ImportErrorsResponse;
    expect(errors).toEqual({ errors: [], total: 0, rows_rejected: 0, page: 1, pages: 1 });
    const file = await call(t.app, 'GET', `${BATCHES}/${batch.id}/rejected.csv`, { cookie: admin });
    expect(file.statusCode).toBe(404);
    expect(file.json().error.message).toBe(IMPORT_MESSAGES.noRejectedRows);
  });
});

describe('starting', () => {
  it('refuses a file not checked yet, and a second start', async () => {
    const batch = await uploaded(csvOf(productRows('F', 1)));
    const early = await startImport(batch.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(IMPORT_MESSAGES.notReady);
    const ready = await checked(csvOf(productRows('F', 1)));
    expect((await startImport(ready.id)).statusCode).toBe(202);
    const again = await startImport(ready.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(IMPORT_MESSAGES.alreadyStarted);
    await t.app.jobs.drain();
  });

  it('bad bodies are 400, never 500', async () => {
    const batch = await checked(csvOf(productRows('G', 1)));
    for (const body of [{ skip_rejected: 'yes' }, { other: 1 }, { skip_rejected: '\u0000' }]) {
      const res = await startImport(batch.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, 'GET', `${BATCHES}/${batch.id}/errors?page=0`, { cookie: admin })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `${BATCHES}/${batch.id}/errors?page=1e99`, { cookie: admin })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `${BATCHES}/${batch.id}/errors?page=%00`, { cookie: admin })).statusCode).toBe(400);
    const huge = await startImport(batch.id, { skip_rejected: 'x'.repeat(1024 * 1024) });
    expect([400, 413]).toContain(huge.statusCode);
    // A NUL byte in the path is refused by the input guard (400); a malformed id alone is a 404.
    expect((await call(t.app, 'GET', `${BATCHES}/not-a-uuid%00/errors`, { cookie: admin })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `${BATCHES}/not-a-uuid/errors`, { cookie: admin })).statusCode).toBe(404);
    // 400 starts at once: one is accepted, the rest refused as already started; none is a 5xx.
    const many = await Promise.all(Array.from({ length: 400 }, () => startImport(batch.id)));
    expect(many.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(many.filter((r) => r.statusCode === 202)).toHaveLength(1);
    await t.app.jobs.drain();
  });
});

describe('isolation and roles', () => {
  it('another store’s batch is a 404 for every processing route, and staff get 403', async () => {
    const batch = await checked(csvOf(productRows('H', 1)));
    for (const [method, url] of [
      ['POST', `${BATCHES}/${batch.id}/process`],
      ['GET', `${BATCHES}/${batch.id}/errors`],
      ['GET', `${BATCHES}/${batch.id}/rejected.csv`],
    ] as const) {
      const other = await call(t.app, method, url, { cookie: acmeAdmin, host: ACME_HOST, body: method === 'POST' ? {} : undefined });
      expect(other.statusCode, url).toBe(404);
      expect(other.json().error.message).toBe(IMPORT_MESSAGES.notFound);
      const asStaff = await call(t.app, method, url, { cookie: staff, body: method === 'POST' ? {} : undefined });
      expect(asStaff.statusCode, url).toBe(403);
    }
    expect((await batchOf(batch.id)).status).toBe('ready');
  });
});

/** Storage whose first read of a file stops part way, as a server killed mid-import would. */
function breakingStorage(inner: FileStorage, afterBytes: number): FileStorage & { broken: number } {
  const wrapper = Object.create(inner) as FileStorage & { broken: number };
  wrapper.broken = 0;
  wrapper.getStream = async (key: string) => {
    const stream = await inner.getStream(key);
    if (!stream || wrapper.broken > 0) return stream;
    wrapper.broken += 1;
    let seen = 0;
    return Readable.from(
      (async function* () {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          // Small pieces, as a slow disk or network would give them, so rows are read before the cut.
          for (let i = 0; i < chunk.length; i += 64) {
            const piece = chunk.subarray(i, i + 64);
            seen += piece.length;
            if (seen > afterBytes) throw new Error('the server was killed');
            yield piece;
          }
        }
      })(),
    );
  };
  return wrapper;
}

describe('two instances, and a run cut off part way', () => {
  let otherDatabase: Database;
  let otherScopes: UnitOfWork;

  beforeAll(async () => {
    otherDatabase = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null, pool: t.config.databasePool }) : t.database;
    otherScopes = new UnitOfWork(await otherDatabase.connectApp(), new DomainEvents());
  });
  afterAll(async () => {
    if (otherDatabase && otherDatabase !== t.database) await otherDatabase.close();
  });

  const runnerOn = (scopes: UnitOfWork, workerId: string, storage: FileStorage, chunkProducts = 3) => {
    const runner = new JobRunner(scopes, { workerId, leaseSeconds: 60, log: silent });
    const job = new ImportJob({ scopes, storage, images: { allowPrivate: false }, chunkProducts });
    runner.register('product_import', job.run, job.giveUp);
    return runner;
  };

  /** Queued without this instance's runner being kicked. */
  async function queued(csv: string): Promise<string> {
    const batch = await checked(csv);
    await t.scopes.run({ tenantId: demo, userId: null }, (work) =>
      startProcessing({ ...work, tenantId: demo, actor: { sessionId: '', userId: t.seed.userIds['admin@demo.test'], email: '', isOwner: false, isSales: false, activeTenantId: demo }, role: null, permissions: PERMISSIONS }, { kick: () => {} }, batch.id, {}),
    );
    return batch.id;
  }

  it('resumes after a stop part way through, from the last committed chunk, without duplicates', async () => {
    const csv = csvOf(productRows('R', 20));
    const id = await queued(csv);
    const ledger = await ledgerCount();
    const dying = runnerOn(t.scopes, 'dying', breakingStorage(t.app.deps.storage, Math.floor(csv.length * 0.6)));
    await dying.drain();
    const cut = await batchOf(id);
    expect(cut.status).toBe('processing');
    const committed = await skuCount('R');
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(20);
    // Its lease lapses; another instance takes the job over.
    await t.database.db.update(backgroundJobs).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(backgroundJobs.subjectId, id));
    await runnerOn(otherScopes, 'rescuer', t.app.deps.storage).drain();
    const done = await batchOf(id);
    expect(done.status).toBe('succeeded');
    expect(done.result).toMatchObject({ rows_done: 24, products_created: 20, products_updated: 0, products_unchanged: 0 });
    expect(done.stats).toEqual({ rows_total: 24, rows_ok: 24, rows_failed: 0 });
    expect(await skuCount('R')).toBe(20);
    expect((await ledgerCount()) - ledger).toBe(16 + 4 * 2);
    const [job] = await t.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.subjectId, id));
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('two instances draining at once process each batch exactly once', async () => {
    const ids = [await queued(csvOf(productRows('S', 9))), await queued(csvOf(productRows('T', 9)))];
    // The second was started by an account deleted since: it still imports, the ledger naming no one.
    await t.database.db.update(importBatches).set({ createdBy: null }).where(eq(importBatches.id, ids[1]));
    const ledger = await ledgerCount();
    await Promise.all([runnerOn(t.scopes, 'one', t.app.deps.storage).drain(), runnerOn(otherScopes, 'two', t.app.deps.storage).drain()]);
    for (const id of ids) {
      const done = await batchOf(id);
      expect(done.status).toBe('succeeded');
      expect(done.result?.products_created).toBe(9);
      const [job] = await t.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.subjectId, id));
      expect(job.attempts).toBe(1);
    }
    expect(await skuCount('S')).toBe(9);
    expect(await skuCount('T')).toBe(9);
    expect((await ledgerCount()) - ledger).toBe(2 * (7 + 2 * 2));
  });

  it.skipIf(!process.env.DATABASE_URL)('a server process killed mid-import (PostgreSQL): another instance finishes it without duplicates', async () => {
    const csv = csvOf(productRows('K', 1500));
    const id = await queued(csv);
    const ledger = await ledgerCount();
    const filesRoot = (t.app.deps.storage as unknown as { root: string }).root;
    const worker = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/import-worker.ts', t.databaseUrl!, filesRoot], { stdio: ['ignore', 'ignore', 'inherit'] });
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    try {
      // Killed (no shutdown at all) once it has committed some chunks and is writing more.
      for (let i = 0; i < 600 && ((await batchOf(id)).result?.rows_done ?? 0) < 200; i++) await new Promise((r) => setTimeout(r, 50));
      worker.kill('SIGKILL');
      await exited;
    } finally {
      if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    }
    const cut = await batchOf(id);
    expect(cut.status).toBe('processing');
    expect(cut.result?.rows_done).toBeGreaterThan(0);
    expect(cut.result?.rows_done).toBeLessThan(1800);
    // Its 2-second lease lapses; this instance takes the job over from the last committed chunk.
    await new Promise((r) => setTimeout(r, 2_100));
    await runnerOn(otherScopes, 'rescuer', t.app.deps.storage, 100).drain();
    const done = await batchOf(id);
    expect(done.status).toBe('succeeded');
    expect(done.result).toMatchObject({ rows_done: 1800, products_created: 1500, products_updated: 0, products_unchanged: 0 });
    expect(await skuCount('K')).toBe(1500);
    expect((await ledgerCount()) - ledger).toBe(1200 + 300 * 2);
    const [job] = await t.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.subjectId, id));
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
  }, 60_000);
});
