import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { rowsOf } from '../../../db/rows';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { shopper } from '../../../test/shopper';
import { issueReceipt } from './ledger';
import type { ProductCard } from '../../../../shared/catalog';
import type { OrderSummary } from '../../../../shared/orders';
import type { AdminOrderDetail } from '../../../../shared/admin-orders';
import type { VatReport } from '../../../../shared/vat-report';

// UK VAT (issue 25): rates per product and category, VAT by rate on carts, orders and receipts, the
// gapless receipt numbers, refunds giving VAT back, the VAT report; a store not registered shows none.

let t: TestApp;
let admin: string;
let acmeAdmin: string;

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});

const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '1 Analytical Way', city: 'London', postcode: 'SW1A 1AA' };
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

async function simpleProducts(host: string): Promise<ProductCard[]> {
  const items = (await call(t.app, 'GET', '/api/products?limit=48', { host })).json().items as ProductCard[];
  return items.filter((p) => !p.has_variants && p.in_stock);
}

async function setProductRate(id: string, vatRate: string | null, cookie = admin, host = DEMO_HOST) {
  const current = (await call(t.app, 'GET', `/api/admin/products/${id}`, { cookie, host })).json().product;
  const res = await call(t.app, 'PUT', `/api/admin/products/${id}`, {
    cookie,
    host,
    body: { name: current.name, slug: current.slug, sku: current.sku, base_price: current.base_price, vat_rate: vatRate },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().product;
}

/** A shopper buys these products (one each) and pays; answers the shopper and the order. */
async function buyAndPay(host: string, productIds: string[], email = 'vat@example.com') {
  const buyer = shopper(t.app, host);
  for (const id of productIds) expect((await buyer.send('POST', '/api/cart/items', { product_id: id })).statusCode).toBe(200);
  const cart = await buyer.cart();
  const placed = await buyer.send('POST', '/api/checkout', { contact: { email }, shippingAddress: ADDRESS, billingSameAsShipping: true });
  expect(placed.statusCode, placed.body).toBe(200);
  const { session_id: sessionId, order_number: orderNumber } = placed.json();
  const { payload, headers } = t.payments.webhook(sessionId, 'checkout.completed');
  expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host }, payload })).statusCode).toBe(200);
  const order = (await buyer.send('GET', `/api/orders/public-lookup?order_number=${orderNumber}`)).json().order as OrderSummary;
  return { buyer, cart, order };
}

async function adminOrderOf(orderNumber: string, cookie = admin, host = DEMO_HOST): Promise<AdminOrderDetail> {
  const list = (await call(t.app, 'GET', `/api/admin/orders?search=${orderNumber}`, { cookie, host })).json();
  return (await call(t.app, 'GET', `/api/admin/orders/${list.orders[0].id}`, { cookie, host })).json().order;
}

const pdfTitle = async (bytes: Buffer) => (await PDFDocument.load(bytes)).getTitle();

describe('a VAT-registered store (Demo Store)', () => {
  let mug: string;
  let book: string;
  let paid: Awaited<ReturnType<typeof buyAndPay>>;

  beforeAll(async () => {
    const [a, b] = await simpleProducts(DEMO_HOST);
    mug = a.id;
    book = b.id;
    // The first at the standard rate (its own), the second zero-rated.
    await setProductRate(mug, null);
    const saved = await setProductRate(book, 'zero');
    expect(saved).toMatchObject({ vat_rate: 'zero', effective_vat_rate: 'zero' });
    paid = await buyAndPay(DEMO_HOST, [mug, book]);
  });

  it('the cart shows VAT by rate, delivery at the standard rate, and the order keeps it', () => {
    const { cart, order } = paid;
    const [mugLine, bookLine] = cart.items;
    const standardGross = mugLine.line_total + cart.shipping_total;
    expect(cart.vat_breakdown).toEqual([
      { rate: 'standard', label: '20%', gross: standardGross, net: expect.any(Number), vat: expect.any(Number) },
      { rate: 'zero', label: '0%', gross: bookLine.line_total, net: bookLine.line_total, vat: 0 },
    ]);
    const standard = cart.vat_breakdown[0];
    // One rounding per rate, on the mug and delivery together (decision 035).
    expect(standard.vat).toBe(Math.round((standardGross * 100 * 20) / 120) / 100);
    expect(cart.vat_included).toBe(standard.vat);
    expect(order.vat_breakdown).toEqual(cart.vat_breakdown);
    expect(order.vat_included).toBe(cart.vat_included);
    expect(order.items.map((i) => i.vat_rate)).toEqual(['standard', 'zero']);
    expect(order.items[1].vat_amount).toBe(0);
    expect(order.invoice_number).toMatch(/^INV-\d{6}$/);
    expect(order.receipt_url).toBe(`/api/orders/${order.order_number}/receipt.pdf`);
  });

  it('a category’s default rate applies to its products that name none', async () => {
    const product = (await call(t.app, 'GET', `/api/admin/products/${mug}`, { cookie: admin })).json().product;
    const categoryId = product.category_ids[0];
    expect(categoryId).toBeDefined();
    expect((await call(t.app, 'PUT', `/api/admin/categories/${categoryId}`, { cookie: admin, body: { vat_rate: 'reduced' } })).json().category.vat_rate).toBe('reduced');
    expect((await call(t.app, 'GET', `/api/admin/products/${mug}`, { cookie: admin })).json().product).toMatchObject({ vat_rate: null, effective_vat_rate: 'reduced' });
    const buyer = shopper(t.app);
    await buyer.send('POST', '/api/cart/items', { product_id: mug });
    expect((await buyer.cart()).vat_breakdown.map((p) => p.rate)).toEqual(['standard', 'reduced']);
    expect((await call(t.app, 'PUT', `/api/admin/categories/${categoryId}`, { cookie: admin, body: { vat_rate: null } })).statusCode).toBe(200);
    // A rate that is not one of the four is refused with its field named.
    const bad = await call(t.app, 'PUT', `/api/admin/categories/${categoryId}`, { cookie: admin, body: { vat_rate: 'luxury' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.vat_rate).toBe('Choose a VAT rate: standard, reduced, zero or exempt');
  });

  it('the receipt is a VAT invoice PDF for the browser that bought, the same 404 for anyone else or any other store', async () => {
    const { buyer, order } = paid;
    const mine = await buyer.send('GET', order.receipt_url!);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toContain(`vat-invoice-${order.invoice_number}.pdf`);
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfTitle(mine.rawPayload)).toBe(`VAT invoice ${order.invoice_number}`);
    const stranger = shopper(t.app);
    expect((await stranger.send('GET', order.receipt_url!)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', order.receipt_url!, { host: ACME_HOST })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/orders/NOPE-1/receipt.pdf')).statusCode).toBe(404);
  });

  it('staff download the same invoice from the order; another store’s staff get 404', async () => {
    const detail = await adminOrderOf(paid.order.order_number);
    expect(detail.invoice_number).toBe(paid.order.invoice_number);
    expect(detail.vat_breakdown).toEqual(paid.order.vat_breakdown);
    const res = await call(t.app, 'GET', detail.invoice_url!, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(await pdfTitle(res.rawPayload)).toBe(`VAT invoice ${detail.invoice_number}`);
    expect((await call(t.app, 'GET', detail.invoice_url!, { cookie: acmeAdmin, host: ACME_HOST })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', detail.invoice_url!)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/orders/not-a-uuid/invoice.pdf', { cookie: admin })).statusCode).toBe(404);
  });

  it('an unpaid order has no receipt yet', async () => {
    const buyer = shopper(t.app);
    await buyer.send('POST', '/api/cart/items', { product_id: mug });
    const placed = (await buyer.send('POST', '/api/checkout', { contact: { email: 'later@example.com' }, shippingAddress: ADDRESS, billingSameAsShipping: true })).json();
    const order = (await buyer.send('GET', `/api/orders/public-lookup?order_number=${placed.order_number}`)).json().order as OrderSummary;
    expect(order).toMatchObject({ invoice_number: null, receipt_url: null });
    expect((await buyer.send('GET', `/api/orders/${placed.order_number}/receipt.pdf`)).statusCode).toBe(404);
  });

  it('refunds give VAT back by rate, and the VAT report’s totals equal the orders’', async () => {
    const detail = await adminOrderOf(paid.order.order_number);
    const half = Math.round(detail.total_amount * 50) / 100;
    expect((await call(t.app, 'POST', `/api/admin/orders/${detail.id}/refunds`, { cookie: admin, body: { amount: half } })).statusCode).toBe(200);
    const rest = Math.round((detail.total_amount - half) * 100) / 100;
    expect((await call(t.app, 'POST', `/api/admin/orders/${detail.id}/refunds`, { cookie: admin, body: { amount: rest } })).statusCode).toBe(200);
    // Refunded in full: every rate's VAT is back, exactly.
    const entries = rowsOf<{ kind: string; rate: string; gross: number; vat: number }>(
      await t.database.db.execute(sql`select kind, rate, sum(gross)::int as gross, sum(vat)::int as vat from vat_entries where order_id = ${detail.id}::uuid group by kind, rate order by kind, rate`),
    );
    const sales = entries.filter((e) => e.kind === 'sale');
    const refunds = entries.filter((e) => e.kind === 'refund');
    expect(refunds.map(({ rate, gross, vat }) => ({ rate, gross, vat }))).toEqual(sales.map(({ rate, gross, vat }) => ({ rate, gross, vat })));

    const report = (await call(t.app, 'GET', `/api/admin/reports/vat?from=${today()}&to=${today()}`, { cookie: admin })).json().report as VatReport;
    const [orders] = rowsOf<{ n: number; total: number; vat: number; refunded: number }>(
      await t.database.db.execute(sql`select count(*)::int as n, sum(total_amount)::int as total, sum(vat_included)::int as vat, sum(refunded_amount)::int as refunded
        from orders where tenant_id = ${t.seed.tenantIds.demo}::uuid and paid_at is not null`),
    );
    expect(report.order_count).toBe(orders.n);
    expect(Math.round(report.totals.sales.gross * 100)).toBe(orders.total);
    expect(Math.round(report.totals.sales.vat * 100)).toBe(orders.vat);
    expect(Math.round(report.totals.refunds.gross * 100)).toBe(orders.refunded);
    expect(report.refund_count).toBe(2);
    expect(report.mtd.box1).toBe(report.totals.net.vat);
    expect(report.vat_registered).toBe(true);
    expect(report.sales.map((r) => r.rate)).toEqual(['standard', 'zero']);
    const csv = await call(t.app, 'GET', `/api/admin/reports/vat.csv?from=${today()}&to=${today()}`, { cookie: admin });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('Section,Rate,Net (GBP),VAT (GBP),Gross (GBP)');
    expect(csv.body).toContain(`Sales,All rates,${report.totals.sales.net.toFixed(2)},${report.totals.sales.vat.toFixed(2)},${report.totals.sales.gross.toFixed(2)}`);
  });

  it('the report is the store’s own, and refuses a bad period with the field named', async () => {
    const acme = (await call(t.app, 'GET', `/api/admin/reports/vat?from=${today()}&to=${today()}`, { cookie: acmeAdmin, host: ACME_HOST })).json().report as VatReport;
    expect(acme).toMatchObject({ order_count: 0, sales: [], vat_registered: false });
    const backwards = await call(t.app, 'GET', '/api/admin/reports/vat?from=2026-05-02&to=2026-05-01', { cookie: admin });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toEqual({ to: 'The end date must be on or after the start date' });
    expect((await call(t.app, 'GET', '/api/admin/reports/vat?from=2026-02-30&to=2026-03-01', { cookie: admin })).json().error.fields).toEqual({ from: 'Enter a date as YYYY-MM-DD' });
    expect((await call(t.app, 'GET', '/api/admin/reports/vat?from=2020-01-01&to=2026-01-01', { cookie: admin })).json().error.fields).toEqual({ to: 'Choose a period of at most 731 days' });
    expect((await call(t.app, 'GET', `/api/admin/reports/vat?from=${today()}&to=${today()}`)).statusCode).toBe(401);
  });
});

describe('a store that is not VAT registered (Acme)', () => {
  it('shows no VAT on the cart, the order or the receipt, which is a plain receipt', async () => {
    const [product] = await simpleProducts(ACME_HOST);
    const { buyer, cart, order } = await buyAndPay(ACME_HOST, [product.id], 'plain@example.com');
    expect(cart).toMatchObject({ vat_included: 0, vat_breakdown: [] });
    expect(order).toMatchObject({ vat_included: 0, vat_breakdown: [], invoice_number: 'INV-000001' });
    expect(order.items[0]).toMatchObject({ vat_rate: null, vat_amount: 0 });
    const receipt = await buyer.send('GET', order.receipt_url!);
    expect(receipt.headers['content-disposition']).toContain('receipt-INV-000001.pdf');
    expect(await pdfTitle(receipt.rawPayload)).toBe('Receipt INV-000001');
    const email = rowsOf<{ text: string }>(await t.database.db.execute(sql`select text from email_messages where kind = 'order_confirmation' and to_address = 'plain@example.com'`));
    expect(email[0].text).not.toMatch(/VAT/);
    expect((await call(t.app, 'GET', '/api/tenant/current', { host: ACME_HOST })).json().tenant.details).toMatchObject({ vat_registered: false, vat_number: null });
  });
});

describe('receipt numbers', () => {
  it('run 1, 2, 3... per store without a gap or a repeat when many payments arrive at once', async () => {
    const [product] = await simpleProducts(DEMO_HOST);
    const placed: { session_id: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const buyer = shopper(t.app);
      await buyer.send('POST', '/api/cart/items', { product_id: product.id });
      const res = await buyer.send('POST', '/api/checkout', { contact: { email: `many${i}@example.com` }, shippingAddress: ADDRESS, billingSameAsShipping: true });
      expect(res.statusCode, res.body).toBe(200);
      placed.push(res.json());
    }
    const answers = await Promise.all(
      placed.map(({ session_id }) => {
        const { payload, headers } = t.payments.webhook(session_id, 'checkout.completed');
        return t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: DEMO_HOST }, payload });
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(placed.map(() => 200));
    const numbers = rowsOf<{ invoice_number: number }>(
      await t.database.db.execute(sql`select invoice_number from orders where tenant_id = ${t.seed.tenantIds.demo}::uuid and invoice_number is not null order by invoice_number`),
    ).map((r) => r.invoice_number);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const [counter] = rowsOf<{ last_number: number }>(await t.database.db.execute(sql`select last_number from invoice_counters where tenant_id = ${t.seed.tenantIds.demo}::uuid`));
    expect(counter.last_number).toBe(numbers.length);
    // Acme's numbers are its own: it has one receipt, number 1.
    const acme = rowsOf<{ n: number }>(await t.database.db.execute(sql`select max(invoice_number)::int as n from orders where tenant_id = ${t.seed.tenantIds.acme}::uuid`));
    expect(acme[0].n).toBe(1);
  });

  it('hold under 100 payments at once, some of which roll back: the numbers they took are given again, none skipped', async () => {
    const tenantId = t.seed.tenantIds.acme;
    const ids = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into orders (tenant_id, order_number, customer_email, customer_name, shipping_address, billing_address, shipping_method_name,
                            subtotal, shipping_total, total_amount, payment_provider, reservation_expires_at)
        select ${tenantId}::uuid, 'BULK-' || g, 'bulk@example.com', 'Bulk Buyer', '{}'::jsonb, '{}'::jsonb, 'Standard', 1000, 0, 1000, 'test', now()
        from generate_series(1, 100) g
        returning id`),
    ).map((r) => r.id);
    const outcomes = await Promise.allSettled(
      ids.map((id, i) =>
        t.scopes.run({ tenantId, userId: null }, async (work) => {
          await issueReceipt({ ...work, tenantId, actor: null }, { id, invoiceNumber: null, vatBreakdown: [] });
          // Every seventh payment fails after taking its number (its transaction rolls back).
          if (i % 7 === 3) throw new Error('payment rolled back');
        }),
      ),
    );
    const kept = outcomes.filter((o) => o.status === 'fulfilled').length;
    expect(kept).toBe(100 - ids.filter((_, i) => i % 7 === 3).length);
    const numbers = rowsOf<{ invoice_number: number }>(
      await t.database.db.execute(sql`select invoice_number from orders where tenant_id = ${tenantId}::uuid and invoice_number is not null order by invoice_number`),
    ).map((r) => r.invoice_number);
    // Acme's one earlier receipt, then one number for each payment that stayed: 1..n, no gaps, no repeats.
    expect(numbers).toEqual(Array.from({ length: kept + 1 }, (_, i) => i + 1));
  });
});
