import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { listenLocally, type LocalServer } from '../../../test/local-server';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { CRM_API } from '../../../../shared/crm/routes';
import { BARK_SHEET_COLUMNS, parseBarkMetadata, type Lead } from '../../../../shared/crm/leads';
import { readBarkSheet } from './bark-sheet';

// The Bark sheet import (admin spec §7) against a local sheet server: mapping, skipping, idempotence,
// the x-tenant-id check, and every fetch failure answered 4xx.
let t: TestApp;
let local: LocalServer;
let base: string;
let admin: string;
let acmeAdmin: string;
let sales: string;
const sheets = new Map<string, { type: string; body: string | Buffer; delayMs?: number; status?: number }>();

const row = (over: Partial<Record<(typeof BARK_SHEET_COLUMNS)[number], string>>) => Object.fromEntries(BARK_SHEET_COLUMNS.map((c) => [c, over[c] ?? '']));
const csv = (rows: Record<string, string>[]) => Papa.unparse({ fields: [...BARK_SHEET_COLUMNS], data: rows.map((r) => BARK_SHEET_COLUMNS.map((c) => r[c] ?? '')) });

const GOOD = csv([
  row({ bark_id: 'B-1', bark_buyer_name: 'Jane Buyer', bark_email: 'Jane@Example.com', bark_telephone: '0700', bark_telephone_formatted: '07000 000000', bark_category_name: 'Web Design', bark_location_name: 'Leeds', bark_postcode: 'LS1', bark_display_text: 'Needs a shop, "soon", with commas', bark_created_at_date_utc: '2026-11-01', bark_purchased_count: '3', bark_credits_required: '12', quote_value: '£1,500' }),
  row({ bark_id: 'B-2', bark_buyer_short_name: 'Sam', bark_email: 'sam@example.com', bark_telephone: '0711', quote_value: 'ask' }),
  row({ bark_id: '', bark_buyer_name: 'No Id', bark_email: 'noid@example.com' }),
  row({ bark_id: 'B-3', bark_buyer_name: 'No Email' }),
  row({ bark_id: 'B-4', bark_buyer_name: 'Bad Email', bark_email: 'nope' }),
  row({ bark_id: 'B-1', bark_buyer_name: 'Twice', bark_email: 'twice@example.com' }),
]);

beforeAll(async () => {
  t = await resetTestApp();
  sheets.set('/sheet.csv', { type: 'text/csv; charset=utf-8', body: GOOD });
  sheets.set('/page', { type: 'text/html', body: '<!doctype html><html><body>Sign in</body></html>' });
  sheets.set('/html-as-csv', { type: 'text/csv', body: '<html><body>nope</body></html>' });
  sheets.set('/no-header.csv', { type: 'text/csv', body: 'a,b\n1,2\n' });
  sheets.set('/big.csv', { type: 'text/csv', body: `bark_id\n${'x'.repeat(6 * 1024 * 1024)}` });
  sheets.set('/rows.csv', { type: 'text/csv', body: `bark_id,bark_buyer_name,bark_email\n${Array.from({ length: 5001 }, (_, i) => `R${i},N,n${i}@example.com`).join('\n')}` });
  sheets.set('/nul.csv', { type: 'text/csv', body: Buffer.from(`bark_id,bark_buyer_name,bark_email,quote_value\nN-1,Nul\u0000Name,nul@example.com,${'9'.repeat(400)}\n`) });
  sheets.set('/slow.csv', { type: 'text/csv', body: GOOD, delayMs: 3000 });
  sheets.set('/gone.csv', { type: 'text/csv', body: '', status: 404 });
  local = await listenLocally((req, res) => {
    const sheet = sheets.get(req.url ?? '');
    if (!sheet) return void res.writeHead(404).end();
    const send = () => res.writeHead(sheet.status ?? 200, { 'content-type': sheet.type }).end(sheet.body);
    if (sheet.delayMs) setTimeout(send, sheet.delayMs).unref();
    else send();
  });
  base = local.base;
  admin = await signIn(t.app, 'admin@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
  sales = await signIn(t.app, 'sales@platform.test', PLATFORM_HOST);
});

afterAll(async () => {
  await local.close();
});

// These tests import far more often than a person may in an hour (decision 033): each starts afresh.
beforeEach(async () => {
  await t.database.db.execute(sql`delete from rate_limit_events`);
  await t.database.db.execute(sql`delete from platform_rate_limit_events`);
});

const importSheet = (path: string, opts: { cookie?: string; host?: string; headers?: Record<string, string>; app?: FastifyInstance } = {}) =>
  call(opts.app ?? t.app, 'POST', CRM_API.barkImport, { cookie: opts.cookie ?? admin, host: opts.host ?? DEMO_HOST, headers: opts.headers, body: { sheets_url: `${base}${path}` } });
const leadsOf = async (cookie = admin, host = DEMO_HOST): Promise<Lead[]> => (await call(t.app, 'GET', CRM_API.leads, { cookie, host })).json().leads;

describe('Bark sheet import', () => {
  it('imports the usable rows once, mapped, and a second run imports none', async () => {
    const first = await importSheet('/sheet.csv');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ imported: 2, skipped: 4 });
    const leads = (await leadsOf()).filter((l) => l.source === 'bark');
    const jane = leads.find((l) => l.bark_id === 'B-1')!;
    expect(jane).toMatchObject({ name: 'Jane Buyer', email: 'jane@example.com', phone: '07000 000000', project_type: 'Web Design', project_description: 'Needs a shop, "soon", with commas', location: 'Leeds, LS1', quote_amount: 1500, status: 'new', priority: 'medium', tenant_id: t.seed.tenantIds.demo });
    expect(parseBarkMetadata(jane.notes)).toEqual({ bark_created_at_date_utc: '2026-11-01', bark_purchased_count: '3', bark_credits_required: '12', bark_display_text: 'Needs a shop, "soon", with commas' });
    expect(leads.find((l) => l.bark_id === 'B-2')).toMatchObject({ name: 'Sam', phone: '0711', quote_amount: null, location: null });
    const again = await importSheet('/sheet.csv');
    expect(again.json()).toEqual({ imported: 0, skipped: 6 });
    expect((await leadsOf()).filter((l) => l.source === 'bark')).toHaveLength(2);
  });

  it('keeps books apart: the same sheet imports again into another store and the platform', async () => {
    expect((await importSheet('/sheet.csv', { cookie: acmeAdmin, host: ACME_HOST })).json()).toEqual({ imported: 2, skipped: 4 });
    expect((await importSheet('/sheet.csv', { cookie: sales, host: PLATFORM_HOST })).json()).toEqual({ imported: 2, skipped: 4 });
    expect((await leadsOf(sales, PLATFORM_HOST)).filter((l) => l.source === 'bark').every((l) => l.tenant_id === null)).toBe(true);
  });

  it('checks x-tenant-id against the book', async () => {
    expect((await importSheet('/sheet.csv', { headers: { 'x-tenant-id': t.seed.tenantIds.demo } })).statusCode).toBe(200);
    const other = await importSheet('/sheet.csv', { headers: { 'x-tenant-id': t.seed.tenantIds.acme } });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe('This request names a different store.');
    expect((await importSheet('/sheet.csv', { cookie: sales, host: PLATFORM_HOST, headers: { 'x-tenant-id': t.seed.tenantIds.demo } })).statusCode).toBe(403);
  });

  it('answers who may not import: signed out 401, a shopper 404', async () => {
    expect((await call(t.app, 'POST', CRM_API.barkImport, { cookie: null, body: { sheets_url: `${base}/sheet.csv` } })).statusCode).toBe(401);
    expect((await importSheet('/sheet.csv', { cookie: await signIn(t.app, 'shopper@demo.test') })).statusCode).toBe(404);
  });

  it('answers 4xx with a clear message for what is not a usable sheet', async () => {
    const cases: [string, number, RegExp][] = [
      ['/page', 422, /did not answer with a CSV file/],
      ['/html-as-csv', 422, /did not answer with a CSV file/],
      ['/no-header.csv', 422, /no bark_id column/],
      ['/big.csv', 422, /larger than 5 MB/],
      ['/rows.csv', 422, /more than 5000 rows/],
      ['/gone.csv', 422, /answered 404/],
    ];
    for (const [path, status, message] of cases) {
      const res = await importSheet(path);
      expect(res.statusCode, `${path} ${res.body}`).toBe(status);
      expect(res.json().error.message).toMatch(message);
    }
    for (const url of ['', 'ftp://example.com/x.csv', 'not a url', 'http://user:pw@example.com/x.csv']) {
      const res = await call(t.app, 'POST', CRM_API.barkImport, { cookie: admin, body: { sheets_url: url } });
      expect(res.statusCode, url).toBe(400);
    }
    const refusedPort = await call(t.app, 'POST', CRM_API.barkImport, { cookie: admin, body: { sheets_url: 'http://127.0.0.1:1/x.csv' } });
    expect(refusedPort.statusCode).toBe(422);
    expect(refusedPort.json().error.message).toMatch(/refused the connection/);
  });

  it('stores strange cells safely: NUL removed, a huge quote is no quote', async () => {
    const res = await importSheet('/nul.csv');
    expect(res.json()).toEqual({ imported: 1, skipped: 0 });
    expect((await leadsOf()).find((l) => l.bark_id === 'N-1')).toMatchObject({ name: 'NulName', quote_amount: null });
    const body = await call(t.app, 'POST', CRM_API.barkImport, { cookie: admin, body: { sheets_url: `${base}/\u0000` } });
    expect(body.statusCode).toBe(400);
    expect((await call(t.app, 'POST', CRM_API.barkImport, { cookie: admin, body: { sheets_url: 'x'.repeat(1_000_000) } })).statusCode).toBeLessThan(500);
    expect((await call(t.app, 'POST', CRM_API.barkImport, { cookie: admin, body: { sheets_url: `${base}/sheet.csv`, extra: 1 } })).statusCode).toBe(400);
  });
});

describe('Bark import under the production fetch settings', () => {
  let strict: FastifyInstance;
  let tight: FastifyInstance;
  beforeAll(async () => {
    strict = await buildApp({ ...t.app.deps, config: { ...t.config, importFetch: { ...t.config.importFetch, allowPrivate: false } } });
    tight = await buildApp({ ...t.app.deps, config: { ...t.config, importFetch: { allowPrivate: true, timeoutMs: 500, maxBytes: 1000 } } });
    await Promise.all([strict.ready(), tight.ready()]);
  });
  afterAll(async () => {
    await Promise.all([strict?.close(), tight?.close()]);
  });

  it('refuses a private address when private addresses are not allowed', async () => {
    const ipv6CarryingPrivate = [
      // Issue 24 item 7: IPv4-embedding IPv6 forms are the IPv4 address they carry.
      'http://[::ffff:0:7f00:1]/x.csv',
      'http://[::ffff:0:169.254.169.254]/latest/meta-data/',
      'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
      'http://[64:ff9b:1::a00:1]/x.csv',
      'http://[64:ff9b:1:a00:1::]/x.csv',
    ];
    for (const url of [`${base}/sheet.csv`, 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/x.csv', 'http://10.0.0.1/x.csv', ...ipv6CarryingPrivate]) {
      const res = await call(strict, 'POST', CRM_API.barkImport, { cookie: admin, body: { sheets_url: url } });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error.message).toBe('Could not fetch the sheet: the address is private');
    }
  });

  it('gives up on a slow server and a sheet over the configured size', async () => {
    const slow = await importSheet('/slow.csv', { app: tight });
    expect(slow.statusCode).toBe(422);
    expect(slow.json().error.message).toMatch(/timed out/);
    const big = await importSheet('/rows.csv', { app: tight });
    expect(big.statusCode).toBe(422);
    expect(big.json().error.message).toBe('The sheet is larger than 1000 bytes');
  });
});

describe('readBarkSheet', () => {
  it('finds columns by name in any order and case, and cuts long cells to their column', () => {
    const text = `Bark_Email,BARK_ID,bark_buyer_name,bark_telephone\nA@B.co,Z1,${'n'.repeat(300)},${'1'.repeat(80)}\n`;
    const { leads, skipped } = readBarkSheet(text);
    expect(skipped).toBe(0);
    expect(leads[0]).toMatchObject({ barkId: 'Z1', email: 'a@b.co' });
    expect(leads[0].name).toHaveLength(200);
    expect(leads[0].phone).toHaveLength(50);
    // An emoji at the cut is dropped whole, never halved.
    const emoji = readBarkSheet(`bark_id,bark_buyer_name,bark_email\nE1,${'n'.repeat(199)}😀,e@example.com\n`);
    expect(emoji.leads[0].name).toBe('n'.repeat(199));
  });
});
