import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { buyAndPay } from '../../test/shopper';
import { makePng } from '../../test/images';
import { uploadedBatch } from '../../test/import-batches';
import { fileChecksums, tableChecksums } from '../../test/table-checksums';
import { freshDatabaseUrl } from '../../test/databases';
import { openDatabase, type Database } from '../../db/connection';
import { rowsOf } from '../../db/rows';
import { LocalFileStorage } from '../../adapters/storage/local-storage';
import { S3FileStorage } from '../../adapters/storage/s3-storage';
import { startFakeS3, type FakeS3 } from '../../adapters/storage/fake-s3';
import { loadSecrets } from '../../secrets';
import { createBackup } from './backup';
import { restoreBackup, RestoreRefused } from './restore';
import { backupCommand, EXIT, restoreCommand } from './commands';

// Issue 30 item 5, decision 056: a store with orders, pictures and an import is backed up, restored into
// an empty target, and every row of every table and every stored file comes back the same (checksums).
// Each database kind runs where the suite runs on it: PGlite's part when DATABASE_URL is unset,
// PostgreSQL's (pg_dump and pg_restore, S3 storage) when it is set. Opening and loading embedded data
// folders takes seconds each: this file opens the fewest that prove the round trips.

let t: TestApp;
/** Folders this file made (embedded data folders are tens of MB each), removed at the end. */
const made: string[] = [];
function tmp(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `shop-backup-test-${name}-`));
  made.push(dir);
  return dir;
}
const S3 = { bucket: 'shop-restore', region: 'eu-west-2', accessKeyId: 'AKIARESTORE', secretAccessKey: 'restore-secret-key' };

/** What the commands print, for assertions. */
function capture() {
  const lines: string[] = [];
  return { lines, text: () => lines.join('\n'), console: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) } };
}

/** Every file and folder under `dir` with its size and time: nothing written shows as a change. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).map((e) => {
    const full = path.join(e.parentPath, e.name);
    const s = statSync(full);
    return `${path.relative(dir, full)} ${e.isFile() ? s.size : 'dir'} ${s.mtimeMs}`;
  }).sort();
}

/** A source data folder with the server's generated keys in it, as a running server has. */
function sourceDataDir(): string {
  const dir = tmp('source');
  loadSecrets(dir, {});
  return dir;
}

beforeAll(async () => {
  t = await resetTestApp();
  const admin = await signIn(t.app, 'admin@demo.test');
  const acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
  // Pictures uploaded to both stores (each gets its library row and, from the job, its resized copies).
  for (const [host, cookie, colour] of [[DEMO_HOST, admin, 40], [ACME_HOST, acmeAdmin, 200]] as const) {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/media?filename=photo.png', headers: { host, cookie, 'content-type': 'image/png' }, payload: makePng(24, 16, [colour, 90, 30]) });
    expect(res.statusCode, res.body).toBe(201);
  }
  // Paid orders in both stores, and a product import uploaded in one.
  await buyAndPay(t, { email: 'ada@example.com', buyer: { first: 'Ada', last: 'Lovelace' } });
  await buyAndPay(t, { email: 'grace@example.com', buyer: { first: 'Grace', last: 'Hopper' }, host: ACME_HOST });
  await uploadedBatch(t.app, 'name,price,sku\nBackup Mug,9.99,BK-1\n', admin);
  await t.app.jobs.drain();
  await t.app.pushDeliveries.idle();
});

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

async function storeContents(db: Database['db']) {
  const count = async (table: string) => rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0].n;
  return { orders: await count('orders'), media: await count('media_files'), imports: await count('import_batches'), copies: await count("picture_variants where state = 'done'") };
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('on the embedded database (PGlite; the PostgreSQL run covers pg_dump)', () => {
  let before: Record<string, string>;
  let files: Record<string, string>;
  let archive: string;
  let restoredDir: string;
  let sourceDir: string;

  beforeAll(async () => {
    before = await tableChecksums(t.database.db);
    files = await fileChecksums(t.app.deps.storage);
    sourceDir = sourceDataDir();
    archive = path.join(tmp('archive'), 'store.tar');
  });

  it('backs up a store with orders, pictures and imports, and restores every row and file byte for byte into an empty data folder', async () => {
    expect(await storeContents(t.database.db)).toEqual({ orders: 2, media: 2, imports: 1, copies: 2 });
    expect(Object.keys(files).some((k) => k.includes('/imports/'))).toBe(true);
    const summary = await createBackup({ database: t.database, storage: t.app.deps.storage, storageKind: 'local', dataDir: sourceDir }, archive);
    expect(summary).toMatchObject({ out: archive, files: Object.keys(files).length, vanishedFiles: 0 });
    expect(statSync(archive).mode & 0o077).toBe(0);

    restoredDir = tmp('restored');
    const restored = await restoreBackup(archive, { kind: 'pglite', pgliteDir: path.join(restoredDir, 'pglite'), storage: new LocalFileStorage(path.join(restoredDir, 'files')), dataDir: restoredDir });
    expect(restored.files).toBe(Object.keys(files).length);
    expect(await fileChecksums(new LocalFileStorage(path.join(restoredDir, 'files')))).toEqual(files);
    expect(readFileSync(path.join(restoredDir, 'secrets.json'), 'utf8')).toBe(readFileSync(path.join(sourceDir, 'secrets.json'), 'utf8'));
    const database = await openDatabase({ dataDir: path.join(restoredDir, 'pglite') });
    try {
      expect(await tableChecksums(database.db)).toEqual(before);
      // While a process has it open, the backup command refuses to read it (a single-process database).
      const out = capture();
      expect(await backupCommand(['--out', path.join(tmp('refused'), 'x.tar')], { DATA_DIR: restoredDir }, out.console)).toBe(EXIT.refused);
      expect(out.text()).toMatch(/is open .*stop the server/);
    } finally {
      await database.close();
    }
  });

  it('refuses to restore into a data folder that holds anything, and writes nothing', async () => {
    const was = tree(restoredDir);
    const out = capture();
    expect(await restoreCommand([archive], { DATA_DIR: restoredDir }, out.console)).toBe(EXIT.refused);
    expect(out.text()).toMatch(/Refused: a restore only fills an empty database and file storage, and nothing was written/);
    expect(out.text()).toMatch(/pglite holds an embedded database/);
    expect(out.text()).toMatch(/the file storage holds files/);
    expect(tree(restoredDir)).toEqual(was);
    // Only the files left: still refused, still nothing written.
    const filesOnly = tmp('files-only');
    await new LocalFileStorage(path.join(filesOnly, 'files')).put(`tenants/${t.seed.tenantIds.demo}/media/left.png`, makePng(), 'image/png');
    await expect(restoreBackup(archive, { kind: 'pglite', pgliteDir: path.join(filesOnly, 'pglite'), storage: new LocalFileStorage(path.join(filesOnly, 'files')), dataDir: filesOnly })).rejects.toBeInstanceOf(RestoreRefused);
    expect(readdirSync(filesOnly)).toEqual(['files']);
  });

  it('the commands back up a stopped server\'s data folder and restore it into a wiped one', async () => {
    const second = path.join(tmp('archive'), 'again.tar');
    const out = capture();
    expect(await backupCommand(['--out', second], { DATA_DIR: restoredDir }, out.console), out.text()).toBe(EXIT.done);
    expect(out.text()).toMatch(/Backup written to .*again\.tar/);
    const wiped = tmp('wiped');
    expect(await restoreCommand([second], { DATA_DIR: wiped }, out.console), out.text()).toBe(EXIT.done);
    const database = await openDatabase({ dataDir: path.join(wiped, 'pglite') });
    try {
      expect(await tableChecksums(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
    expect(await fileChecksums(new LocalFileStorage(path.join(wiped, 'files')))).toEqual(files);
  });

  it('refuses a damaged archive before writing anything', async () => {
    const damaged = path.join(tmp('damaged'), 'damaged.tar');
    const bytes = readFileSync(archive);
    // One byte of the database dump changed: its checksum no longer matches the manifest's.
    bytes[2048] ^= 0xff;
    writeFileSync(damaged, bytes);
    const target = tmp('target');
    const out = capture();
    expect(await restoreCommand([damaged], { DATA_DIR: target }, out.console)).toBe(EXIT.failed);
    expect(out.text()).toMatch(/cannot be restored: .* does not match its checksum in the manifest/);
    expect(readdirSync(target)).toEqual([]);
    const cut = path.join(tmp('cut'), 'cut.tar');
    writeFileSync(cut, readFileSync(archive).subarray(0, 5000));
    expect(await restoreCommand([cut], { DATA_DIR: target }, out.console)).toBe(EXIT.failed);
    expect(out.text()).toMatch(/cut short/);
    expect(readdirSync(target)).toEqual([]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL (needs DATABASE_URL): pg_dump while the server runs, pg_restore, S3 storage', () => {
  let restoreUrl: string;
  let secondUrl: string;
  let fake: FakeS3;
  let second: FakeS3;
  const s3Env = (f: FakeS3) => ({ S3_BUCKET: S3.bucket, S3_REGION: S3.region, S3_ACCESS_KEY_ID: S3.accessKeyId, S3_SECRET_ACCESS_KEY: S3.secretAccessKey, S3_ENDPOINT: f.url });

  beforeAll(async () => {
    restoreUrl = await freshDatabaseUrl(process.env.DATABASE_URL!, 'restore');
    secondUrl = await freshDatabaseUrl(process.env.DATABASE_URL!, 'restore2');
    fake = await startFakeS3(S3);
    second = await startFakeS3({ ...S3, listPageSize: 3 });
  });

  afterAll(async () => {
    await fake?.close();
    await second?.close();
    for (const url of [restoreUrl, secondUrl]) if (url) await dropDatabase(url);
  });

  it('backs up the running store, restores it into an empty database and bucket, and every row and file is the same', async () => {
    const before = await tableChecksums(t.database.db);
    const files = await fileChecksums(t.app.deps.storage);
    const archive = path.join(tmp('archive'), 'store.tar');
    // The server keeps running: pg_dump reads one snapshot.
    await createBackup({ database: t.database, databaseUrl: t.databaseUrl, storage: t.app.deps.storage, storageKind: 'local', dataDir: sourceDataDir() }, archive);
    const targetDir = tmp('target');
    const bucket = new S3FileStorage({ endpoint: fake.url, ...S3 });
    await restoreBackup(archive, { kind: 'postgres', databaseUrl: restoreUrl, storage: bucket, dataDir: targetDir });
    expect(await fileChecksums(bucket)).toEqual(files);
    const restored = await openDatabase({ databaseUrl: restoreUrl, dataDir: null });
    try {
      expect(await tableChecksums(restored.db)).toEqual(before);
      expect(await storeContents(restored.db)).toEqual({ orders: 2, media: 2, imports: 1, copies: 2 });
      // The app role logs in and reads a store's rows under row-level security, as requests will.
      const app = await restored.connectApp();
      const demo = t.seed.tenantIds.demo;
      const seen = await app.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', 'shop_app', true), set_config('app.tenant_id', ${demo}, true)`);
        return rowsOf<{ n: number; other: number }>(await tx.execute(sql`select count(*)::int as n, count(*) filter (where tenant_id <> ${demo})::int as other from orders`))[0];
      });
      expect(seen).toEqual({ n: 1, other: 0 });
    } finally {
      await restored.close();
    }

    // Not again into what is now full: refused, by the command, with nothing written.
    const out = capture();
    expect(await restoreCommand([archive], { DATABASE_URL: restoreUrl, DATA_DIR: targetDir, ...s3Env(fake) }, out.console)).toBe(EXIT.refused);
    expect(out.text()).toMatch(/the PostgreSQL database holds .*public\./);
    expect(out.text()).toMatch(/the file storage holds files/);
    // An empty database but a bucket with files in it: refused too, and the database stays empty.
    expect(await restoreCommand([archive], { DATABASE_URL: secondUrl, DATA_DIR: tmp('target2'), ...s3Env(fake) }, out.console)).toBe(EXIT.refused);
    const empty = await openDatabase({ databaseUrl: secondUrl, dataDir: null });
    try {
      expect(rowsOf<{ n: number }>(await empty.db.execute(sql`select count(*)::int as n from pg_tables where schemaname = 'public'`))[0].n).toBe(0);
    } finally {
      await empty.close();
    }

    // The commands: a backup of the restored database and its bucket (listed page by page), restored into
    // the second database and another empty bucket, is the same again.
    const again = path.join(tmp('archive'), 'again.tar');
    const cmd = capture();
    expect(await backupCommand(['--out', again], { DATABASE_URL: restoreUrl, DATA_DIR: targetDir, ...s3Env(fake) }, cmd.console), cmd.text()).toBe(EXIT.done);
    expect(await restoreCommand([again], { DATABASE_URL: secondUrl, DATA_DIR: tmp('target3'), ...s3Env(second) }, cmd.console), cmd.text()).toBe(EXIT.done);
    const twice = await openDatabase({ databaseUrl: secondUrl, dataDir: null });
    try {
      expect(await tableChecksums(twice.db)).toEqual(before);
    } finally {
      await twice.close();
    }
    expect(await fileChecksums(new S3FileStorage({ endpoint: second.url, ...S3 }))).toEqual(files);
  });
});

describe('the commands', () => {
  it('answer wrong arguments with their usage and exit status 2, before touching anything', async () => {
    const out = capture();
    expect(await backupCommand([], {}, out.console)).toBe(EXIT.usage);
    expect(out.text()).toMatch(/--out FILE is required[\s\S]*Usage: npm run backup -- --out FILE/);
    const existing = path.join(tmp('exists'), 'there.tar');
    writeFileSync(existing, 'x');
    expect(await backupCommand(['--out', existing], {}, out.console)).toBe(EXIT.usage);
    expect(out.text()).toMatch(/already exists: a backup is never overwritten/);
    expect(await backupCommand(['--out', '/no/such/folder/x.tar'], {}, out.console)).toBe(EXIT.usage);
    expect(await backupCommand(['--out', 'a.tar', '--out', 'b.tar'], {}, out.console)).toBe(EXIT.usage);
    expect(await backupCommand(['--gzip'], {}, out.console)).toBe(EXIT.usage);
    expect(await backupCommand(['--out', 'x'.repeat(5000)], {}, out.console)).toBe(EXIT.usage);
    expect(await restoreCommand([], {}, out.console)).toBe(EXIT.usage);
    expect(await restoreCommand(['a.tar', 'b.tar'], {}, out.console)).toBe(EXIT.usage);
    expect(await restoreCommand(['/no/such/backup.tar'], {}, out.console)).toBe(EXIT.usage);
    const help = capture();
    expect(await restoreCommand(['--help'], {}, help.console)).toBe(EXIT.done);
    expect(help.text()).toMatch(/^Usage: npm run restore -- FILE/);
  });

  it('refuse a file that is no backup, and an empty embedded data folder to back up', async () => {
    const notTar = path.join(tmp('junk'), 'junk.tar');
    writeFileSync(notTar, Buffer.alloc(2048, 0x41));
    const out = capture();
    expect(await restoreCommand([notTar], { DATA_DIR: tmp('junk-target') }, out.console)).toBe(EXIT.failed);
    expect(out.text()).toMatch(/is not a tar archive/);
    expect(await backupCommand(['--out', path.join(tmp('none'), 'x.tar')], { DATA_DIR: tmp('empty') }, out.console)).toBe(EXIT.failed);
    expect(out.text()).toMatch(/There is no embedded database/);
  });
});

async function dropDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const database = await openDatabase({ databaseUrl: admin.toString(), dataDir: null });
  try {
    await database.db.execute(sql.raw(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`));
  } finally {
    await database.close();
  }
}
