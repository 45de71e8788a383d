import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { rowsOf } from '../../db/rows';
import { DISCOUNT_MESSAGES as M, type AdminDiscount, type AdminDiscountDetail } from '../../../shared/admin-discounts';
import { discountStatus, DISCOUNT_STATUSES } from '../../../shared/discounts';

// Issue 28 item 1: the admin's discount codes through the real HTTP layer, on PGlite and PostgreSQL.

let t: TestApp;
let admin: string;
let staff: string;
let crmStaff: string;
let acmeAdmin: string;
const BASE = '/api/admin/discounts';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const one = (id: string) => `${BASE}/${id}`;
const create = (body: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'POST', BASE, { cookie, host, body });
const update = (id: string, body: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'PUT', one(id), { cookie, host, body });
const activate = (id: string, is_active: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'PUT', `${one(id)}/active`, { cookie, host, body: { is_active } });
const remove = (id: string, cookie = admin, host = DEMO_HOST) => call(t.app, 'DELETE', one(id), { cookie, host });
const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));

async function list(params = '', cookie = admin, host = DEMO_HOST): Promise<{ discounts: AdminDiscount[]; pagination: { page: number; limit: number; total: number; pages: number } }> {
  const res = await call(t.app, 'GET', `${BASE}${params}`, { cookie, host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let made = 0;
/** A code made through the API: a fresh code each time unless one is given. */
async function makeCode(extra: Record<string, unknown> = {}, cookie = admin, host = DEMO_HOST): Promise<AdminDiscountDetail> {
  made += 1;
  const res = await create({ code: `CODE${made}`, kind: 'percentage', value: 10, ...extra }, cookie, host);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().discount;
}

/** A checkout's use of the code, written as the storefront writes it (the code's `uses` kept alike). */
async function redeem(codeId: string, state: 'held' | 'used' | 'released', amounts = { discount: 1000, shipping: 0, total: 4000 }, tenant = t.seed.tenantIds.demo) {
  await t.database.db.execute(sql`
    insert into discount_redemptions (tenant_id, code_id, order_id, email, state, discount_amount, shipping_discount, order_total)
    values (${tenant}::uuid, ${codeId}::uuid, ${randomUUID()}::uuid, ${`buyer${made}@example.com`}, ${state}, ${amounts.discount}, ${amounts.shipping}, ${amounts.total})`);
  if (state !== 'released') await t.database.db.execute(sql`update discount_codes set uses = uses + 1 where id = ${codeId}::uuid`);
}

const idsOf = async (table: 'products' | 'categories', tenant: string, n = 2) =>
  (await query<{ id: string }>(sql`select id from ${sql.raw(table)} where tenant_id = ${tenant}::uuid order by id limit ${n}`)).map((r) => r.id);

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
  crmStaff = await signIn(t.app, 'partner@demo.test', ACME_HOST);
  // The demo store's staff member sees orders (and so reads discount codes); partner@ is Acme's staff with the defaults.
  await t.database.db.execute(sql`
    update memberships set permissions = '{orders.view,crm,customers}'
    where tenant_id = ${t.seed.tenantIds.demo}::uuid and user_id = (select id from users where email = 'staff@demo.test')`);
  staff = await signIn(t.app, 'staff@demo.test');
});

describe('creating and reading a code', () => {
  it('creates a code: trimmed and upper-cased, amounts in pounds, pence in the database', async () => {
    const res = await create({ code: '  spring20 ', kind: 'percentage', value: 20, usage_limit: 10, min_subtotal: 25.5, starts_at: '2026-03-29T08:00:00+01:00', ends_at: null, once_per_customer: true });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().discount as AdminDiscountDetail;
    expect(d).toMatchObject({
      code: 'SPRING20',
      kind: 'percentage',
      value: 20,
      applies_to: 'order',
      product_ids: [],
      category_ids: [],
      min_subtotal: 25.5,
      starts_at: '2026-03-29T07:00:00.000Z',
      ends_at: null,
      usage_limit: 10,
      once_per_customer: true,
      is_active: true,
      uses: 0,
      status: 'active',
      orders: 0,
      sales: 0,
      discount_given: 0,
      products: [],
      categories: [],
    });
    const fixed = await makeCode({ code: 'FIVER', kind: 'fixed', value: 4.99 });
    expect(fixed.value).toBe(4.99);
    const free = await makeCode({ code: 'FREESHIP', kind: 'free_delivery', value: undefined });
    expect(free.value).toBe(0);
    const stored = await query<{ code: string; value: number; min_subtotal: number | null }>(sql`select code, value, min_subtotal from discount_codes where id in (${d.id}::uuid, ${fixed.id}::uuid, ${free.id}::uuid) order by code`);
    expect(stored).toEqual([
      { code: 'FIVER', value: 499, min_subtotal: null },
      { code: 'FREESHIP', value: 0, min_subtotal: null },
      { code: 'SPRING20', value: 20, min_subtotal: 2550 },
    ]);
    const read = await call(t.app, 'GET', one(d.id), { cookie: admin });
    expect(read.statusCode).toBe(200);
    expect(read.json().discount).toEqual(d);
  });

  it('refuses a code the store already has, whatever its case, on the code field; another store may have it', async () => {
    await makeCode({ code: 'SUMMER' });
    for (const code of ['SUMMER', 'summer', ' Summer ']) {
      const res = await create({ code, kind: 'percentage', value: 5 });
      expect(res.statusCode, code).toBe(409);
      expect(res.json().error).toEqual({ code: 'discount_code_taken', message: M.codeTaken, fields: { code: M.codeTaken } });
    }
    const acme = await makeCode({ code: 'summer' }, acmeAdmin, ACME_HOST);
    expect(acme.code).toBe('SUMMER');
  });

  it('applies to chosen products and categories of this store only, and names them', async () => {
    const [p1, p2] = await idsOf('products', t.seed.tenantIds.demo);
    const [c1] = await idsOf('categories', t.seed.tenantIds.demo, 1);
    const d = await makeCode({ applies_to: 'items', product_ids: [p1, p2.toUpperCase(), p1], category_ids: [c1] });
    expect(d.product_ids.sort()).toEqual([p1, p2].sort());
    expect(d.products.map((p) => p.id).sort()).toEqual([p1, p2].sort());
    expect(d.products.every((p) => p.name.length > 0)).toBe(true);
    expect(d.categories).toEqual([{ id: c1, name: expect.any(String) }]);

    const [theirProduct] = await idsOf('products', t.seed.tenantIds.acme, 1);
    const [theirCategory] = await idsOf('categories', t.seed.tenantIds.acme, 1);
    const p = await create({ code: 'THEIRS1', kind: 'percentage', value: 5, applies_to: 'items', product_ids: [p1, theirProduct] });
    expect(p.statusCode).toBe(400);
    expect(p.json().error.fields).toEqual({ product_ids: M.productUnknown });
    const c = await create({ code: 'THEIRS2', kind: 'percentage', value: 5, applies_to: 'items', category_ids: [theirCategory] });
    expect(c.statusCode).toBe(400);
    expect(c.json().error.fields).toEqual({ category_ids: M.categoryUnknown });
    const missing = await create({ code: 'THEIRS3', kind: 'percentage', value: 5, applies_to: 'items', product_ids: [MISSING_ID] });
    expect(missing.json().error.fields).toEqual({ product_ids: M.productUnknown });
    // The whole order: chosen items are not kept.
    const whole = await makeCode({ applies_to: 'order', product_ids: [p1], category_ids: [c1] });
    expect(whole).toMatchObject({ product_ids: [], category_ids: [], products: [], categories: [] });
  });
});

describe('editing, switching off and deleting', () => {
  it('edits the whole code; its own code again is fine, another code of the store is not', async () => {
    const d = await makeCode({ code: 'EDITME' });
    const res = await update(d.id, { code: 'editme', kind: 'fixed', value: 12.5, usage_limit: 3, ends_at: '2030-01-01T00:00:00Z', is_active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().discount).toMatchObject({ id: d.id, code: 'EDITME', kind: 'fixed', value: 12.5, usage_limit: 3, ends_at: '2030-01-01T00:00:00.000Z', is_active: false, status: 'switched_off' });
    await makeCode({ code: 'TAKEN' });
    const taken = await update(d.id, { code: 'taken', kind: 'percentage', value: 5 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ code: M.codeTaken });
    expect((await call(t.app, 'GET', one(d.id), { cookie: admin })).json().discount.code).toBe('EDITME');
  });

  it('switches a code off and on', async () => {
    const d = await makeCode();
    const off = await activate(d.id, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().discount).toMatchObject({ is_active: false, status: 'switched_off' });
    const on = await activate(d.id, true);
    expect(on.json().discount).toMatchObject({ is_active: true, status: 'active' });
    expect((await activate(d.id, 'off')).json().error.fields).toEqual({ is_active: M.isActive });
  });

  it('deletes a code no checkout took (204), and switches off a used one instead (200), which keeps its uses', async () => {
    const unused = await makeCode();
    const gone = await remove(unused.id);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await call(t.app, 'GET', one(unused.id), { cookie: admin })).statusCode).toBe(404);
    expect((await remove(unused.id)).statusCode).toBe(404);

    const used = await makeCode({ usage_limit: 5 });
    await redeem(used.id, 'used');
    const kept = await remove(used.id);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ switched_off: true, discount: { id: used.id, is_active: false, status: 'switched_off', uses: 1, orders: 1 } });
    expect((await list(`?q=${used.code}`)).discounts.map((d) => d.id)).toEqual([used.id]);
    expect(await query(sql`select count(*)::int as n from discount_redemptions where code_id = ${used.id}::uuid`)).toEqual([{ n: 1 }]);

    // A use given back still counts as taken: the code is kept.
    const released = await makeCode();
    await redeem(released.id, 'released');
    expect((await remove(released.id)).json()).toMatchObject({ switched_off: true });
  });
});

describe('the list', () => {
  it('is newest first, 25 a page, with pagination', async () => {
    for (let i = 0; i < 27; i++) await makeCode({ code: `PAGE-${String(i).padStart(2, '0')}` });
    const first = await list('?q=page-');
    expect(first.pagination).toEqual({ page: 1, limit: 25, total: 27, pages: 2 });
    expect(first.discounts[0].code).toBe('PAGE-26');
    expect(first.discounts[24].code).toBe('PAGE-02');
    const second = await list('?q=PAGE-&page=2');
    expect(second.discounts.map((d) => d.code)).toEqual(['PAGE-01', 'PAGE-00']);
    expect((await list('?q=PAGE-&page=99')).discounts).toEqual([]);
  });

  it('searches the code, whatever its case, with % and _ as plain characters', async () => {
    await makeCode({ code: 'BLACK_FRIDAY' });
    await makeCode({ code: 'BLACKXFRIDAY' });
    expect((await list('?q=black_')).discounts.map((d) => d.code)).toEqual(['BLACK_FRIDAY']);
    expect((await list('?q=%25')).discounts).toEqual([]);
    expect((await list('?q=  ')).pagination.total).toBe((await list()).pagination.total);
    const long = await call(t.app, 'GET', `${BASE}?q=${'x'.repeat(65)}`, { cookie: admin });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ q: M.search });
  });

  it('filters by status, computed as discountStatus() says', async () => {
    const hour = 3_600_000;
    const tag = (s: string) => `STAT-${s.toUpperCase().replace('_', '-')}`;
    await makeCode({ code: tag('active'), usage_limit: 2 });
    await makeCode({ code: tag('scheduled'), starts_at: new Date(Date.now() + 24 * hour).toISOString() });
    await makeCode({ code: tag('expired'), ends_at: new Date(Date.now() - hour).toISOString() });
    const usedUp = await makeCode({ code: tag('used_up'), usage_limit: 1 });
    await redeem(usedUp.id, 'held');
    await makeCode({ code: tag('switched_off'), is_active: false, ends_at: new Date(Date.now() - hour).toISOString() });
    for (const status of DISCOUNT_STATUSES) {
      const found = (await list(`?q=STAT-&status=${status}`)).discounts;
      expect(found.map((d) => d.code), status).toEqual([tag(status)]);
      expect(found[0].status).toBe(status);
      expect(discountStatus(found[0])).toBe(status);
    }
    expect((await list('?q=STAT-&status=all')).pagination.total).toBe(5);
    const bad = await call(t.app, 'GET', `${BASE}?status=paused`, { cookie: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ status: M.status });
  });

  it('shows what paid orders took with each code: orders, sales and discount given, delivery waived included', async () => {
    const d = await makeCode({ code: 'FIGURES', usage_limit: 10 });
    await redeem(d.id, 'used', { discount: 1000, shipping: 399, total: 4000 });
    await redeem(d.id, 'used', { discount: 250, shipping: 0, total: 1999 });
    // Awaiting payment and given back: not sales.
    await redeem(d.id, 'held', { discount: 5000, shipping: 0, total: 90000 });
    await redeem(d.id, 'released', { discount: 5000, shipping: 0, total: 90000 });
    const [row] = (await list('?q=FIGURES')).discounts;
    expect(row).toMatchObject({ uses: 3, orders: 2, sales: 59.99, discount_given: 16.49 });
    expect((await call(t.app, 'GET', one(d.id), { cookie: admin })).json().discount).toMatchObject({ orders: 2, sales: 59.99, discount_given: 16.49 });
  });
});

describe('who may see and change codes', () => {
  it('staff who see orders read the list and a code, and are refused every change (403)', async () => {
    const d = await makeCode();
    expect((await call(t.app, 'GET', BASE, { cookie: staff })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', one(d.id), { cookie: staff })).statusCode).toBe(200);
    const writes: [string, string, unknown?][] = [
      ['POST', BASE, { code: 'STAFFMADE', kind: 'percentage', value: 5 }],
      ['PUT', one(d.id), { code: d.code, kind: 'percentage', value: 50 }],
      ['PUT', `${one(d.id)}/active`, { is_active: false }],
      ['DELETE', one(d.id)],
    ];
    for (const [method, url, body] of writes) {
      const res = await call(t.app, method, url, { cookie: staff, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      // Refused before the body is read: a bad body is the same 403.
      expect((await call(t.app, method, url, { cookie: staff, body: { nonsense: true } })).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', one(d.id), { cookie: admin })).json().discount).toMatchObject({ value: 10, is_active: true });
  });

  it('a member who cannot see orders is refused (403); nobody signed in is 401', async () => {
    expect((await call(t.app, 'GET', BASE, { cookie: crmStaff, host: ACME_HOST })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', BASE)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', BASE, { body: { code: 'ANON1', kind: 'percentage', value: 5 } })).statusCode).toBe(401);
  });

  it('another store’s code is the same 404 as a missing or malformed id, on every route', async () => {
    const theirs = await makeCode({ code: 'ACMEONLY' }, acmeAdmin, ACME_HOST);
    await redeem(theirs.id, 'used', undefined, t.seed.tenantIds.acme);
    const body = { code: 'ACMEONLY', kind: 'percentage', value: 99 };
    for (const id of [theirs.id, MISSING_ID, 'not-an-id']) {
      for (const [method, url, b] of [['GET', one(id)], ['PUT', one(id), body], ['PUT', `${one(id)}/active`, { is_active: false }], ['DELETE', one(id)]] as [string, string, unknown?][]) {
        const res = await call(t.app, method, url, { cookie: admin, body: b });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error.message).toBe(M.notFound);
      }
    }
    expect((await list('?q=ACMEONLY')).discounts).toEqual([]);
    // Acme's admin calling the demo store's host is no member there: 404 too.
    expect((await call(t.app, 'GET', BASE, { cookie: acmeAdmin })).statusCode).toBe(404);
    const still = await call(t.app, 'GET', one(theirs.id), { cookie: acmeAdmin, host: ACME_HOST });
    expect(still.json().discount).toMatchObject({ code: 'ACMEONLY', value: 10, is_active: true, orders: 1 });
  });
});

describe('validation (every message)', () => {
  const fieldsOf = async (body: Record<string, unknown>) => {
    made += 1;
    const res = await create({ code: `CHECK${made}`, kind: 'percentage', value: 10, ...body });
    expect(res.statusCode, res.body).toBe(400);
    return res.json().error.fields as Record<string, string>;
  };
  const at = (iso: string) => iso;

  const cases: [Record<string, unknown>, Record<string, string>][] = [
    [{ code: undefined }, { code: M.codeRequired }],
    [{ code: '   ' }, { code: M.codeRequired }],
    [{ code: 'AB' }, { code: M.codeLength }],
    [{ code: 'X'.repeat(33) }, { code: M.codeLength }],
    [{ code: 'SPRING 20' }, { code: M.codeCharacters }],
    [{ code: 'SPRÌNG20' }, { code: M.codeCharacters }],
    [{ code: 'SPRING20!' }, { code: M.codeCharacters }],
    [{ kind: 'bogof' }, { kind: M.kind }],
    [{ kind: undefined }, { kind: M.kind }],
    [{ value: 0 }, { value: M.percentage }],
    [{ value: 101 }, { value: M.percentage }],
    [{ value: 12.5 }, { value: M.percentage }],
    [{ value: undefined }, { value: M.percentage }],
    [{ kind: 'fixed', value: undefined }, { value: M.amountRequired }],
    [{ kind: 'fixed', value: '5' }, { value: M.amountRequired }],
    [{ kind: 'fixed', value: 0 }, { value: M.amount }],
    [{ kind: 'fixed', value: -5 }, { value: M.amount }],
    [{ kind: 'fixed', value: 1_000_000 }, { value: M.amountMax }],
    [{ kind: 'fixed', value: 4.999 }, { value: M.pence }],
    [{ kind: 'free_delivery', value: 5 }, { value: M.freeDeliveryValue }],
    [{ applies_to: 'basket' }, { applies_to: M.appliesTo }],
    [{ applies_to: 'items' }, { product_ids: M.targetsRequired }],
    [{ applies_to: 'items', product_ids: ['not-a-uuid'] }, { product_ids: M.products }],
    [{ applies_to: 'items', category_ids: [42] }, { category_ids: M.categories }],
    [{ product_ids: 'abc' }, { product_ids: M.products }],
    [{ product_ids: Array.from({ length: 501 }, () => MISSING_ID) }, { product_ids: M.productsTooMany }],
    [{ category_ids: Array.from({ length: 501 }, () => MISSING_ID) }, { category_ids: M.categoriesTooMany }],
    [{ min_subtotal: -0.01 }, { min_subtotal: M.minSubtotal }],
    [{ min_subtotal: 'ten' }, { min_subtotal: M.minSubtotal }],
    [{ min_subtotal: 1_000_000 }, { min_subtotal: M.minSubtotalMax }],
    [{ min_subtotal: 10.001 }, { min_subtotal: M.pence }],
    [{ starts_at: '2026-12-01' }, { starts_at: M.startsAt }],
    [{ starts_at: '2026-12-01T09:00' }, { starts_at: M.startsAt }],
    [{ starts_at: 'tomorrow' }, { starts_at: M.startsAt }],
    [{ ends_at: '2026-02-30T09:00:00Z' }, { ends_at: M.endsAt }],
    [{ starts_at: at('2026-12-01T09:00:00Z'), ends_at: at('2026-12-01T09:00:00Z') }, { ends_at: M.endsBeforeStarts }],
    [{ starts_at: at('2026-12-01T09:00:00Z'), ends_at: at('2026-12-01T09:30:00+01:00') }, { ends_at: M.endsBeforeStarts }],
    [{ usage_limit: 0 }, { usage_limit: M.usageLimit }],
    [{ usage_limit: 2.5 }, { usage_limit: M.usageLimit }],
    [{ usage_limit: 1_000_001 }, { usage_limit: M.usageLimit }],
    [{ usage_limit: '10' }, { usage_limit: M.usageLimit }],
    [{ once_per_customer: 'yes' }, { once_per_customer: M.oncePerCustomer }],
    [{ is_active: 1 }, { is_active: M.isActive }],
    [{ uses: 0 }, { uses: 'Unknown field' }],
    [{ tenant_id: MISSING_ID }, { tenant_id: 'Unknown field' }],
  ];
  // Named by the body, shortened (501 ids would make a title of 20 kB).
  it.each(cases.map(([body, fields]) => [JSON.stringify(body).slice(0, 90), body, fields] as const))('%s', async (_name, body, fields) => {
    expect(await fieldsOf(body)).toEqual(fields);
  });

  it('takes the limits themselves', async () => {
    const edge = await makeCode({ code: 'ABC', kind: 'fixed', value: 999_999.99, usage_limit: 1_000_000, min_subtotal: 0 });
    expect(edge).toMatchObject({ value: 999_999.99, usage_limit: 1_000_000, min_subtotal: 0 });
    const longest = await makeCode({ code: `${'A'.repeat(30)}-_`, kind: 'percentage', value: 100 });
    expect(longest.code).toHaveLength(32);
    const free = await makeCode({ kind: 'free_delivery', value: 0 });
    expect(free.value).toBe(0);
  });
});

describe('strange input never gives a 5xx', () => {
  const bodies: unknown[] = [
    { code: 'NUL\u0000CODE', kind: 'percentage', value: 10 },
    { code: 'x'.repeat(10_000), kind: 'percentage', value: 10 },
    { code: 'BIG1', kind: 'fixed', value: 1e308 },
    { code: 'BIG2', kind: 'percentage', value: Number.MAX_SAFE_INTEGER + 2 },
    { code: 'BIG3', kind: 'percentage', value: 10, usage_limit: 2 ** 31, min_subtotal: 1e300 },
    { code: ['SPRING20'], kind: ['percentage'], value: [10] },
    { code: { a: 1 }, kind: 'percentage', value: { b: 2 } },
    { code: 'ODD1', kind: 'percentage', value: 10, starts_at: 'x'.repeat(10_000), ends_at: ['2026-01-01T00:00:00Z'] },
    { code: 'ODD2', kind: 'percentage', value: 10, starts_at: '+275760-09-13T00:00:00Z' },
    { code: 'ODD3', kind: 'percentage', value: 10, starts_at: '9999-12-31T23:59:59Z', ends_at: '0001-01-01T00:00:00Z' },
    { code: 'ODD4', kind: 'percentage', value: 10, applies_to: 'items', product_ids: ['x'.repeat(10_000)], category_ids: [null] },
    { code: 'ODD5', kind: 'percentage', value: 10, applies_to: 'items', product_ids: [MISSING_ID.replace('0', '\u0000')] },
    { code: 'lone \ud800', kind: 'percentage', value: 10 },
    [],
    'SPRING20',
    null,
    42,
  ];

  it('on create, edit and switch', async () => {
    const d = await makeCode();
    for (const body of bodies) {
      for (const [method, url] of [['POST', BASE], ['PUT', one(d.id)], ['PUT', `${one(d.id)}/active`]]) {
        const res = await call(t.app, method, url, { cookie: admin, body: body === null ? 'null' : body });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    // Year 9999 is a real date: kept as given, the code only runs then.
    const far = await create({ code: 'FARFUTURE', kind: 'percentage', value: 10, starts_at: '9999-12-31T23:59:59Z' });
    expect(far.statusCode, far.body).toBe(201);
    expect(far.json().discount.status).toBe('scheduled');
  });

  it('in the list’s query and the path', async () => {
    for (const q of ['?q=%00', `?q=${'é'.repeat(5000)}`, '?page=-1', '?page=1e308', `?page=${'9'.repeat(30)}`, '?status=%00', '?q=a&q=b', '?status[]=active', '?other=1']) {
      const res = await call(t.app, 'GET', `${BASE}${q}`, { cookie: admin });
      expect(res.statusCode, `${q}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    for (const id of ['%00', 'x'.repeat(5000), '..%2F..%2Fetc', '1e308']) {
      const res = await call(t.app, 'GET', `${BASE}/${id}`, { cookie: admin });
      expect(res.statusCode, id).toBeLessThan(500);
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
    }
    expect((await call(t.app, 'GET', `${BASE}?page=999999999999`, { cookie: admin })).json().discounts).toEqual([]);
  });
});
