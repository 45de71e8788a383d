/**
 * Backup and restore benchmark (issue 30: "backup and restore of 10,000 products, 20,000 orders and
 * 1,000 pictures: report the seconds"). Fills a fresh demo platform with BENCH_PRODUCTS products
 * (default 10,000), BENCH_ORDERS paid orders with a line each (20,000) and BENCH_PICTURES library
 * pictures (1,000 photo-like JPEGs of about 200 kB, each with its library row), then times
 * `npm run backup` and `npm run restore` into an empty target (the commands' own code, in process),
 * and checks the restored counts.
 *
 * `npx tsx bench/backup.ts` (`npm run bench:backup`) runs on PGlite; with DATABASE_URL on PostgreSQL
 * (fresh `<db>_bench_backup` and `<db>_bench_backup_restore`, dropped afterwards). Needs no build.
 * Prints the figures and writes them to bench/RESULTS.md.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../src/server/db/connection';
import { openDatabase } from '../src/server/db/connection';
import { withScope } from '../src/server/db/scope';
import { rowsOf } from '../src/server/db/rows';
import { LocalFileStorage } from '../src/server/adapters/storage/local-storage';
import { mediaPrefix } from '../src/server/adapters/storage/storage';
import { backupCommand, restoreCommand } from '../src/server/ops/backup/commands';
import { freshDatabaseUrl } from '../src/server/test/databases';
import { generateProducts } from './generate';
import { dropBenchDatabase, machine, prepareDatabase, writeResults } from './server';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000);
const PICTURES = Number(process.env.BENCH_PICTURES ?? 1_000);
/** Orders inserted per statement. */
const CHUNK = 5_000;

/** A photo-like JPEG (noise over gradients, so it compresses like a photo): about 200 kB at 800 x 600. */
async function photo(seed: number): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const raw = Buffer.alloc(width * height * 3);
  let s = seed * 2654435761 + 1;
  for (let p = 0, i = 0; p < width * height; p++, i += 3) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const grain = (s >> 16) & 63;
    raw[i] = (((p % width) * 255) / width + grain) & 255;
    raw[i + 1] = ((((p / width) | 0) * 255) / height + grain) & 255;
    raw[i + 2] = (seed * 37 + grain) & 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

/** Paid orders with one line each, in set-based statements, as the owner (as bench/vat-report.ts does). */
async function fillOrders(db: Db, tenantId: string, count: number): Promise<void> {
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(from + CHUNK - 1, count);
    await db.execute(sql`
      insert into orders (tenant_id, order_number, customer_email, customer_name, shipping_address, billing_address, shipping_method_name,
                          subtotal, shipping_total, total_amount, refunded_amount, payment_status, status, payment_provider,
                          reservation_state, reservation_expires_at, placed_at, paid_at)
      select ${tenantId}::uuid, 'BK' || g, 'buyer' || (g % 5000) || '@example.com', 'Bench Buyer', '{"city":"London"}'::jsonb, '{}'::jsonb, 'Standard Delivery',
             2000 + (g % 7) * 500, 399, 2399 + (g % 7) * 500, 0, 'paid', 'confirmed', 'test', 'committed',
             now(), now() - make_interval(secs => g * 97), now() - make_interval(secs => g * 97)
      from generate_series(${from}::int, ${to}::int) g`);
    // Order g's line is the store's (g mod n)-th product.
    await db.execute(sql`
      with p as (select id, name, sku, row_number() over (order by id) - 1 as n, count(*) over () as total from products where tenant_id = ${tenantId}::uuid)
      insert into order_items (tenant_id, order_id, product_id, product_name, product_sku, quantity, unit_price, total_amount, stock_source)
      select o.tenant_id, o.id, p.id, p.name, p.sku, 1, o.subtotal, o.subtotal, 'product'
      from orders o join p on p.n = substring(o.order_number from 3)::int % p.total
      where o.tenant_id = ${tenantId}::uuid and o.order_number like 'BK%'
        and substring(o.order_number from 3)::int between ${from}::int and ${to}::int`);
  }
}

/** Library pictures: stored files with their library rows, in the store's scope (row-level security applies). */
async function fillPictures(db: Db, storage: LocalFileStorage, tenantId: string, count: number): Promise<number> {
  const photos = await Promise.all(Array.from({ length: 8 }, (_, i) => photo(i + 1)));
  let bytes = 0;
  const rows: { key: string; size: number }[] = [];
  for (let i = 0; i < count; i++) {
    const key = `${mediaPrefix(tenantId)}${randomUUID()}.jpg`;
    const body = photos[i % photos.length];
    await storage.put(key, body, 'image/jpeg');
    rows.push({ key, size: body.length });
    bytes += body.length;
  }
  await withScope(db, { tenantId, userId: null }, async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows.slice(i, i + 500).map((r, j) => sql`(${tenantId}::uuid, ${`photo-${i + j}.jpg`}, ${r.key}, ${`/files/${r.key}`}, 'image/jpeg', ${r.size})`);
      await tx.execute(sql`insert into media_files (tenant_id, filename, storage_path, url, mime_type, file_size) values ${sql.join(values, sql`, `)}`);
    }
  });
  return bytes;
}

async function counts(db: Db): Promise<Record<string, number>> {
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`select (select count(*)::int from products) as products, (select count(*)::int from orders) as orders,
                                (select count(*)::int from order_items) as order_items, (select count(*)::int from media_files) as pictures`),
  );
  return row;
}

const quiet = { log: () => {}, error: (line: string) => console.error(line) };
const seconds = (since: number) => (performance.now() - since) / 1000;

let pictureBytes: number;
const { env, kind } = await prepareDatabase('bench_backup', 0, async (db, seed) => {
  const started = performance.now();
  await generateProducts(db, seed.tenantIds.demo, PRODUCTS);
  await fillOrders(db, seed.tenantIds.demo, ORDERS);
  console.log(`filled products and orders in ${seconds(started).toFixed(1)} s`);
});
// The files go where the server keeps them: DATA_DIR/files of the data folder prepareDatabase made.
const sourceDir = env.DATA_DIR;
const database = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATABASE_URL ? null : path.join(sourceDir, 'pglite') });
let before: Record<string, number>;
try {
  const started = performance.now();
  const [{ demo }] = rowsOf<{ demo: string }>(await database.db.execute(sql`select id::text as demo from tenants where slug = 'demo'`));
  pictureBytes = await fillPictures(database.db, new LocalFileStorage(path.join(sourceDir, 'files')), demo, PICTURES);
  console.log(`stored ${PICTURES} pictures (${(pictureBytes / 1e6).toFixed(0)} MB) in ${seconds(started).toFixed(1)} s`);
  before = await counts(database.db);
} finally {
  await database.close();
}

const archiveDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-archive-'));
const archive = path.join(archiveDir, 'backup.tar');
const targetDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-restore-'));
const targetUrl = env.DATABASE_URL ? await freshDatabaseUrl(process.env.DATABASE_URL!, 'bench_backup_restore') : '';
try {
  let started = performance.now();
  if ((await backupCommand(['--out', archive], { ...process.env, ...env }, quiet)) !== 0) throw new Error('the backup failed');
  const backupSeconds = seconds(started);
  const archiveMb = statSync(archive).size / 1e6;
  console.log(`backup: ${backupSeconds.toFixed(1)} s, ${archiveMb.toFixed(0)} MB`);

  started = performance.now();
  if ((await restoreCommand([archive], { ...process.env, DATA_DIR: targetDir, DATABASE_URL: targetUrl }, quiet)) !== 0) throw new Error('the restore failed');
  const restoreSeconds = seconds(started);
  console.log(`restore: ${restoreSeconds.toFixed(1)} s`);

  const restored = await openDatabase({ databaseUrl: targetUrl || undefined, dataDir: targetUrl ? null : path.join(targetDir, 'pglite') });
  let after: Record<string, number>;
  try {
    after = await counts(restored.db);
  } finally {
    await restored.close();
  }
  if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error(`restored counts differ: ${JSON.stringify(after)} vs ${JSON.stringify(before)}`);
  console.log('restored counts match:', after);

  const heading = `## Backup and restore, ${kind}`;
  writeResults(
    heading,
    `${heading} (${new Date().toISOString().slice(0, 10)}, ${machine()})

\`npm run bench:backup\`: ${before.products.toLocaleString('en-GB')} products, ${before.orders.toLocaleString('en-GB')} orders (${before.order_items.toLocaleString('en-GB')} lines), ${before.pictures.toLocaleString('en-GB')} pictures (${(pictureBytes / 1e6).toFixed(0)} MB of JPEG) and the demo data; \`npm run backup\` then \`npm run restore\` into an empty ${kind === 'PostgreSQL' ? 'database' : 'data folder'} and local file folder (decision 056).

| step | seconds | archive |
|---|---|---|
| backup | ${backupSeconds.toFixed(1)} | ${archiveMb.toFixed(0)} MB |
| restore (checksums verified first) | ${restoreSeconds.toFixed(1)} | |
`,
  );
} finally {
  rmSync(archiveDir, { recursive: true, force: true });
  rmSync(targetDir, { recursive: true, force: true });
  rmSync(sourceDir, { recursive: true, force: true });
  await dropBenchDatabase(env);
  if (targetUrl) await dropBenchDatabase({ DATABASE_URL: targetUrl });
}
