import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { shopper } from '../../test/shopper';
import type { ProductCard } from '../../../shared/catalog';
import type { EmailDetail, EmailSummary } from '../../../shared/emails';

let t: TestApp;
let admin: string;
let orderNumber: string;

const address = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' };

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  // A paid guest order: its confirmation is the message the admin should find.
  const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
  const product = items.find((p) => !p.has_variants && p.in_stock)!;
  const guest = shopper(t.app);
  await guest.send('POST', '/api/cart/items', { product_id: product.id });
  const placed = (await guest.send('POST', '/api/checkout', { contact: { email: 'ada@example.com' }, shippingAddress: address, billingSameAsShipping: true })).json();
  orderNumber = placed.order_number;
  const { payload, headers } = t.payments.webhook(placed.session_id, 'checkout.completed');
  const paid = await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: 'demo.localhost:3000' }, payload });
  expect(paid.statusCode).toBe(200);
});

const list = async (query = '', cookie = admin, host?: string) => call(t.app, 'GET', `/api/admin/emails${query}`, { cookie, host });

describe('admin emails', () => {
  it('lists the order confirmation with its order number, newest first, and opens it', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const { emails, pagination } = res.json() as { emails: EmailSummary[]; pagination: { total: number; pages: number } };
    expect(pagination).toMatchObject({ page: 1, limit: 20, total: 1, pages: 1 });
    expect(emails[0]).toMatchObject({ to: 'ada@example.com', kind: 'order_confirmation', status: 'stored', provider: 'outbox', order_number: orderNumber });
    expect(emails[0].subject).toContain(orderNumber);
    expect(emails[0]).not.toHaveProperty('html');

    const one = await call(t.app, 'GET', `/api/admin/emails/${emails[0].id}`, { cookie: admin });
    expect(one.statusCode).toBe(200);
    const email = one.json().email as EmailDetail;
    expect(email.html).toContain(orderNumber);
    expect(email.text).toContain(orderNumber);
  });

  it('searches by address or subject, with % and _ taken literally, and filters by order', async () => {
    expect((await list('?search=ADA@example')).json().emails).toHaveLength(1);
    expect((await list(`?search=${encodeURIComponent(orderNumber)}`)).json().emails).toHaveLength(1);
    expect((await list('?search=%25')).json().emails).toHaveLength(0);
    expect((await list('?search=nobody')).json().emails).toHaveLength(0);
    const orderId = (await list()).json().emails[0].order_id as string;
    expect((await list(`?order_id=${orderId}`)).json().emails).toHaveLength(1);
    expect((await list('?order_id=0b8c7c1e-5d4a-4c3b-9a2f-1e0d9c8b7a6f')).json().emails).toHaveLength(0);
    expect((await list('?order_id=nope')).statusCode).toBe(400);
    expect((await list('?unknown=1')).statusCode).toBe(400);
  });

  it('is for store managers of this store only: staff 403, visitors 401, another store sees a 404', async () => {
    const id = (await list()).json().emails[0].id as string;
    expect((await list('', await signIn(t.app, 'staff@demo.test'))).statusCode).toBe(403);
    expect((await list('', '')).statusCode).toBe(401);
    const acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
    const acmeList = await list('', acmeAdmin, ACME_HOST);
    expect(acmeList.statusCode).toBe(200);
    expect(acmeList.json().emails).toHaveLength(0);
    const foreign = await call(t.app, 'GET', `/api/admin/emails/${id}`, { cookie: acmeAdmin, host: ACME_HOST });
    const missing = await call(t.app, 'GET', '/api/admin/emails/0b8c7c1e-5d4a-4c3b-9a2f-1e0d9c8b7a6f', { cookie: acmeAdmin, host: ACME_HOST });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await call(t.app, 'GET', '/api/admin/emails/not-a-uuid', { cookie: admin })).statusCode).toBe(404);
  });
});
