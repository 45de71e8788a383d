import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, runMigrations, type Database } from '../db/connection';
import { seedDemo, type SeededDemo } from '../seed/demo';
import { TenantResolver } from '../modules/tenants/resolver';
import { freshDatabaseUrl } from './databases';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { LocalFileStorage } from '../adapters/storage/local-storage';
import { FakePayments } from './fake-payments';
import { OutboxEmailSender } from '../adapters/email/outbox';
import { BuiltinWriter } from '../adapters/ai/builtin-writer';
import { CatalogueCache } from '../modules/catalogue/storefront/catalogue-cache';
import { DomainEvents } from '../db/domain-events';
import { UnitOfWork } from '../db/unit-of-work';
import { FakeTxtResolver } from '../adapters/dns/fake-dns';
import { ensureDefaultEmailTemplates } from '../modules/emails';
import { MemoryPushSender } from '../adapters/push/memory-sender';
import { preparePush } from '../modules/notifications/boot';

export const TEST_PASSWORD = 'test-password-1';
export const TEST_INDEX_HTML = '<!doctype html><html lang="en-GB"><head><title>Shopfront</title></head><body><div id="root"></div></body></html>';
export const DEMO_HOST = 'demo.localhost:3000';
export const ACME_HOST = 'acme.localhost:3000';
export const PLATFORM_HOST = 'localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  /** The owner connection: tests set up and inspect data with it, as boot does. */
  database: Database;
  /** The app's unit of work (the app role's connection), as requests use it. */
  scopes: UnitOfWork;
  config: Config;
  /** The owner's PostgreSQL address (undefined on PGlite): for tests that open a second instance. Never in config. */
  databaseUrl: string | undefined;
  seed: SeededDemo;
  payments: FakePayments;
  /** What the DNS "publishes" for sending-domain checks; emptied by resetTestApp(). */
  dns: FakeTxtResolver;
}

// One database and one app per test run (files share the worker: vitest isolate=false). Each file
// calls resetTestApp() first, which empties every table and seeds the demo tenants again.
/** Every route the shared test app registered, for tests that walk them all. */
export const registeredRoutes: RouteOptions[] = [];

let shared: Promise<{ app: FastifyInstance; database: Database; scopes: UnitOfWork; config: Config; databaseUrl: string | undefined; tenants: TenantResolver; storage: LocalFileStorage; payments: FakePayments; dns: FakeTxtResolver }> | null = null;

async function create() {
  // The database is in memory (or on PostgreSQL); DATA_DIR is only a path the config requires.
  const dataDir = path.join(os.tmpdir(), 'shop-test-data');
  const databaseUrl = process.env.DATABASE_URL ? await freshDatabaseUrl(process.env.DATABASE_URL, 'test') : undefined;
  // Imports may fetch pictures from the tests' own local servers. Bursts in the suite (100 checkouts
  // at once) test correctness, not shedding, and queue on PGlite's one connection: they may wait a
  // minute, not the production 3 s. db/overload.test.ts builds its own small queue to test shedding.
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    PLATFORM_OWNER_EMAILS: 'owner@platform.test',
    IMPORT_FETCH_ALLOW_PRIVATE: 'true',
    DATABASE_QUEUE_WAIT_MS: '60000',
  });
  const database = await openDatabase({ databaseUrl, dataDir: null, pool: config.databasePool });
  await runMigrations(database);
  const scopes = new UnitOfWork(await database.connectApp(), new DomainEvents());
  const tenants = new TenantResolver(scopes, config.platformHost);
  const storage = new LocalFileStorage(mkdtempSync(path.join(os.tmpdir(), 'shop-test-files-')));
  // A stand-in for the built web app, so page routes (and their SEO head) answer as in production.
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'shop-test-web-'));
  writeFileSync(path.join(webDir, 'index.html'), TEST_INDEX_HTML);
  const payments = new FakePayments();
  const dns = new FakeTxtResolver();
  const vapid = await preparePush(database.db, null);
  const app = await buildApp({ scopes, config, secrets: { cookieSecret: 'test-cookie-secret', webhookSecret: 'test-webhook-secret' }, tenants, storage, payments, email: new OutboxEmailSender(), ai: new BuiltinWriter(), dns, push: new MemoryPushSender(vapid.publicKey), catalogueCache: new CatalogueCache({ seconds: config.catalogueCacheSeconds }) }, { webDir, onRoute: (route) => registeredRoutes.push(route), failOnResponseDrift: true });
  await app.ready();
  return { app, database, scopes, config, databaseUrl, tenants, storage, payments, dns };
}

export async function resetTestApp(): Promise<TestApp> {
  shared ??= create();
  const { app, database, scopes, config, databaseUrl, tenants, storage, payments, dns } = await shared;
  // Pushes still on their way from the previous file read tables about to be emptied.
  await app.pushDeliveries.idle();
  const rows = await database.db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`);
  const names = (rows as unknown as { rows: { tablename: string }[] }).rows.map((r) => `"${r.tablename}"`);
  if (names.length) await database.db.execute(sql.raw(`truncate ${names.join(', ')} cascade`));
  // The default email templates are platform rows written at boot: write them again, as boot does.
  await ensureDefaultEmailTemplates(database.db);
  dns.clear();
  tenants.invalidate();
  // A file may have swapped the AI writer (OpenAI against the fake server); start from the built-in one.
  app.deps.ai = new BuiltinWriter();
  // A file may have swapped the push sender (web-push against a local push service): a fresh memory one.
  app.deps.push = new MemoryPushSender(app.deps.push.publicKey);
  // Default push templates live in the tables just truncated; boot writes them (and a key row) again.
  await preparePush(database.db, null);
  // Cached catalogue answers belong to the data just truncated.
  app.deps.catalogueCache.clear();
  const seed = await seedDemo(database.db, TEST_PASSWORD, storage);
  // Again once seeded: a request still in flight from the previous file (a webhook, a late after-commit)
  // may have resolved a host or cached an answer while the tables were empty.
  tenants.invalidate();
  app.deps.catalogueCache.clear();
  return { app, database, scopes, config, databaseUrl, seed, payments, dns };
}

export interface CallOptions {
  host?: string;
  cookie?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  /** The client's address, for per-address limits. */
  remoteAddress?: string;
}

/** One request through Fastify's HTTP layer, as a browser on `host` would send it. */
export function call(app: FastifyInstance, method: string, url: string, opts: CallOptions = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: opts.host ?? DEMO_HOST, ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  let payload: string | undefined;
  if (opts.body !== undefined) {
    payload = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  return app.inject({ method: method as 'GET', url, headers, payload, remoteAddress: opts.remoteAddress });
}

/** The `sid=...` pair from a response's Set-Cookie, ready to send back. */
export function sessionCookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const sid = list.find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return sid.split(';')[0];
}

export async function signIn(app: FastifyInstance, email: string, host = DEMO_HOST): Promise<string> {
  const res = await call(app, 'POST', '/api/auth/sign-in', { host, body: { email, password: TEST_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`sign-in ${email} failed: ${res.statusCode} ${res.body}`);
  return sessionCookieFrom(res);
}
