import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { cartItems, emptyCart, fillAddress, fillCart, payWith, STORE, SUCCESS_CARD } from './store';

// Issue 11 item 8 (decision 009): a checkout left on the pay page is not an order for the shop. The
// shopper finds it in My orders awaiting payment, pays it later with Pay now, or cancels it.

const poll = { timeout: 10_000 };

/** Checks out this browser's cart up to the test gateway's pay page and answers the order number it shows. */
async function startCheckout(page: Page): Promise<string> {
  await fillCart(page);
  await page.goto(url(STORE, '/checkout'));
  await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue(), poll).toBe('shopper@demo.test');
  await fillAddress(page, { first: 'Priya', last: 'Shopper' });
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.waitForURL(/\/pay\/[^/]+$/);
  return (await page.getByText(/^Order [2-9A-Z]{4}-[2-9A-Z]{4}$/).innerText()).slice('Order '.length);
}

/** Opens the admin's orders list, searched for `search` when given. */
async function openAdminOrders(admin: Page, search = ''): Promise<void> {
  await admin.goto(url(STORE, '/admin/orders'));
  await admin.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
  await admin.getByText(/^\d+ order\(s\) total$/).waitFor();
  if (!search) return;
  await admin.getByLabel('Search orders').fill(search);
  const answered = admin.waitForResponse((r) => r.url().includes('/api/admin/orders?') && r.url().includes(`search=${encodeURIComponent(search)}`));
  await admin.getByRole('button', { name: 'Search' }).click();
  await answered;
}

/** The list's "N order(s) total" figure as shown now (poll it: a search's answer replaces the last one). */
async function shownTotal(admin: Page): Promise<number> {
  return Number((await admin.getByText(/^\d+ order\(s\) total$/).innerText()).split(' ')[0]);
}

/** The total the list settles on for this search (or none). */
async function adminTotal(admin: Page, search = '', expected?: number): Promise<number> {
  await openAdminOrders(admin, search);
  if (expected !== undefined) await expect.poll(() => shownTotal(admin), poll).toBe(expected);
  return shownTotal(admin);
}

describe('abandoned checkout', () => {
  it('left on the pay page: not in Admin > Orders; My orders shows it awaiting payment; Pay now pays it; Cancel cancels the next one', async () => {
    const admin = await newPage();
    await signInThroughForm(admin.page, url(STORE, '/login?redirect=%2Fadmin%2Forders'), 'admin@demo.test', DEMO_PASSWORD);
    await admin.page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    const before = await adminTotal(admin.page);

    const { context, page } = await newPage();
    await signInThroughForm(page, url(STORE, '/login?redirect=%2F'), 'shopper@demo.test', DEMO_PASSWORD);
    await page.waitForURL(url(STORE, '/'));
    await emptyCart(page);

    // The shopper goes to pay, then leaves the pay page for the shop.
    const first = await startCheckout(page);
    await page.goto(url(STORE, '/'));

    // The shop has no new order: same total, and the number is not found.
    expect(await adminTotal(admin.page, '', before)).toBe(before);
    expect(await adminTotal(admin.page, first, 0)).toBe(0);
    await admin.page.getByText('No orders found. Orders will appear here once customers place them.').waitFor();

    // My orders: awaiting payment, with Pay now and Cancel.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My orders' }).click();
    const card = page.getByRole('article', { name: `Order ${first}` });
    await card.getByText('Awaiting payment', { exact: true }).waitFor();
    await card.getByText(/Not paid yet\. We are holding these items for you until \d{2}:\d{2}; after that the order is cancelled\./).waitFor();
    await card.getByRole('button', { name: `Cancel order ${first}` }).waitFor();
    await snap(page, 'my-orders-awaiting-payment');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'my-orders-awaiting-payment-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Pay now returns to the same payment page; paid, it is a normal order for shopper and shop.
    await card.getByRole('link', { name: 'Pay now' }).click();
    await page.waitForURL(/\/pay\/[^/]+$/);
    await page.getByText(`Order ${first}`, { exact: true }).waitFor();
    await payWith(page, SUCCESS_CARD);
    await page.getByRole('heading', { name: 'Thank you, Priya!', level: 1 }).waitFor();
    await page.getByText(`Your order ${first} is confirmed.`).waitFor();
    await page.goto(url(STORE, '/my-orders'));
    await card.getByText('Confirmed', { exact: true }).waitFor();
    expect(await card.getByRole('link', { name: 'Pay now' }).count()).toBe(0);
    expect(await adminTotal(admin.page, '', before + 1)).toBe(before + 1);
    expect(await adminTotal(admin.page, first, 1)).toBe(1);

    // The next checkout is left too, then cancelled from My orders (asked twice, inline).
    const second = await startCheckout(page);
    await page.goto(url(STORE, '/my-orders'));
    const open = page.getByRole('article', { name: `Order ${second}` });
    await open.getByRole('button', { name: `Cancel order ${second}` }).click();
    const confirm = open.getByRole('group', { name: `Cancel order ${second}?` });
    await confirm.getByText('Cancel this order?').waitFor();
    await snap(page, 'my-orders-cancel-confirm');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'my-orders-cancel-confirm-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await confirm.getByRole('button', { name: 'Keep order' }).click();
    await open.getByRole('link', { name: 'Pay now' }).waitFor();
    await open.getByRole('button', { name: `Cancel order ${second}` }).click();
    await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
    await toastWith(page, 'Order cancelled', `Order ${second} has been cancelled. You have not been charged.`).waitFor();
    await open.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: `Order ${first}` }).waitFor();
    // The items are still in the cart to check out again; the shop still has no such order.
    expect((await cartItems(page)).length).toBe(2);
    expect(await adminTotal(admin.page, second, 0)).toBe(0);
    expect(await adminTotal(admin.page, '', before + 1)).toBe(before + 1);

    await admin.context.close();
    await context.close();
  });
});
