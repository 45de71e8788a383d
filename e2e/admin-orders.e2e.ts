import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { emptyCart, fillAddress, fillCart, payWith, STORE, SUCCESS_CARD } from './store';

// Issue 6: an order placed on the storefront is fulfilled and partly refunded from the admin, and the
// shopper sees what the shop did. Staff cannot open orders.

const poll = { timeout: 10_000 };

/** The dialog of the order page's action button, opened. */
async function openAction(page: Page, button: string, title: RegExp | string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

describe('admin orders', () => {
  it('place an order, find it in admin, ship it, refund part, see the timeline, emails, packing slip and the shopper’s view', async () => {
    // A signed-in shopper buys and pays on the test gateway.
    const shopper = await newPage();
    await signInThroughForm(shopper.page, url(STORE, '/login?redirect=%2F'), 'shopper@demo.test', DEMO_PASSWORD);
    await shopper.page.waitForURL(url(STORE, '/'));
    // The cart follows the account: start it empty, whatever another journey left in it.
    await emptyCart(shopper.page);
    await fillCart(shopper.page);
    await shopper.page.goto(url(STORE, '/checkout'));
    await expect.poll(() => shopper.page.getByLabel('Email', { exact: true }).inputValue(), poll).toBe('shopper@demo.test');
    await fillAddress(shopper.page, { first: 'Priya', last: 'Shopper' });
    await shopper.page.getByRole('button', { name: /^Pay £/ }).click();
    await shopper.page.waitForURL(/\/pay\/[^/]+$/);
    await payWith(shopper.page, SUCCESS_CARD);
    await shopper.page.getByRole('heading', { name: 'Thank you, Priya!', level: 1 }).waitFor();
    const number = (await shopper.page.getByText(/^Your order .+ is confirmed\.$/).innerText()).match(/Your order (\S+) is confirmed/)![1];

    // The admin finds it in the list by its number.
    const { page } = await newPage();
    await signInThroughForm(page, url(STORE, '/login?redirect=%2Fadmin%2Forders'), 'admin@demo.test', DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await page.getByText('Manage customer orders and fulfillment').waitFor();
    for (const counter of ['Total Orders', 'Pending', 'Processing', 'Completed']) await page.getByText(counter, { exact: true }).first().waitFor();
    await page.getByLabel('Search orders').fill(number);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('1 order(s) total').waitFor();
    const row = page.getByRole('row').filter({ hasText: number });
    await row.getByText('shopper@demo.test').waitFor();
    await row.getByText('£64.99').waitFor();
    await row.getByText('Confirmed').last().waitFor();
    // Admin spec §2: the date as MMM d, yyyy.
    await row.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/).last().waitFor();
    await snap(page, 'admin-orders-list');

    // Filtering by a status it does not have hides it; the empty text is the spec's.
    await page.getByLabel('Filter by status').selectOption('delivered');
    await page.getByText('No orders found. Orders will appear here once customers place them.').waitFor();
    await page.getByLabel('Filter by status').selectOption('');
    await row.getByRole('link', { name: `View Details of order ${number}` }).click();

    // The order page.
    await page.getByRole('heading', { name: `Order ${number}`, level: 1 }).waitFor();
    await page.getByText('Includes £10.83 VAT').waitFor();
    await page.getByText('14 Wharf Street').first().waitFor();
    await page.getByText('Test gateway', { exact: true }).waitFor();
    const timeline = page.getByRole('list', { name: 'Order timeline' });
    await timeline.getByText('Payment received').waitFor();
    await timeline.getByText('Order confirmation emailed to shopper@demo.test').waitFor();

    // Processing, then shipped: the dialog offers only the allowed moves and wants a tracking reference.
    let dialog = await openAction(page, 'Change status', 'Change status');
    const offered = await dialog.getByLabel('New status').locator('option').allInnerTexts();
    expect(offered).toEqual(['Processing', 'Shipped', 'Cancelled']);
    await dialog.getByLabel('New status').selectOption('processing');
    await dialog.getByRole('button', { name: 'Mark as Processing' }).click();
    await toastWith(page, `Order ${number} is now Processing`).waitFor();
    dialog = await openAction(page, 'Change status', 'Change status');
    expect(await dialog.getByLabel('New status').locator('option').allInnerTexts()).toEqual(['Shipped', 'Cancelled']);
    await dialog.getByLabel('New status').selectOption('shipped');
    await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
    await dialog.getByText('Enter the tracking reference for this shipment').waitFor();
    await dialog.getByLabel('Tracking reference').fill('RM123456789GB');
    await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
    await toastWith(page, `Order ${number} is now Shipped`).waitFor();
    await timeline.getByText('Status changed from Processing to Shipped (tracking reference RM123456789GB)').waitFor();
    await timeline.getByText('Shipping notice emailed to shopper@demo.test').waitFor();

    // Refund: more than is left is refused with the server's message; part is refunded.
    dialog = await openAction(page, 'Refund', `Refund order ${number}`);
    await dialog.getByText('Remaining').waitFor();
    await dialog.getByLabel('Amount to refund (£)').fill('100');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.getByText('A refund of £100.00 is more than the £64.99 left to refund on this order.').waitFor();
    await dialog.getByLabel('Amount to refund (£)').fill('10.50');
    await dialog.getByLabel('Reason (optional)').fill('Chipped bowl');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await toastWith(page, 'Refunded £10.50').waitFor();
    await timeline.getByText('Refunded £10.50 (Chipped bowl): £10.50 of £64.99 refunded').waitFor();
    await page.getByText('Partially refunded').waitFor();
    await page.getByText('Net paid').waitFor();

    // An internal note, with who wrote it.
    await page.getByLabel('Internal note').fill('Customer asked for a photo of the replacement.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await timeline.getByText('Customer asked for a photo of the replacement.').waitFor();
    await timeline.getByText(/^Internal note · admin@demo\.test · /).waitFor();
    const emails = page.getByRole('list', { name: 'Emails for this order' });
    for (const kind of ['Order confirmation', 'Shipping notice', 'Refund notice']) await emails.getByText(kind, { exact: true }).waitFor();
    await snap(page, 'admin-order-details');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'admin-order-details-phone');
    await page.goto(url(STORE, '/admin/orders'));
    await page.getByRole('row').filter({ hasText: number }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'admin-orders-list-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The shipping email as the customer got it, in the Emails screen.
    await page.goto(url(STORE, '/admin/emails'));
    await page.getByRole('link', { name: new RegExp(`order ${number} has shipped`) }).click();
    await page.frameLocator('iframe[title="Email content"]').getByText('Tracking reference: RM123456789GB').waitFor();
    await page.goBack();
    await page.getByRole('link', { name: new RegExp(`refund of £10\\.50 for order ${number}`) }).waitFor();

    // The packing slip: items, quantities, SKUs, the address and number; no prices.
    await page.goto(url(STORE, '/admin/orders'));
    await page.getByLabel('Search orders').fill(number);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('row').filter({ hasText: number }).getByRole('link', { name: /View Details/ }).click();
    await page.getByRole('link', { name: 'Print packing slip' }).click();
    const slip = page.getByRole('article', { name: 'Packing slip' });
    await slip.getByText(number).waitFor();
    await slip.getByText('14 Wharf Street').waitFor();
    await slip.getByText('Hand-thrown Serving Bowl').waitFor();
    expect(await slip.getByText('£').count()).toBe(0);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Admin' }).isVisible()).toBe(false);
    await snap(page, 'admin-packing-slip-print');
    await page.emulateMedia({ media: 'screen' });

    // The shopper's own views show what the shop did.
    await shopper.page.goto(url(STORE, '/my-orders'));
    const card = shopper.page.getByRole('article', { name: `Order ${number}` });
    await card.getByText('Shipped', { exact: true }).waitFor();
    expect(await card.locator('[data-tone]').getAttribute('data-tone')).toBe('purple');
    await card.getByText('RM123456789GB').waitFor();
    await card.getByText('£10.50 of £64.99').waitFor();
    await snap(shopper.page, 'my-orders-shipped');

    // Staff cannot open orders, in the app or through the API.
    const staff = await newPage();
    await signInThroughForm(staff.page, url(STORE, `/login?redirect=${encodeURIComponent(page.url().replace(/\/packing-slip$/, '').replace(/^http:\/\/[^/]+/, ''))}`), 'staff@demo.test', DEMO_PASSWORD);
    await staff.page.getByText('You do not have access to this section').waitFor();
    const status = await staff.page.evaluate(async (path) => (await fetch(path)).status, `/api/admin/orders/${page.url().match(/orders\/([^/]+)/)![1]}`);
    expect(status).toBe(403);
  });
});
