import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { shopper } from '../../test/shopper';

// Settings > Store Info > Notifications (issue 13): what each switch does when an order is paid or
// moved on. See store-notices.ts.
let t: TestApp;
let admin: string;
let product: { id: string; name: string };

const address = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' };

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  // A product whose stock is tracked and sold without variants: its own stock_quantity moves.
  const rows = await t.database.db.execute(sql`
    select id, name from products p where tenant_id = ${t.seed.tenantIds.demo}::uuid and track_inventory and status = 'active' and visibility = 'public'
      and not exists (select 1 from product_variants v where v.product_id = p.id) order by name limit 1`);
  product = (rows as unknown as { rows: { id: string; name: string }[] }).rows[0];
});

const settings = (notifications: Record<string, boolean>, contact_email = 'owner@shop.example') =>
  call(t.app, 'PUT', '/api/admin/settings', { cookie: admin, body: { name: 'Demo Store', settings_json: { contact_email, notifications } } });

/** A guest buys one of the product and pays; answers the order number. */
async function paidOrder(customer: string): Promise<{ id: string; number: string }> {
  const guest = shopper(t.app);
  await guest.send('POST', '/api/cart/items', { product_id: product.id });
  const placed = (await guest.send('POST', '/api/checkout', { contact: { email: customer }, shippingAddress: address, billingSameAsShipping: true })).json();
  const { payload, headers } = t.payments.webhook(placed.session_id, 'checkout.completed');
  expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: DEMO_HOST }, payload })).statusCode).toBe(200);
  const rows = await t.database.db.execute<{ id: string }>(sql`select id from orders where order_number = ${placed.order_number}`);
  return { id: (rows as unknown as { rows: { id: string }[] }).rows[0].id, number: placed.order_number };
}

async function mailTo(to: string): Promise<{ kind: string; subject: string; text: string }[]> {
  const rows = await t.database.db.execute(sql`select kind, subject, text from email_messages where to_address = ${to} order by created_at`);
  return (rows as unknown as { rows: { kind: string; subject: string; text: string }[] }).rows;
}

const setStock = (quantity: number) => t.database.db.execute(sql`update products set stock_quantity = ${quantity}, reserved_quantity = 0 where id = ${product.id}::uuid`);

describe('notifications on (the defaults) with a contact email', () => {
  it('a paid order emails the customer, a new-order notice to the store, and a low stock alert when the sale leaves 5 or fewer', async () => {
    expect((await settings({})).statusCode).toBe(200);
    await setStock(6);
    const order = await paidOrder('ada.on@example.com');
    expect((await mailTo('ada.on@example.com')).map((m) => m.kind)).toEqual(['order_confirmation']);
    const store = await mailTo('owner@shop.example');
    expect(store.map((m) => m.kind)).toEqual(['store_new_order', 'store_low_stock']);
    expect(store[0].subject).toMatch(new RegExp(`^New order ${order.number}: £`));
    expect(store[0].text).toContain('Ada Lovelace (ada.on@example.com) has paid');
    expect(store[1].text).toContain(`${product.name} is running low`);
    expect(store[1].text).toMatch(/ 5\n/);
  });

  it('no low stock alert while stock stays above 5', async () => {
    await setStock(50);
    await paidOrder('ada.plenty@example.com');
    expect((await mailTo('owner@shop.example')).map((m) => m.kind)).toEqual(['store_new_order', 'store_low_stock', 'store_new_order']);
  });
});

describe('notifications off', () => {
  it('store notices off: only the customer hears', async () => {
    await setStock(3);
    expect((await settings({ order_notifications: false, low_stock_alerts: false }, 'quiet@shop.example')).statusCode).toBe(200);
    await paidOrder('ada.quiet@example.com');
    expect(await mailTo('quiet@shop.example')).toEqual([]);
    expect((await mailTo('ada.quiet@example.com')).map((m) => m.kind)).toEqual(['order_confirmation']);
  });

  it('without a contact email the store notices have nowhere to go', async () => {
    await setStock(50);
    expect((await settings({}, '')).statusCode).toBe(200);
    const before = Number(((await t.database.db.execute(sql`select count(*)::int as n from email_messages where kind like 'store_%'`)) as unknown as { rows: { n: number }[] }).rows[0].n);
    await paidOrder('ada.nocontact@example.com');
    const after = Number(((await t.database.db.execute(sql`select count(*)::int as n from email_messages where kind like 'store_%'`)) as unknown as { rows: { n: number }[] }).rows[0].n);
    expect(after).toBe(before);
  });

  it('customer emails off: no confirmation or shipping notice, the timeline says why; staff may still resend by hand', async () => {
    expect((await settings({ customer_emails: false })).statusCode).toBe(200);
    const order = await paidOrder('ada.off@example.com');
    expect(await mailTo('ada.off@example.com')).toEqual([]);
    const shipped = await call(t.app, 'POST', `/api/admin/orders/${order.id}/status`, { cookie: admin, body: { status: 'shipped', tracking_reference: 'TRK123' } });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await mailTo('ada.off@example.com')).toEqual([]);
    const skipped = (shipped.json().order.events as { type: string; message: string }[]).filter((e) => e.type === 'email_skipped').map((e) => e.message);
    expect(skipped.sort()).toEqual([
      'No order confirmation emailed: customer emails are switched off in Settings',
      'No shipping notice emailed: customer emails are switched off in Settings',
    ]);
    expect((await call(t.app, 'POST', `/api/admin/orders/${order.id}/resend-confirmation`, { cookie: admin })).statusCode).toBe(200);
    expect((await mailTo('ada.off@example.com')).map((m) => m.kind)).toEqual(['order_confirmation']);
    // The store still hears of the order.
    expect((await mailTo('owner@shop.example')).at(-1)?.subject).toMatch(new RegExp(`^New order ${order.number}`));
  });
});
