import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { CRM_API } from '../../../../shared/crm/routes';
import { LEAD_PRIORITIES, LEAD_STATUSES, parseBarkMetadata, type Lead } from '../../../../shared/crm/leads';

// Leads through the HTTP layer (issue 16, decision 027): validation, the four calls, and the two
// kinds of book kept apart both ways.
let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;
let sales: string;
let shopper: string;

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
  sales = await signIn(t.app, 'sales@platform.test', PLATFORM_HOST);
  shopper = await signIn(t.app, 'shopper@demo.test');
});

const create = (body: unknown, cookie: string | null = admin, host = DEMO_HOST, headers?: Record<string, string>) =>
  call(t.app, 'POST', CRM_API.leads, { cookie, host, body, headers });
const list = (cookie: string | null = admin, host = DEMO_HOST) => call(t.app, 'GET', CRM_API.leads, { cookie, host });
const update = (id: string, body: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'PUT', CRM_API.lead(id), { cookie, host, body });
const move = (id: string, status: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'PATCH', CRM_API.leadStatus(id), { cookie, host, body: { status } });

async function made(body: Record<string, unknown>, cookie = admin, host = DEMO_HOST): Promise<Lead> {
  const res = await create(body, cookie, host);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().lead;
}

describe('demo leads', () => {
  it('seeds the platform book with every status and priority and a Bark lead, and Demo Store with a few', async () => {
    const platform = (await list(sales, PLATFORM_HOST)).json().leads as Lead[];
    expect(platform.length).toBeGreaterThanOrEqual(8);
    expect(new Set(platform.map((l) => l.status))).toEqual(new Set(LEAD_STATUSES));
    expect(new Set(platform.map((l) => l.priority))).toEqual(new Set(LEAD_PRIORITIES));
    expect(platform.some((l) => l.source === 'bark' && parseBarkMetadata(l.notes)?.bark_display_text)).toBe(true);
    expect([...platform].sort((a, b) => b.created_at.localeCompare(a.created_at))).toEqual(platform);
    const demo = (await list()).json().leads as Lead[];
    expect(demo.length).toBeGreaterThanOrEqual(4);
    expect(demo.every((l) => l.tenant_id === t.seed.tenantIds.demo)).toBe(true);
    expect((await list(acmeAdmin, ACME_HOST)).json().leads).toEqual([]);
  });
});

describe('creating and listing leads', () => {
  it('creates a lead with the defaults and lists it first', async () => {
    const lead = await made({ name: ' Ada Lovelace ', email: 'ADA@Example.com', quote_amount: '£1,250.50', next_follow_up: '2026-12-31' });
    expect(lead).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', status: 'new', priority: 'medium', source: 'manual', quote_amount: 1250.5, next_follow_up: '2026-12-31', tenant_id: t.seed.tenantIds.demo, phone: null, bark_id: null });
    expect(new Date(lead.created_at).toISOString()).toBe(lead.created_at);
    const second = await made({ name: 'Grace Hopper', email: 'grace@example.com', priority: 'high', source: 'referral', phone: '' });
    expect(second).toMatchObject({ priority: 'high', source: 'referral', phone: null });
    const res = await list();
    expect(res.statusCode).toBe(200);
    const ids = (res.json().leads as Lead[]).map((l) => l.id);
    expect(ids.slice(0, 2)).toEqual([second.id, lead.id]);
  });

  it('stores the quote in pence and answers pounds', async () => {
    const lead = await made({ name: 'Penny', email: 'penny@example.com', quote_amount: 19.99 });
    expect(lead.quote_amount).toBe(19.99);
    const rows = await t.database.db.execute<{ p: string }>(sql`select quote_amount_pence::text as p from leads where id = ${lead.id}`);
    expect((rows as unknown as { rows: { p: string }[] }).rows[0].p).toBe('1999');
  });

  it('refuses missing name or email, a bad email and unknown fields with field messages', async () => {
    for (const body of [{ email: 'a@example.com' }, { name: 'A' }, { name: '  ', email: 'a@example.com' }, { name: 'A', email: '' }]) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.values(res.json().error.fields)).toContain('Name and email are required');
    }
    const bad = await create({ name: 'A', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.email).toBe('Invalid email');
    const extra = await create({ name: 'A', email: 'a@example.com', status: 'won' });
    expect(extra.statusCode).toBe(400);
    expect((await create({ name: 'A', email: 'a@example.com', priority: 'urgent' })).statusCode).toBe(400);
    expect((await create({ name: 'A', email: 'a@example.com', next_follow_up: '31/12/2026' })).json().error.fields.next_follow_up).toBe('Use a date like 2026-12-31');
  });

  it('checks a tenant_id in the body against the book: its own passes, another store is 403', async () => {
    expect((await create({ name: 'Own', email: 'own@example.com', tenant_id: t.seed.tenantIds.demo })).statusCode).toBe(201);
    const other = await create({ name: 'Other', email: 'other@example.com', tenant_id: t.seed.tenantIds.acme });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe('This request names a different store.');
    // In the platform's book any store id names a different book.
    expect((await create({ name: 'P', email: 'p@example.com', tenant_id: t.seed.tenantIds.demo }, sales, PLATFORM_HOST)).statusCode).toBe(403);
    expect((await create({ name: 'P', email: 'p@example.com', tenant_id: null }, sales, PLATFORM_HOST)).statusCode).toBe(201);
  });

  it('refuses strange input with 4xx: NUL, a 1 MB field, huge numbers', async () => {
    expect((await create({ name: 'bad\u0000name', email: 'a@example.com' })).statusCode).toBe(400);
    expect((await create({ name: 'x'.repeat(1_000_000), email: 'a@example.com' })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await create({ name: 'A', email: 'a@example.com', user_notes: 'x'.repeat(1_000_000) })).statusCode).toBeLessThan(500);
    for (const quote of [1e308, -1, '9'.repeat(20), Number.MAX_SAFE_INTEGER, 'NaN', 'Infinity']) {
      const res = await create({ name: 'A', email: 'a@example.com', quote_amount: quote });
      expect(res.statusCode, String(quote)).toBe(400);
    }
    const lead = await made({ name: 'Big', email: 'big@example.com', quote_amount: 1_000_000_000 });
    expect(lead.quote_amount).toBe(1_000_000_000);
  });
});

describe('updating leads', () => {
  it('saves the detail dialog and moves the status, updating updated_at', async () => {
    const lead = await made({ name: 'Edit Me', email: 'edit@example.com', company: 'Old Co' });
    await new Promise((r) => setTimeout(r, 5));
    const res = await update(lead.id, { name: 'Edited', email: 'edit@example.com', status: 'contacted', priority: 'low', quote_amount: null, user_notes: 'Called', next_follow_up: null });
    expect(res.statusCode, res.body).toBe(200);
    const saved: Lead = res.json().lead;
    expect(saved).toMatchObject({ name: 'Edited', status: 'contacted', priority: 'low', user_notes: 'Called', company: 'Old Co', created_at: lead.created_at });
    expect(saved.updated_at > lead.updated_at).toBe(true);
    const moved = await move(lead.id, 'won', staff);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().lead.status).toBe('won');
    const bad = await move(lead.id, 'archived');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.status).toBe('Choose a status');
    expect((await update(lead.id, { name: 'Edited', email: 'edit@example.com' })).statusCode).toBe(400);
  });

  it('answers 404 "Lead not found" for a missing id and a malformed one', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await move(id, 'won');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Lead not found');
    }
  });
});

describe('the books stay apart', () => {
  it('a store cannot read or change another store\'s lead: 404 as a missing one', async () => {
    const acmeLead = await made({ name: 'Acme Client', email: 'client@acme.example' }, acmeAdmin, ACME_HOST);
    expect(acmeLead.tenant_id).toBe(t.seed.tenantIds.acme);
    const demoIds = ((await list()).json().leads as Lead[]).map((l) => l.id);
    expect(demoIds).not.toContain(acmeLead.id);
    for (const res of [await update(acmeLead.id, { name: 'X', email: 'x@example.com', status: 'lost' }), await move(acmeLead.id, 'lost')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Lead not found');
    }
    const acmeLeads = ((await list(acmeAdmin, ACME_HOST)).json().leads as Lead[]);
    expect(acmeLeads.find((l) => l.id === acmeLead.id)?.status).toBe('new');
    expect(acmeLeads.every((l) => l.tenant_id === t.seed.tenantIds.acme)).toBe(true);
  });

  it('the platform book and the stores\' books do not see each other', async () => {
    const platformLead = await made({ name: 'Platform Prospect', email: 'prospect@example.com' }, sales, PLATFORM_HOST);
    expect(platformLead.tenant_id).toBeNull();
    const platformLeads = (await list(sales, PLATFORM_HOST)).json().leads as Lead[];
    expect(platformLeads.length).toBeGreaterThan(0);
    expect(platformLeads.every((l) => l.tenant_id === null)).toBe(true);
    // A store's members: their own book only (on the store's host, or on the platform host).
    for (const [cookie, host] of [[admin, DEMO_HOST], [staff, DEMO_HOST], [acmeAdmin, ACME_HOST]] as const) {
      const res = await list(cookie, host);
      expect(res.statusCode).toBe(200);
      expect((res.json().leads as Lead[]).some((l) => l.tenant_id === null)).toBe(false);
      expect((await move(platformLead.id, 'won', cookie, host)).statusCode).toBe(404);
    }
    const adminOnPlatform = await signIn(t.app, 'admin@demo.test', PLATFORM_HOST);
    const res = await list(adminOnPlatform, PLATFORM_HOST);
    if (res.statusCode === 200) expect((res.json().leads as Lead[]).some((l) => l.tenant_id === null)).toBe(false);
    else expect(res.statusCode).toBe(404);
    // The platform's sales team cannot change a store's lead either.
    const demoLead = await made({ name: 'Demo Client', email: 'client@demo.example' });
    expect((await move(demoLead.id, 'won', sales, PLATFORM_HOST)).statusCode).toBe(404);
  });

  it('staff use leads; a shopper gets 404 and the signed-out 401', async () => {
    expect((await list(staff)).statusCode).toBe(200);
    expect((await create({ name: 'By Staff', email: 'staff-made@example.com' }, staff)).statusCode).toBe(201);
    for (const res of [await list(shopper), await create({ name: 'S', email: 's@example.com' }, shopper)]) expect(res.statusCode).toBe(404);
    expect((await list(shopper, PLATFORM_HOST)).statusCode).toBe(404);
    expect((await list(null)).statusCode).toBe(401);
    expect((await create({ name: 'S', email: 's@example.com' }, null)).statusCode).toBe(401);
  });
});
