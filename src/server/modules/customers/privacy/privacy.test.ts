import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, sessionCookieFrom, signIn, type TestApp } from '../../../test/harness';
import { buyAndPay as paidOrder } from '../../../test/shopper';
import { rowsOf } from '../../../db/rows';
import type { ProductCard } from '../../../../shared/catalog';
import { PRIVACY_TEXT } from '../../../../shared/privacy';
import type { StoreDataExport } from './service';

// UK GDPR (issue 26 item 5): a shopper's data for a store as a file and its erasure; the same from the
// store's admin on the customer's page; the platform-wide account erased only on the platform host. The
// erasure test reads every text, JSON and id column of every store table, not a list someone must keep.

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;
let demo: string;
let acme: string;

const PASSWORD = 'erase-me-please-1';
/** What only Erin's data holds: found nowhere in the store once she is erased. */
const ERIN = {
  email: 'erin.erasure@example.com',
  first: 'Erin',
  last: 'Erasewell',
  phone: '07700 900123',
  line1: '7 Forget Me Lane',
  browser: 'ErasureTestBrowser/1.0',
  ip: '198.51.100.77',
  review: 'Lovely glaze, holds a proper pint of tea',
};
let erin: { cookie: string; userId: string };

const owner = () => t.database.db;
async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await owner().execute(query));
}

async function signUp(email: string, host = DEMO_HOST, headers: Record<string, string> = {}) {
  const res = await call(t.app, 'POST', '/api/auth/sign-up', { host, body: { email, password: PASSWORD }, headers });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = sessionCookieFrom(res);
  const [{ id }] = await q<{ id: string }>(sql`select id from users where email = ${email}`);
  return { cookie, userId: id };
}

async function firstProduct(host = DEMO_HOST) {
  const items = (await call(t.app, 'GET', '/api/products?limit=48', { host })).json().items as ProductCard[];
  return items.find((p) => !p.has_variants && p.in_stock)!;
}

/** A paid order in `host`'s store (test/shopper.ts), with its id. */
async function buyAndPay(opts: { email: string; cookie?: string; host?: string; ip?: string; person?: { first: string; last: string; line1: string; phone: string } }) {
  const buyer = opts.person ?? { first: 'Gus', last: 'Guest', line1: '2 Other Street', phone: '07700 900999' };
  const { number, sessionId } = await paidOrder(t, { email: opts.email, buyer, host: opts.host, cookie: opts.cookie, remoteAddress: opts.ip });
  const [order] = await q<{ id: string }>(sql`select id from orders where order_number = ${number}`);
  return { id: order.id, number, sessionId };
}

const deliver = (orderId: string) => owner().execute(sql`update orders set status = 'delivered' where id = ${orderId}::uuid`);

async function customerId(email: string, tenant = demo): Promise<string> {
  const [row] = await q<{ id: string }>(sql`select id from store_customers where tenant_id = ${tenant}::uuid and email = ${email}`);
  return row.id;
}

/** Every text, JSON, address and id column of every table holding a store's rows (tenant_id), from the catalogue. */
async function storeColumns(): Promise<{ table: string; column: string }[]> {
  const rows = await q<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
    where c.table_schema = 'public' and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'uuid', 'inet')
      and exists (select 1 from information_schema.columns k where k.table_schema = 'public' and k.table_name = c.table_name and k.column_name = 'tenant_id')
      and c.column_name <> 'tenant_id'
    order by 1, 2`);
  return rows.map((r) => ({ table: r.table_name, column: r.column_name }));
}

/** Where in `tenant`'s rows any of `needles` still appears (a column's text holds it, in any case). */
async function whereFound(tenant: string, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await storeColumns()) {
    const hits = needles.map((n) => sql`position(lower(${n}) in lower(${sql.identifier(column)}::text)) > 0`);
    const [{ n }] = await q<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = ${tenant}::uuid and (${sql.join(hits, sql` or `)})`);
    if (n > 0) found.push(`${table}.${column} (${n})`);
  }
  return found;
}

/** What the store must keep: each order's money, VAT and lines, added up. */
const books = (tenant: string) =>
  q<Record<string, string | number>>(sql`
    select count(*)::int as orders, sum(total_amount)::int as total, sum(vat_included)::int as vat, sum(refunded_amount)::int as refunded,
           (select count(*)::int from order_items i where i.tenant_id = ${tenant}::uuid) as lines,
           (select coalesce(sum(gross), 0)::int || '/' || coalesce(sum(vat), 0)::int from vat_entries v where v.tenant_id = ${tenant}::uuid) as ledger,
           string_agg(order_number || ':' || coalesce(invoice_number::text, '-') || ':' || to_char(placed_at, 'YYYY-MM-DD"T"HH24:MI:SS.US'), ',' order by order_number) as numbers
    from orders where tenant_id = ${tenant}::uuid`);

let erinOrders: { signedIn: { id: string; number: string; sessionId: string }; guest: { id: string; number: string; sessionId: string }; acme: { id: string } };

beforeAll(async () => {
  t = await resetTestApp();
  demo = t.seed.tenantIds.demo;
  acme = t.seed.tenantIds.acme;
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);

  // Erin signs up on Demo Store from her browser and confirms her email (as a reset link or email change does).
  erin = await signUp(ERIN.email, DEMO_HOST, { 'user-agent': ERIN.browser });
  await owner().execute(sql`update users set email_confirmed_at = now() where id = ${erin.userId}::uuid`);
  const signedIn = await buyAndPay({ email: ERIN.email, cookie: erin.cookie, ip: ERIN.ip, person: ERIN });
  // An earlier order as a guest, with her email in other letters; and one from Acme, which Demo's erasure leaves.
  const guest = await buyAndPay({ email: 'Erin.Erasure@Example.com', ip: ERIN.ip, person: ERIN });
  const acmeOrder = await buyAndPay({ email: ERIN.email, host: ACME_HOST, person: ERIN });
  erinOrders = { signedIn, guest, acme: acmeOrder };
  const product = await firstProduct();
  for (const host of [DEMO_HOST, ACME_HOST]) {
    const p = host === DEMO_HOST ? product : await firstProduct(ACME_HOST);
    const review = await call(t.app, 'POST', `/api/products/${p.id}/reviews`, { host, body: { rating: 5, title: 'Lovely', body: ERIN.review, customer_email: ERIN.email }, remoteAddress: ERIN.ip });
    expect(review.statusCode, review.body).toBe(201);
  }
  await owner().execute(sql`update reviews set status = 'approved' where customer_email = ${ERIN.email}`);
  const saved = await call(t.app, 'POST', '/api/account/addresses', { cookie: erin.cookie, body: { first_name: ERIN.first, last_name: ERIN.last, address_line1: ERIN.line1, city: 'London', postcode: 'SW1A 1AA', phone: ERIN.phone } });
  expect(saved.statusCode, saved.body).toBe(201);
  await owner().execute(sql`
    insert into push_subscriptions (tenant_id, kind, endpoint, p256dh, auth, user_id, user_agent)
    values (${demo}::uuid, 'customer', 'https://push.example/erin', 'k', 'a', ${erin.userId}::uuid, ${ERIN.browser})`);
  await owner().execute(sql`
    insert into order_claims (tenant_id, user_id, email, token_hash, expires_at)
    values (${demo}::uuid, ${erin.userId}::uuid, ${ERIN.email}, 'claim-hash-erin', now() + interval '1 hour')`);
  const note = await call(t.app, 'POST', `/api/admin/customers/${await customerId(ERIN.email)}/notes`, { cookie: staff, body: { body: `${ERIN.first} ${ERIN.last} prefers parcels left with a neighbour` } });
  expect(note.statusCode, note.body).toBe(201);
  expect((await call(t.app, 'POST', `/api/admin/orders/${signedIn.id}/notes`, { cookie: admin, body: { body: `Called ${ERIN.phone}` } })).statusCode).toBe(200);
});

describe('a shopper’s own data', () => {
  it('downloads everything the store holds about them as a JSON file, and nothing of another store', async () => {
    const res = await call(t.app, 'GET', '/api/account/data', { cookie: erin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-demo-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const file = res.json() as StoreDataExport;
    expect(file.about.store).toBe('Demo Store');
    expect(file.account).toMatchObject({ email: ERIN.email, two_step_sign_in: false });
    expect(file.customer_records).toEqual([expect.objectContaining({ email: ERIN.email, name: `${ERIN.first} ${ERIN.last}`, orders_count: 2 })]);
    expect(file.consents.marketing_emails).toEqual([{ email: ERIN.email, given: null, answered_at: null }]);
    expect(file.consents.order_updates_by_push).toEqual([expect.objectContaining({ browser: ERIN.browser })]);
    expect(file.addresses).toEqual([expect.objectContaining({ address_line1: ERIN.line1, phone: ERIN.phone })]);
    expect(file.orders.map((o) => o.order_number).sort()).toEqual([erinOrders.signedIn.number, erinOrders.guest.number].sort());
    const order = file.orders.find((o) => o.order_number === erinOrders.signedIn.number)!;
    expect(order).toMatchObject({ customer_phone: ERIN.phone, shipping_address: expect.objectContaining({ line1: ERIN.line1 }), payment_status: 'paid' });
    expect(order.items.length).toBeGreaterThan(0);
    expect(order.total).toBeGreaterThan(0);
    expect(file.reviews).toEqual([expect.objectContaining({ body: ERIN.review, status: 'approved' })]);
    expect(file.emails.length).toBeGreaterThanOrEqual(2);
    expect(file.emails.every((m) => m.to.toLowerCase() === ERIN.email)).toBe(true);
    expect(file.staff_notes).toEqual([expect.objectContaining({ note: expect.stringContaining('neighbour') })]);
    expect(JSON.stringify(file)).not.toContain('order_number":"' + (await q<{ n: string }>(sql`select order_number as n from orders where id = ${erinOrders.acme.id}::uuid`))[0].n + '"');
    // The export is recorded, by counts only.
    const [audit] = await q<{ kind: string; requested_by: string; counts: Record<string, number> }>(sql`select kind, requested_by, counts from privacy_requests where tenant_id = ${demo}::uuid order by created_at desc limit 1`);
    expect(audit).toEqual({ kind: 'export', requested_by: 'customer', counts: { customer_records: 1, addresses: 1, orders: 2, reviews: 1, emails: file.emails.length, staff_notes: 1 } });
  });

  it('counts only what the account placed while its email is not confirmed: an email anyone can type proves nothing', async () => {
    await buyAndPay({ email: 'squatted@example.com' });
    const squatter = await signUp('squatted@example.com');
    const file = (await call(t.app, 'GET', '/api/account/data', { cookie: squatter.cookie })).json() as StoreDataExport;
    expect(file.orders).toEqual([]);
    expect(file.reviews).toEqual([]);
    expect(file.emails).toEqual([]);
    // The email's customer record (the guest's name, their spending) is the guest's, not the account's.
    expect(file.customer_records).toEqual([]);
    expect(file.consents.marketing_emails).toEqual([]);
    expect(JSON.stringify(file)).not.toContain('Guest');
    const erase = await call(t.app, 'POST', '/api/account/erase', { cookie: squatter.cookie, body: { current_password: PASSWORD } });
    expect(erase.statusCode, erase.body).toBe(200);
    const [kept] = await q<{ n: number }>(sql`select count(*)::int as n from orders where tenant_id = ${demo}::uuid and customer_email = 'squatted@example.com' and erased_at is null`);
    expect(kept.n).toBe(1);
    const [record] = await q<{ orders_count: number; user_id: string | null }>(sql`select orders_count, user_id from store_customers where tenant_id = ${demo}::uuid and email = 'squatted@example.com'`);
    expect(record).toEqual({ orders_count: 1, user_id: null });
  });

  it('asks for the current password and refuses while an order is still on its way', async () => {
    const wrong = await call(t.app, 'POST', '/api/account/erase', { cookie: erin.cookie, body: { current_password: 'not-it' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ current_password: 'Your current password is not right' });
    const missing = await call(t.app, 'POST', '/api/account/erase', { cookie: erin.cookie, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ current_password: PRIVACY_TEXT.enterPassword });
    const underWay = await call(t.app, 'POST', '/api/account/erase', { cookie: erin.cookie, body: { current_password: PASSWORD } });
    expect(underWay.statusCode).toBe(409);
    expect(underWay.json().error).toMatchObject({ code: 'orders_under_way', message: PRIVACY_TEXT.ordersUnderWay });
    expect((await call(t.app, 'POST', '/api/account/erase', { body: { current_password: PASSWORD } })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/account/data')).statusCode).toBe(401);
  });

  it('erases them from the store: no personal data left in any column, the books unchanged, signed out everywhere, audited without them', async () => {
    await deliver(erinOrders.signedIn.id);
    await deliver(erinOrders.guest.id);
    const otherDevice = sessionCookieFrom(await call(t.app, 'POST', '/api/auth/sign-in', { body: { email: ERIN.email, password: PASSWORD } }));
    const before = await books(demo);
    const acmeBefore = await whereFound(acme, [ERIN.email, ERIN.last]);
    expect(await whereFound(demo, [ERIN.email, ERIN.last, ERIN.line1, ERIN.phone, ERIN.ip, erin.userId])).not.toEqual([]);

    const res = await call(t.app, 'POST', '/api/account/erase', { cookie: erin.cookie, body: { current_password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: PRIVACY_TEXT.erasedHere });
    expect(String(res.headers['set-cookie'])).toMatch(/sid=;/);

    // Nothing of her, anywhere in the store's rows; the test provider's copy of her name and email is asked to go.
    expect(await whereFound(demo, [ERIN.email, ERIN.last, ERIN.line1, ERIN.phone, ERIN.ip, erin.userId, ERIN.browser])).toEqual([]);
    expect(t.payments.forgotten).toContainEqual({ tenantId: demo, sessionIds: expect.arrayContaining([erinOrders.signedIn.sessionId, erinOrders.guest.sessionId]) });
    // What accounting needs is all there: the same orders, totals, VAT, lines, receipt numbers and dates.
    expect(await books(demo)).toEqual(before);
    const [order] = await q<{ customer_name: string; shipping_address: { country: string; line1: string }; erased_at: Date | null; status: string }>(
      sql`select customer_name, shipping_address, erased_at, status from orders where id = ${erinOrders.signedIn.id}::uuid`,
    );
    expect(order).toMatchObject({ customer_name: '', shipping_address: { country: 'GB', line1: '' }, status: 'delivered' });
    expect(order.erased_at).not.toBeNull();
    // The review stays with the product, without her: no author, no "Verified purchase".
    const product = await firstProduct();
    const reviews = (await call(t.app, 'GET', `/api/products/${product.id}/reviews`)).json().reviews as { body: string; customer_email: string; verified_purchase: boolean }[];
    expect(reviews.find((r) => r.body === ERIN.review)).toMatchObject({ customer_email: '***', verified_purchase: false });
    // Signed out here and on her other device; her account itself stays (it is not the store's to erase).
    expect((await call(t.app, 'GET', '/api/account', { cookie: erin.cookie })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/account', { cookie: otherDevice })).statusCode).toBe(401);
    expect(await q(sql`select id from users where id = ${erin.userId}::uuid`)).toHaveLength(1);
    // Acme's records of her are Acme's: untouched.
    expect(await whereFound(acme, [ERIN.email, ERIN.last])).toEqual(acmeBefore);
    expect(acmeBefore.length).toBeGreaterThan(0);
    // The audit row: what was done and how much, none of what was erased.
    const [audit] = await q<{ kind: string; requested_by: string; staff_user_id: string | null; counts: Record<string, number> }>(
      sql`select kind, requested_by, staff_user_id, counts from privacy_requests where tenant_id = ${demo}::uuid and kind = 'erasure' order by created_at desc limit 1`,
    );
    expect(audit).toEqual({
      kind: 'erasure',
      requested_by: 'customer',
      staff_user_id: null,
      counts: { orders: 2, reviews: 1, emails: expect.any(Number), addresses: 1, push_subscriptions: 1, customer_records: 1, staff_notes: 1 },
    });
    expect(audit.counts.emails).toBeGreaterThanOrEqual(2);
    // She can still sign in (the account is the platform's), and the store now holds nothing of her.
    const again = await call(t.app, 'POST', '/api/auth/sign-in', { body: { email: ERIN.email, password: PASSWORD } });
    expect(again.statusCode).toBe(200);
    const file = (await call(t.app, 'GET', '/api/account/data', { cookie: sessionCookieFrom(again) })).json() as StoreDataExport;
    expect({ orders: file.orders, reviews: file.reviews, addresses: file.addresses, emails: file.emails, notes: file.staff_notes }).toEqual({ orders: [], reviews: [], addresses: [], emails: [], notes: [] });
  });
});

describe('a customer’s data from admin', () => {
  let sam: string;
  let samOrder: { id: string; number: string };
  beforeAll(async () => {
    samOrder = await buyAndPay({ email: 'sam.guest@example.com', person: { first: 'Sam', last: 'Samphire', line1: '3 Sam Street', phone: '07700 900333' } });
    sam = await customerId('sam.guest@example.com');
  });

  it('exports a customer’s data for owners and admins; staff may not; another store’s admin gets 404', async () => {
    const res = await call(t.app, 'GET', `/api/admin/customers/${sam}/data`, { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customer-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = res.json() as StoreDataExport;
    expect(file.account).toBeNull();
    expect(file.orders.map((o) => o.order_number)).toEqual([samOrder.number]);
    expect((await call(t.app, 'GET', `/api/admin/customers/${sam}/data`, { cookie: staff })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/admin/customers/${sam}/data`, { cookie: acmeAdmin, host: ACME_HOST })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/admin/customers/not-an-id/data', { cookie: admin })).statusCode).toBe(404);
    const [audit] = await q<{ requested_by: string; staff_user_id: string }>(sql`select requested_by, staff_user_id from privacy_requests where tenant_id = ${demo}::uuid order by created_at desc limit 1`);
    expect(audit.requested_by).toBe('staff');
    expect(audit.staff_user_id).not.toBeNull();
  });

  it('erases only after the customer’s email is typed again, when no order is under way, for owners and admins of the store', async () => {
    const url = `/api/admin/customers/${sam}/erase`;
    const wrong = await call(t.app, 'POST', url, { cookie: admin, body: { confirm_email: 'someone.else@example.com' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ confirm_email: PRIVACY_TEXT.confirmEmail });
    expect((await call(t.app, 'POST', url, { cookie: admin, body: { confirm_email: 'x'.repeat(300) } })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', url, { cookie: admin, body: { confirm_email: 'sam.guest@example.com\u0000' } })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', url, { cookie: staff, body: { confirm_email: 'sam.guest@example.com' } })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', url, { cookie: acmeAdmin, host: ACME_HOST, body: { confirm_email: 'sam.guest@example.com' } })).statusCode).toBe(404);
    const underWay = await call(t.app, 'POST', url, { cookie: admin, body: { confirm_email: 'Sam.Guest@example.com ' } });
    expect(underWay.statusCode).toBe(409);
    expect(underWay.json().error.message).toBe(PRIVACY_TEXT.customerOrdersUnderWay);

    await deliver(samOrder.id);
    const before = await books(demo);
    const res = await call(t.app, 'POST', url, { cookie: admin, body: { confirm_email: 'Sam.Guest@example.com ' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: PRIVACY_TEXT.erasedCustomer });
    expect(await whereFound(demo, ['sam.guest@example.com', 'Samphire', '3 Sam Street', '07700 900333'])).toEqual([]);
    expect(await books(demo)).toEqual(before);
    expect((await call(t.app, 'GET', `/api/admin/customers/${sam}`, { cookie: admin })).statusCode).toBe(404);
    // The order is still in the list for the books, without the customer.
    const detail = (await call(t.app, 'GET', `/api/admin/orders/${samOrder.id}`, { cookie: admin })).json().order;
    expect(detail).toMatchObject({ order_number: samOrder.number, customer_email: '', customer_name: null, customer_phone: null, customer_erased_at: expect.any(String) });
    expect(detail.shipping_address).toMatchObject({ first_name: '', line1: '', postcode: '', country: 'GB' });
    expect(detail.can_resend_confirmation).toBe(false);
    // Nothing more is emailed about it: a resend is refused, a refund is made and noted on the timeline.
    const resend = await call(t.app, 'POST', `/api/admin/orders/${samOrder.id}/resend-confirmation`, { cookie: admin });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().error.code).toBe('customer_erased');
    const refund = await call(t.app, 'POST', `/api/admin/orders/${samOrder.id}/refunds`, { cookie: admin, body: { amount: 1 } });
    expect(refund.statusCode, refund.body).toBe(200);
    const messages = refund.json().order.events.map((e: { message: string }) => e.message);
    expect(messages).toContain('No refund notice emailed: the customer’s data was erased');
    expect(await q(sql`select id from email_messages where order_id = ${samOrder.id}::uuid`)).toEqual([]);
  });
});

describe('the platform-wide account', () => {
  it('is erased only on the platform host, with everything hanging off it; the stores keep their own records', async () => {
    const pat = await signUp('pat.platform@example.com', DEMO_HOST);
    const order = await buyAndPay({ email: 'pat.platform@example.com', cookie: pat.cookie });
    expect((await call(t.app, 'POST', '/api/account/addresses', { cookie: pat.cookie, body: { first_name: 'Pat', last_name: 'Platform', address_line1: '1 Cloud Row', city: 'Leeds', postcode: 'LS1 1AA' } })).statusCode).toBe(201);
    const onPlatform = await call(t.app, 'POST', '/api/auth/sign-in', { host: PLATFORM_HOST, body: { email: 'pat.platform@example.com', password: PASSWORD } });
    const platformCookie = sessionCookieFrom(onPlatform);
    // The platform's own mail to the account (a reset link asked for on the platform host).
    expect((await call(t.app, 'POST', '/api/auth/password-reset', { host: PLATFORM_HOST, body: { email: 'pat.platform@example.com' } })).statusCode).toBeLessThan(300);
    expect(await q(sql`select id from email_messages where tenant_id is null and to_address = 'pat.platform@example.com'`)).toHaveLength(1);

    const file = await call(t.app, 'GET', '/api/account/data', { cookie: platformCookie, host: PLATFORM_HOST });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/filename="my-account-data-/);
    expect(file.json().account).toMatchObject({ email: 'pat.platform@example.com', signed_in_devices: expect.any(Array) });

    const res = await call(t.app, 'POST', '/api/account/erase', { cookie: platformCookie, host: PLATFORM_HOST, body: { current_password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: PRIVACY_TEXT.erasedAccount });
    expect(await q(sql`select id from users where id = ${pat.userId}::uuid`)).toEqual([]);
    expect(await q(sql`select id from sessions where user_id = ${pat.userId}::uuid`)).toEqual([]);
    expect(await q(sql`select id from customer_addresses where user_id = ${pat.userId}::uuid`)).toEqual([]);
    expect(await q(sql`select id from sign_in_failures where email = 'pat.platform@example.com'`)).toEqual([]);
    expect(await q(sql`select id from email_messages where tenant_id is null and to_address = 'pat.platform@example.com'`)).toEqual([]);
    expect(await q(sql`select id from password_resets where user_id = ${pat.userId}::uuid`)).toEqual([]);
    expect((await call(t.app, 'GET', '/api/account', { cookie: pat.cookie })).statusCode).toBe(401);
    // The store's order stays the store's (it may be erased there, by the store); only the link to the account goes.
    const [kept] = await q<{ user_id: string | null; customer_email: string }>(sql`select user_id, customer_email from orders where id = ${order.id}::uuid`);
    expect(kept).toEqual({ user_id: null, customer_email: 'pat.platform@example.com' });
    const [audit] = await q<{ tenant_id: string | null; counts: unknown }>(sql`select tenant_id, counts from privacy_requests where tenant_id is null and kind = 'erasure'`);
    expect(audit).toEqual({ tenant_id: null, counts: { account: 1 } });
    // Signing in again finds no account.
    expect((await call(t.app, 'POST', '/api/auth/sign-in', { host: PLATFORM_HOST, body: { email: 'pat.platform@example.com', password: PASSWORD } })).statusCode).toBe(401);
  });

  it('is refused while the account is on a store’s team or runs the platform', async () => {
    const member = await call(t.app, 'POST', '/api/account/erase', { cookie: await signIn(t.app, 'staff@demo.test', PLATFORM_HOST), host: PLATFORM_HOST, body: { current_password: 'test-password-1' } });
    expect(member.statusCode).toBe(409);
    expect(member.json().error).toMatchObject({ code: 'account_in_use', message: PRIVACY_TEXT.storeTeam });
    expect(await q(sql`select id from users where email = 'staff@demo.test'`)).toHaveLength(1);
  });
});
