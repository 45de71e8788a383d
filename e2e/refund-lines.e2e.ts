import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { adminApiPage, adminCreatesProduct, runTag } from './run-data';
import { api, BOWL, emptyCart, fillAddress, payWith, productIdOf, STORE, SUCCESS_CARD } from './store';

// Issue 27 item 9: the admin refunds one line of an order and puts it back in stock (1280 px), the
// product's stock and ledger show it; the shopper opens My orders > the order's page on a phone (375 px)
// and sees the refund, which item it was, the address and the receipt. The journey makes the product
// whose stock it reads, so no other journey moves its figures.

const poll = { timeout: 10_000 };
const PHONE = { width: 375, height: 740 };

const currentStock = async (page: Page) => Number(await page.getByRole('region', { name: 'Stock levels' }).getByText(/^\d+$/).first().innerText());

describe('refunds by line', () => {
  it('the admin refunds one line with restock, the stock shows it, and the shopper sees the refund on the order page', { timeout: 120_000 }, async () => {
    // A product of the journey's own, 10 in stock, at £28.
    const admin = await adminApiPage();
    const jug = await adminCreatesProduct(admin.page, { name: `Stoneware Jug ${runTag()}`, price: 28, stock: 10 });
    await admin.context.close();

    // The shopper buys two jugs and a bowl, signed in, and pays on the test gateway.
    const shopper = await newPage(PHONE);
    const s = shopper.page;
    await signInThroughForm(s, url(STORE, '/login?redirect=%2F'), 'shopper@demo.test');
    await s.waitForURL(url(STORE, '/'));
    await emptyCart(s);
    expect((await api(s, 'POST', '/api/cart/items', { product_id: jug.id, quantity: 2 })).status).toBe(200);
    expect((await api(s, 'POST', '/api/cart/items', { product_id: await productIdOf(s, 'hand-thrown-serving-bowl'), quantity: 1 })).status).toBe(200);
    await s.goto(url(STORE, '/checkout'));
    await expect.poll(() => s.getByLabel('Email', { exact: true }).inputValue(), poll).toBe('shopper@demo.test');
    await fillAddress(s, { first: 'Priya', last: 'Shopper' });
    await s.getByRole('button', { name: /^Pay £/ }).click();
    await s.waitForURL(/\/pay\/[^/]+$/);
    await payWith(s, SUCCESS_CARD);
    await s.getByRole('heading', { name: 'Thank you, Priya!', level: 1 }).waitFor();
    const number = (await s.getByText(/^Your order .+ is confirmed\.$/).innerText()).match(/Your order (\S+) is confirmed/)![1];

    // The admin opens the order at 1280 px and refunds one jug, put back in stock.
    const { page } = await newPage({ width: 1280, height: 1000 });
    await signInThroughForm(page, url(STORE, '/login?redirect=%2Fadmin%2Forders'), 'admin@demo.test');
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await page.getByLabel('Search orders').fill(number);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('row').filter({ hasText: number }).getByRole('link', { name: /View Details/ }).click();
    await page.getByRole('heading', { name: `Order ${number}`, level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${number}` });
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'By item' }).click();
    const lines = dialog.getByRole('list', { name: 'Items to refund' });
    await lines.getByText(jug.name).waitFor();
    await lines.getByText(BOWL).waitFor();
    await dialog.getByLabel(`Quantity of ${jug.name} to refund`).selectOption('1');
    // Not sent yet: the goods are still in the shop, so they go back on sale unless unticked.
    const jugRow = lines.getByRole('listitem').filter({ hasText: jug.name });
    expect(await jugRow.getByLabel('Put back in stock').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Amount to refund (£)').inputValue()).toBe('28.00');
    await dialog.getByText('The chosen items come to £28.00. You can refund less, not more.').waitFor();
    // More than the chosen item is refused by the server, in its words, beside the amount.
    await dialog.getByLabel('Amount to refund (£)').fill('30');
    await dialog.getByRole('button', { name: 'Refund £30.00' }).click();
    await dialog.getByText('A refund of £30.00 is more than the £28.00 the chosen items come to.').waitFor();
    await dialog.getByLabel('Amount to refund (£)').fill('28.00');
    await snap(page, 'refund-lines-dialog');
    await page.setViewportSize({ width: 375, height: 800 });
    await snap(page, 'refund-lines-dialog-375');
    await page.setViewportSize({ width: 1280, height: 1000 });
    await dialog.getByRole('button', { name: 'Refund £28.00' }).click();
    await toastWith(page, 'Refunded £28.00').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const timeline = page.getByRole('list', { name: 'Order timeline' });
    await timeline.getByText(new RegExp(`^Refunded £28\\.00: 1 × ${jug.name} \\(restocked\\)\\. £28\\.00 of £[\\d.,]+ refunded$`)).waitFor();
    await page.getByRole('list', { name: 'Order lines' }).getByRole('listitem').filter({ hasText: jug.name }).getByText('1 refunded').waitFor();
    await page.getByText('Partially refunded').first().waitFor();
    await snap(page, 'refund-lines-admin-order');

    // The dialog again: one jug left to refund.
    await page.getByRole('button', { name: 'Refund' }).click();
    await dialog.getByRole('tab', { name: 'By item' }).click();
    const options = await dialog.getByLabel(`Quantity of ${jug.name} to refund`).locator('option').allInnerTexts();
    expect(options).toEqual(['0', '1']);
    await lines.getByRole('listitem').filter({ hasText: jug.name }).getByText('2 × £28.00 · 1 refunded').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // The stock shows it: 10, less 2 sold, plus 1 back; the ledger says which order.
    await page.goto(url(STORE, `/admin/catalogue/products/${jug.id}/stock`));
    await page.getByRole('heading', { name: `Stock: ${jug.name}`, level: 1 }).waitFor();
    await expect.poll(() => currentStock(page), poll).toBe(9);
    const history = page.getByRole('table', { name: 'Stock history' });
    await history.getByRole('row').filter({ hasText: `Order ${number} refunded: put back in stock` }).filter({ hasText: '+1' }).waitFor();
    await snap(page, 'refund-lines-stock');

    // The shopper, on a phone: My orders > the order's page shows the refund.
    await s.goto(url(STORE, '/my-orders'));
    const card = s.getByRole('article', { name: `Order ${number}` });
    await card.getByText('1 refunded').waitFor();
    expect(await fitsWidth(s)).toBe(true);
    await snap(s, 'refund-lines-my-orders-375');
    await card.getByRole('link', { name: `View order ${number}` }).click();
    await s.waitForURL(url(STORE, `/my-orders/${number}`));
    await s.getByRole('heading', { name: `Order ${number}`, level: 1 }).waitFor();
    const items = s.getByRole('list', { name: 'Items ordered' });
    await items.getByRole('listitem').filter({ hasText: jug.name }).getByText('1 of 2 refunded').waitFor();
    const refunds = s.getByRole('region', { name: 'Refunds' });
    await refunds.getByText(`1 × ${jug.name}`).waitFor();
    await refunds.getByText('£28.00').waitFor();
    await s.getByText('Paid after refunds').waitFor();
    await s.getByRole('region', { name: 'Delivery' }).getByText('14 Wharf Street').waitFor();
    await s.getByRole('link', { name: /^Download VAT receipt/ }).waitFor();
    expect(await fitsWidth(s)).toBe(true);
    await snap(s, 'refund-lines-my-order-375');

    // A number that is not the shopper's reads as not found.
    await s.goto(url(STORE, '/my-orders/ORD-NOT-MINE'));
    await s.getByRole('heading', { name: 'Order not found', level: 1 }).waitFor();
    expect(await fitsWidth(s)).toBe(true);
    await snap(s, 'refund-lines-my-order-not-found-375');
    await shopper.context.close();
  });
});
