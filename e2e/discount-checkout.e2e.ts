import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DISCOUNT_TEXT } from '../src/shared/discounts';
import { fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { adminApiPage, runTag } from './run-data';
import { api, fillAddress, fillCart, openStore, payWith, productIdOf, STORE, SUCCESS_CARD } from './store';

// Issue 28 in the browser: a discount code made in the admin, applied on the cart on a phone, paid with
// the test card, and seen on the success page, in My orders and in the admin; an expired code's
// message; free delivery reached by adding an item.

const PHONE = { width: 375, height: 812 };
const summaryOf = (page: Page) => page.getByRole('region', { name: 'Order summary' });

/** Makes a code through the admin's API (the admin screen itself is walked in admin-discounts.e2e.ts). */
async function adminMakesCode(body: Record<string, unknown>): Promise<void> {
  const admin = await adminApiPage();
  const made = await api(admin.page, 'POST', '/api/admin/discounts', { kind: 'percentage', value: 20, applies_to: 'order', once_per_customer: false, is_active: true, ...body });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await admin.context.close();
}

/** A code of this run's own: A-Z and 0-9 from the run's tag. */
const codeFor = (prefix: string) => `${prefix}${runTag().toUpperCase().replace(/[^A-Z0-9]/g, '')}`.slice(0, 32);

describe('discount codes in the shop', () => {
  it('a 20% code made in the admin, applied on the cart on a phone, paid with the test card: on the success page, in My orders and in the admin', async () => {
    const code = codeFor('SAVE20');
    // The admin makes it (1280 px).
    const admin = await newPage();
    await signInThroughForm(admin.page, url(STORE, `/login?redirect=${encodeURIComponent('/admin/discounts/new')}`), 'admin@demo.test');
    const form = admin.page.getByRole('form', { name: 'Create discount' });
    await form.getByLabel('Code *').fill(code.toLowerCase());
    await form.getByLabel('Percentage off (%) *').fill('20');
    await form.getByRole('button', { name: 'Create discount' }).click();
    await toastWith(admin.page, `${code} created`).waitFor();

    // A new shopper on a phone: £28.00 bowl + 2 × £16.50 pots = £61.00; 20% off is £12.20.
    const { context, page } = await newPage(PHONE);
    await openStore(page);
    const email = `discount-${Date.now()}@example.co.uk`;
    expect((await api(page, 'POST', '/api/auth/sign-up', { email, password: 'a-long-password' })).status).toBe(201);
    await fillCart(page);
    await page.goto(url(STORE, '/cart'));
    const summary = summaryOf(page);
    await summary.getByText('£61.00', { exact: true }).first().waitFor();
    await summary.getByLabel('Discount code').fill(code.toLowerCase());
    await summary.getByRole('button', { name: 'Apply' }).click();
    await summary.getByText(`Discount (${code})`).waitFor();
    await summary.getByText('−£12.20', { exact: true }).waitFor();
    // £48.80 of goods: delivery £3.99, total £52.79; free delivery is £51.20 away.
    await summary.getByText('£52.79', { exact: true }).waitFor();
    await summary.getByText('Spend £51.20 more for free delivery').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'discount-cart-375');

    await summary.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(url(STORE, '/checkout'));
    await fillAddress(page, { first: 'Dora', last: 'Discount' });
    await page.getByRole('button', { name: 'Pay £52.79' }).click();
    await page.waitForURL(/\/pay\/[^/]+$/);
    await page.getByText('£52.79').first().waitFor();
    await payWith(page, SUCCESS_CARD);
    await page.waitForURL(/\/order\/success\?session_id=/);
    await page.getByRole('heading', { name: 'Thank you, Dora!', level: 1 }).waitFor();
    await page.getByText(`Discount (${code})`).waitFor();
    await page.getByText('−£12.20', { exact: true }).waitFor();
    const number = (await page.getByText(/^Your order .+ is confirmed\.$/).innerText()).match(/Your order (\S+) is confirmed/)![1];
    await snap(page, 'discount-success-375');

    // My orders: the list's total, and the order's own page with the discount line.
    await page.getByRole('link', { name: 'View My Orders' }).click();
    const listed = page.getByRole('article', { name: `Order ${number}` });
    await listed.getByText('£52.79', { exact: true }).first().waitFor();
    await page.goto(url(STORE, `/my-orders/${number}`));
    await page.getByText(`Discount (${code})`).waitFor();
    await page.getByText('−£12.20', { exact: true }).waitFor();
    await snap(page, 'discount-my-order-375');
    await context.close();

    // The admin's order page shows it too, and the code's list counts the sale.
    const found = await api<{ orders: { id: string }[] }>(admin.page, 'GET', `/api/admin/orders?search=${number}`);
    await admin.page.goto(url(STORE, `/admin/orders/${found.body.orders[0].id}`));
    await admin.page.getByText(`Discount (${code})`).waitFor();
    await admin.page.getByText('−£12.20').first().waitFor();
    await snap(admin.page, 'discount-admin-order');
    await admin.page.goto(url(STORE, `/admin/discounts?q=${code}`));
    const row = admin.page.getByRole('table', { name: 'Discount codes' }).getByRole('row').filter({ hasText: code });
    await row.getByText('1 / ∞').waitFor();
    await row.getByText('£52.79').waitFor();
    await admin.context.close();
  });

  it('an expired code says so under the field and takes nothing off', async () => {
    const code = `OLD${runTag().toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 20)}`;
    await adminMakesCode({ code, starts_at: '2025-01-01T09:00:00.000Z', ends_at: '2025-01-31T23:00:00.000Z' });
    const { context, page } = await newPage(PHONE);
    await openStore(page);
    expect((await api(page, 'POST', '/api/cart/items', { product_id: await productIdOf(page, 'terracotta-plant-pot-21cm'), quantity: 1 })).status).toBe(200);
    await page.goto(url(STORE, '/cart'));
    const summary = summaryOf(page);
    await summary.getByLabel('Discount code').fill(code.toLowerCase());
    await summary.getByRole('button', { name: 'Apply' }).click();
    await summary.getByRole('alert').getByText(DISCOUNT_TEXT.expired).waitFor();
    expect(await summary.getByText('Discount', { exact: false }).filter({ hasText: /^Discount \(/ }).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'discount-expired-375');
    await context.close();
  });

  it('free delivery is reached by adding an item: the cart says how much more, then delivery is Free', async () => {
    const { context, page } = await newPage();
    await openStore(page);
    expect((await api(page, 'POST', '/api/cart/items', { product_id: await productIdOf(page, 'terracotta-plant-pot-21cm'), quantity: 1 })).status).toBe(200);
    await page.goto(url(STORE, '/cart'));
    const summary = summaryOf(page);
    // £16.50 of goods; Standard Delivery is free from £100.
    await summary.getByText('Spend £83.50 more for free delivery').waitFor();
    await snap(page, 'free-delivery-hint');
    expect((await api(page, 'POST', '/api/cart/items', { product_id: await productIdOf(page, 'hand-thrown-serving-bowl'), quantity: 3 })).status).toBe(200);
    await page.reload();
    await summary.getByText('£100.50', { exact: true }).first().waitFor();
    await summary.getByText('Free', { exact: true }).waitFor();
    expect(await summary.getByText(/more for free delivery/).count()).toBe(0);
    await context.close();
  });
});
