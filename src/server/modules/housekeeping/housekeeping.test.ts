import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { makePng } from '../../test/images';
import { IMPORT_BATCHES } from '../../test/import-batches';
import { openDatabase, type Database } from '../../db/connection';
import { DomainEvents } from '../../db/domain-events';
import { UnitOfWork } from '../../db/unit-of-work';
import { rowsOf } from '../../db/rows';
import { LocalFileStorage } from '../../adapters/storage/local-storage';
import type { FileStorage } from '../../adapters/storage/storage';
import { JobRunner } from '../jobs';
import { variantName } from '../../../shared/pictures';
import { HOUSEKEEPING_TASK, registerHousekeeping, runHousekeeping, type HousekeepingCounts, type HousekeepingDeps } from './index';

// Issue 30 item 7, decision 056: the daily housekeeping through the real database (row-level security,
// the definer functions of migration 0047) and a real file storage. Each kind of clean-up: an old row
// goes, a fresh one stays, and both stores' rows are handled, each in its own scope. Rows are aged by
// writing their times as the owner; files by their modification time.

let t: TestApp;
let demo: string;
let acme: string;
let storage: LocalFileStorage;
let root: string;
let original: FileStorage;
let admin: string;
let acmeAdmin: string;
const logged: { msg: string; obj: Record<string, unknown> }[] = [];
const log = { info: (obj: object, msg: string) => logged.push({ msg, obj: obj as Record<string, unknown> }), warn: (obj: object, msg: string) => logged.push({ msg, obj: obj as Record<string, unknown> }) };

const DAY = 24 * 60 * 60 * 1000;
const owner = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => rowsOf<T>(r));
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const deps = (over: Partial<HousekeepingDeps> = {}): HousekeepingDeps => ({ scopes: t.scopes, storage, emailRetentionDays: 90, log, batch: 2, ...over });
const hash = () => createHash('sha256').update(randomUUID()).digest('hex');

/** Runs today's housekeeping (the day's row is cleared first, as if it were a new day) and answers its counts. */
async function run(over: Partial<HousekeepingDeps> = {}): Promise<HousekeepingCounts> {
  await owner(sql`delete from housekeeping_runs`);
  const outcome = await runHousekeeping(deps(over));
  if (!outcome.ran) throw new Error('the run did not happen');
  return outcome.counts;
}

/** A stored file with its modification time `age` ago. */
async function stored(key: string, age: number, body: Buffer = makePng()): Promise<string> {
  await storage.put(key, body, 'image/png');
  const when = new Date(Date.now() - age);
  utimesSync(path.join(root, ...key.split('/')), when, when);
  return key;
}

const exists = (key: string) => storage.exists(key);
const idsOf = async (table: string, ids: string[]) => (await owner<{ id: string }>(sql`select id::text from ${sql.identifier(table)} where id::text in ${ids}`)).map((r) => r.id).sort();

beforeAll(async () => {
  t = await resetTestApp();
  demo = t.seed.tenantIds.demo;
  acme = t.seed.tenantIds.acme;
  original = t.app.deps.storage;
  root = mkdtempSync(path.join(os.tmpdir(), 'housekeeping-files-'));
  storage = new LocalFileStorage(root);
  t.app.deps.storage = storage;
  admin = await signIn(t.app, 'admin@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});

afterAll(() => {
  t.app.deps.storage = original;
  rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  logged.length = 0;
});

describe('platform rows', () => {
  it('removes sessions past their end or idle too long, and keeps live ones', async () => {
    const user = t.seed.userIds['admin@demo.test'];
    const insert = async (expires: string, lastSeen: string, tenant: string | null) =>
      (await owner<{ id: string }>(sql`insert into sessions (token_hash, user_id, active_tenant_id, expires_at, last_seen_at) values (${hash()}, ${user}, ${tenant}, ${expires}, ${lastSeen}) returning id::text`))[0].id;
    const ended = await insert(ago(DAY), ago(DAY), demo);
    const idle = await insert(ago(-20 * DAY), ago(4 * DAY), acme);
    const live = await insert(ago(-20 * DAY), ago(DAY), acme);
    const fresh = await insert(ago(-30 * DAY), ago(0), null);
    const counts = await run();
    expect(counts.sessions).toBe(2);
    expect(await idsOf('sessions', [ended, idle, live, fresh])).toEqual([live, fresh].sort());
    // The signed-in admins' sessions are live: they still work.
    expect((await call(t.app, 'GET', '/api/admin/media', { cookie: admin })).statusCode).toBe(200);
  });

  it('removes reset links a week past their end, and keeps newer ones', async () => {
    const user = t.seed.userIds['shopper@demo.test'];
    const insert = async (expires: string) => (await owner<{ id: string }>(sql`insert into password_resets (user_id, token_hash, host, expires_at) values (${user}, ${hash()}, 'demo.localhost', ${expires}) returning id::text`))[0].id;
    const old = [await insert(ago(8 * DAY)), await insert(ago(9 * DAY)), await insert(ago(30 * DAY))];
    const recent = await insert(ago(DAY));
    const live = await insert(ago(-DAY / 48));
    const counts = await run();
    expect(counts.reset_links).toBe(3);
    expect(await idsOf('password_resets', [...old, recent, live])).toEqual([recent, live].sort());
  });

  it('removes counted sign-in failures and rate-limit actions older than every window, in both stores and the platform', async () => {
    const failure = async (when: string) => (await owner<{ id: string }>(sql`insert into sign_in_failures (ip, email, created_at) values ('198.18.0.1', 'x@example.com', ${when}) returning id::text`))[0].id;
    const platformEvent = async (when: string) => (await owner<{ id: string }>(sql`insert into platform_rate_limit_events (bucket, key, created_at) values ('sign_up', '198.18.0.1', ${when}) returning id::text`))[0].id;
    const storeEvent = async (tenant: string, when: string) => (await owner<{ id: string }>(sql`insert into rate_limit_events (tenant_id, bucket, key, created_at) values (${tenant}, 'review', '198.18.0.1', ${when}) returning id::text`))[0].id;
    const oldFailure = await failure(ago(3 * DAY));
    const newFailure = await failure(ago(DAY));
    const oldPlatform = await platformEvent(ago(3 * DAY));
    const newPlatform = await platformEvent(ago(DAY));
    const oldStore = [await storeEvent(demo, ago(3 * DAY)), await storeEvent(demo, ago(4 * DAY)), await storeEvent(demo, ago(5 * DAY)), await storeEvent(acme, ago(3 * DAY))];
    const newStore = [await storeEvent(demo, ago(DAY)), await storeEvent(acme, ago(0))];
    const counts = await run();
    expect(counts).toMatchObject({ sign_in_failures: 1, platform_rate_limit_events: 1, rate_limit_events: 4 });
    expect(await idsOf('sign_in_failures', [oldFailure, newFailure])).toEqual([newFailure]);
    expect(await idsOf('platform_rate_limit_events', [oldPlatform, newPlatform])).toEqual([newPlatform]);
    expect(await idsOf('rate_limit_events', [...oldStore, ...newStore])).toEqual([...newStore].sort());
  });
});

describe('store rows', () => {
  const email = async (tenant: string | null, status: string, provider: string, when: string) =>
    (await owner<{ id: string }>(sql`
      insert into email_messages (tenant_id, to_address, subject, html, text, kind, status, provider, created_at)
      values (${tenant}, 'a@example.com', 'Hello', '<p>Hi</p>', 'Hi', 'order_confirmation', ${status}, ${provider}, ${when}) returning id::text`))[0].id;

  it('removes delivered emails older than EMAIL_RETENTION_DAYS, in each store and the platform, and keeps failed and waiting ones', async () => {
    const old = ago(100 * DAY);
    const gone = [await email(demo, 'sent', 'smtp', old), await email(demo, 'stored', 'outbox', old), await email(acme, 'sent', 'smtp', old), await email(null, 'sent', 'smtp', old)];
    const kept = [await email(demo, 'failed', 'smtp', old), await email(demo, 'stored', 'smtp', old), await email(demo, 'sent', 'smtp', ago(10 * DAY)), await email(null, 'stored', 'outbox', ago(10 * DAY))];
    expect((await run()).emails).toBe(4);
    expect(await idsOf('email_messages', [...gone, ...kept])).toEqual([...kept].sort());
    // A shorter setting reaches the newer ones too.
    expect((await run({ emailRetentionDays: 5 })).emails).toBe(2);
    expect(await idsOf('email_messages', kept)).toEqual([kept[0], kept[1]].sort());
  });

  it('removes invitations 30 days past their end that were never accepted, in both stores', async () => {
    const invite = async (tenant: string, status: string, expires: string) =>
      (await owner<{ id: string }>(sql`
        insert into tenant_invitations (tenant_id, email, role, status, token_hash, expires_at)
        values (${tenant}, ${`${randomUUID()}@example.com`}, 'staff', ${status}, ${status === 'awaiting_approval' ? null : hash()}, ${expires}) returning id::text`))[0].id;
    const gone = [await invite(demo, 'pending', ago(31 * DAY)), await invite(demo, 'declined', ago(60 * DAY)), await invite(acme, 'revoked', ago(40 * DAY)), await invite(acme, 'awaiting_approval', ago(31 * DAY))];
    const kept = [await invite(demo, 'accepted', ago(90 * DAY)), await invite(demo, 'pending', ago(10 * DAY)), await invite(acme, 'pending', ago(-7 * DAY))];
    expect((await run()).invitations).toBe(4);
    expect(await idsOf('tenant_invitations', [...gone, ...kept])).toEqual([...kept].sort());
  });

  it('removes upload batches stuck uploading for a day and import files no batch names, and keeps the rest', async () => {
    const newBatch = async (cookie: string, host: string) => {
      const res = await call(t.app, 'POST', IMPORT_BATCHES, { cookie, host, body: { filename: 'products.csv' } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { batch: { id: string }; uploadPath: string };
    };
    const stuck = await newBatch(admin, DEMO_HOST);
    const stuckAcme = await newBatch(acmeAdmin, ACME_HOST);
    const recent = await newBatch(admin, DEMO_HOST);
    const done = await newBatch(admin, DEMO_HOST);
    const put = await t.app.inject({ method: 'PUT', url: done.uploadPath, headers: { host: DEMO_HOST, cookie: admin, 'content-type': 'text/csv' }, payload: 'name,price\nMug,9.99\n' });
    expect(put.statusCode, put.body).toBe(200);
    await owner(sql`update import_batches set created_at = ${ago(2 * DAY)} where id in (${stuck.batch.id}::uuid, ${stuckAcme.batch.id}::uuid, ${done.batch.id}::uuid)`);
    const [{ path: doneFile }] = await owner<{ path: string }>(sql`select storage_path as path from import_batches where id = ${done.batch.id}`);
    const when = new Date(Date.now() - 2 * DAY);
    utimesSync(path.join(root, ...doneFile.split('/')), when, when);
    // Left over: an upload that never reached its batch, and a write cut off half way; a write under way now.
    const leftOver = await stored(`tenants/${demo}/imports/${randomUUID()}.csv`, 2 * DAY, Buffer.from('a,b\n'));
    const cutOff = await stored(`tenants/${acme}/imports/${randomUUID()}.csv.${randomUUID()}.partial`, 3 * DAY, Buffer.from('a,'));
    const underWay = await stored(`tenants/${demo}/imports/${randomUUID()}.csv.${randomUUID()}.partial`, 60_000, Buffer.from('a,'));

    const counts = await run();
    expect(counts).toMatchObject({ stale_uploads: 2, import_files: 2 });
    expect(await idsOf('import_batches', [stuck.batch.id, stuckAcme.batch.id, recent.batch.id, done.batch.id])).toEqual([recent.batch.id, done.batch.id].sort());
    expect([await exists(leftOver), await exists(cutOff), await exists(underWay), await exists(doneFile)]).toEqual([false, false, true, true]);
  });
});

describe('orphaned picture files', () => {
  it('removes old files of a media folder nothing refers to, with their copies, and never one something shows or a fresh one', async () => {
    // A library upload (its row keeps it), aged, and its resized copies made by the job.
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/media?filename=a.png', headers: { host: DEMO_HOST, cookie: admin, 'content-type': 'image/png' }, payload: makePng(32, 20) });
    expect(res.statusCode, res.body).toBe(201);
    const library = (res.json().file as { key: string }).key;
    await t.app.jobs.drain();
    const libraryCopy = variantName(library, 32, 'webp');
    expect(await exists(libraryCopy)).toBe(true);
    for (const key of [library, libraryCopy]) utimesSync(path.join(root, ...key.split('/')), new Date(Date.now() - 30 * DAY), new Date(Date.now() - 30 * DAY));
    const media = (tenant: string) => `tenants/${tenant}/media/`;
    // Nothing refers to these: an original and its copies, an original alone, a copy whose original went.
    const orphan = await stored(`${media(demo)}${randomUUID()}.png`, 8 * DAY);
    const orphanCopies = [await stored(variantName(orphan, 320, 'avif'), 8 * DAY), await stored(variantName(orphan, 320, 'webp'), 8 * DAY)];
    const lonelyCopy = await stored(variantName(`${media(demo)}${randomUUID()}.jpg`, 640, 'webp'), 8 * DAY);
    const acmeOrphan = await stored(`${media(acme)}${randomUUID()}.png`, 10 * DAY);
    const legacyOrphan = await stored(`${demo}/media/${randomUUID()}.png`, 10 * DAY);
    // Shown by a product (no library row, from before the library), by a page, and a fresh upload.
    const shown = await stored(`${media(demo)}${randomUUID()}.png`, 60 * DAY);
    const [product] = await owner<{ id: string }>(sql`select id::text from products where tenant_id = ${demo} limit 1`);
    await owner(sql`insert into product_images (tenant_id, product_id, image_url, position) values (${demo}, ${product.id}, ${`/files/${shown}`}, 99)`);
    const onPage = await stored(`${media(acme)}${randomUUID()}.png`, 60 * DAY);
    await owner(sql`insert into content_pages (tenant_id, slug, template_key, content_draft) values (${acme}, 'pictured', 'about', ${JSON.stringify({ hero_image: `/files/${onPage}` })}::jsonb)`);
    const fresh = await stored(`${media(demo)}${randomUUID()}.png`, 6 * DAY);
    // Copies whose picture row remains (the original's file went): the picture's record keeps them.
    const recorded = `${media(acme)}${randomUUID()}.png`;
    await owner(sql`insert into picture_variants (tenant_id, storage_key, url, state, width, height, widths) values (${acme}, ${recorded}, ${`/files/${recorded}`}, 'done', 320, 200, '{320}')`);
    const recordedCopy = await stored(variantName(recorded, 320, 'avif'), 30 * DAY);
    // Seeded pictures live in other folders, which are never looked at.
    const otherFolder = await stored(`tenants/${demo}/products/${randomUUID()}.svg`, 60 * DAY, Buffer.from('<svg/>'));

    const counts = await run();
    expect(counts.orphaned_files).toBe(6);
    for (const key of [orphan, ...orphanCopies, lonelyCopy, acmeOrphan, legacyOrphan]) expect(await exists(key), key).toBe(false);
    for (const key of [library, libraryCopy, shown, onPage, fresh, recordedCopy, otherFolder]) expect(await exists(key), key).toBe(true);
  });
});

describe('the daily schedule', () => {
  let otherDatabase: Database;
  let otherScopes: UnitOfWork;

  beforeAll(async () => {
    // On PostgreSQL the second instance has a connection pool of its own, as a second process would.
    otherDatabase = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null, pool: t.config.databasePool }) : t.database;
    otherScopes = new UnitOfWork(await otherDatabase.connectApp(), new DomainEvents());
  });

  afterAll(async () => {
    if (otherDatabase && otherDatabase !== t.database) await otherDatabase.close();
  });

  it('two instances running the schedule at once make one run for the day, which both then find done', async () => {
    await owner(sql`delete from housekeeping_runs`);
    const silent = { error: () => {}, warn: () => {} };
    const a = new JobRunner(t.scopes, { workerId: 'instance-a', log: silent });
    const b = new JobRunner(otherScopes, { workerId: 'instance-b', log: silent });
    registerHousekeeping(a, deps({ workerId: 'instance-a' }));
    registerHousekeeping(b, deps({ scopes: otherScopes, workerId: 'instance-b' }));
    await Promise.all([a.runPeriodic(HOUSEKEEPING_TASK), b.runPeriodic(HOUSEKEEPING_TASK), a.runPeriodic(HOUSEKEEPING_TASK)]);
    const rows = await owner<{ day: string; status: string; attempts: number; locked_by: string | null; counts: Record<string, number> }>(sql`select day::text, status, attempts, locked_by, counts from housekeeping_runs`);
    expect(rows).toEqual([{ day: new Date().toISOString().slice(0, 10), status: 'succeeded', attempts: 1, locked_by: null, counts: expect.objectContaining({ sessions: expect.any(Number), orphaned_files: expect.any(Number) }) }]);
    expect(logged.filter((l) => l.msg.startsWith('housekeeping: removed'))).toHaveLength(1);
    // Asked again the same day, on either instance: nothing runs.
    expect(await runHousekeeping(deps())).toEqual({ ran: false });
    expect(await runHousekeeping(deps({ scopes: otherScopes }))).toEqual({ ran: false });
    // Straight calls at once: one of the two runs.
    await owner(sql`delete from housekeeping_runs`);
    const outcomes = await Promise.all([runHousekeeping(deps()), runHousekeeping(deps({ scopes: otherScopes }))]);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    await a.close();
    await b.close();
  });

  it('a second run the same day removes nothing: every clean-up is idempotent', async () => {
    await run();
    const again = await run();
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });

  it('a run whose instance died is taken over once its lease lapsed; one that keeps failing stops after three attempts', async () => {
    await owner(sql`delete from housekeeping_runs`);
    await owner(sql`insert into housekeeping_runs (day, status, attempts, locked_by, lease_until) values ((now() at time zone 'UTC')::date, 'running', 1, 'dead-instance', now() + interval '5 minutes')`);
    expect(await runHousekeeping(deps())).toEqual({ ran: false });
    await owner(sql`update housekeeping_runs set lease_until = now() - interval '1 second'`);
    const taken = await runHousekeeping(deps());
    expect(taken.ran).toBe(true);
    expect((await owner<{ attempts: number; status: string }>(sql`select attempts, status from housekeeping_runs`))[0]).toEqual({ attempts: 2, status: 'succeeded' });

    await owner(sql`delete from housekeeping_runs`);
    const broken: FileStorage = Object.assign(Object.create(storage) as FileStorage, {
      list: () => {
        throw new Error('the bucket is unreachable');
      },
    });
    for (let attempt = 1; attempt <= 3; attempt++) await expect(runHousekeeping(deps({ storage: broken }))).rejects.toThrow('the bucket is unreachable');
    const [row] = await owner<{ attempts: number; status: string; last_error: string; locked_by: string | null }>(sql`select attempts, status, last_error, locked_by from housekeeping_runs`);
    expect(row).toEqual({ attempts: 3, status: 'failed', last_error: 'the bucket is unreachable', locked_by: null });
    // Given up for the day: the next day's run tries again.
    expect(await runHousekeeping(deps())).toEqual({ ran: false });
  });

  it('an instance shutting down stops its run and lets the day go at once, without spending an attempt', async () => {
    await owner(sql`delete from housekeeping_runs`);
    const stopping = new AbortController();
    stopping.abort();
    expect(await runHousekeeping(deps(), stopping.signal)).toEqual({ ran: false });
    expect((await owner<{ attempts: number; status: string; locked_by: string | null }>(sql`select attempts, status, locked_by from housekeeping_runs`))[0]).toEqual({ attempts: 1, status: 'running', locked_by: null });
    expect((await runHousekeeping(deps())).ran).toBe(true);
  });
});
