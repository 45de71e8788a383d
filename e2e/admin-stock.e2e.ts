import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { adminApiPage, adminCreatesProduct, adminMovesStock, runTag, type MadeProduct, type NewProduct } from './run-data';
import { api, STORE } from './store';

// Admin stock (admin spec §2 Adjust Stock dialog, Low Stock Alert; §5; §8): the stock page, the dialog,
// the ledger, the dashboard banner, and a storefront sale showing up in the ledger. Each journey makes
// the product whose stock and ledger it reads, so neither other files nor the order of these journeys
// changes what it finds.

const poll = { timeout: 10_000 };

/** A product of this journey's own, made by the admin through the API. */
async function ownProduct(name: string, fields: Omit<NewProduct, 'name' | 'price'> = {}): Promise<MadeProduct> {
  const admin = await adminApiPage();
  try {
    return await adminCreatesProduct(admin.page, { name: `${name} ${runTag()}`, price: 24, ...fields });
  } finally {
    await admin.context.close();
  }
}

const stockPage = (id: string) => url(STORE, `/admin/catalogue/products/${id}/stock`);

async function signInAsAdmin(page: Page): Promise<void> {
  await signInThroughForm(page, url(STORE, '/login?redirect=%2Fadmin'), 'admin@demo.test');
  await page.waitForURL(url(STORE, '/admin'));
  await page.getByRole('heading', { name: 'Good morning!' }).waitFor();
}

const currentStock = async (page: Page) => Number(await page.getByRole('region', { name: 'Stock levels' }).getByText(/^\d+$/).first().innerText());

/** Opens the dialog on the stock page, fills it in and submits. */
async function adjustThroughDialog(page: Page, name: string, change: string, reason: string, notes = ''): Promise<void> {
  await page.getByRole('button', { name: 'Adjust Stock' }).click();
  const dialog = page.getByRole('dialog', { name: `Adjust Stock: ${name}` });
  await dialog.waitFor();
  await dialog.getByLabel('Quantity Change').fill(change);
  await dialog.getByLabel('Reason').selectOption({ label: reason });
  if (notes) await dialog.getByLabel('Notes (optional)').fill(notes);
  await dialog.getByRole('button', { name: 'Adjust Stock' }).click();
}

const lowStockCount = async (page: Page) => {
  const text = await page.getByRole('region', { name: 'Low stock' }).getByText(/running low on stock$/).innerText();
  return Number(text.match(/^(\d+) product\(s\) running low on stock$/)![1]);
};

/** A ledger row (the wide table) holding every one of the texts. */
const ledgerRow = (page: Page, ...texts: string[]) => {
  let row = page.getByRole('table', { name: 'Stock history' }).getByRole('row');
  for (const text of texts) row = row.filter({ hasText: text });
  return row;
};

describe('admin stock', () => {
  it('adjusts stock through the dialog with reasons and notes, refuses 0 and too much, and the ledger shows each change', async () => {
    // Tracked, with stock 0 set at creation: a ledger with no line yet.
    const lantern = await ownProduct('Hurricane Lantern', { stock: 0 });
    const LANTERN = lantern.name;
    const { context, page } = await newPage();
    await signInAsAdmin(page);
    await page.goto(stockPage(lantern.id));
    await page.getByRole('heading', { name: `Stock: ${LANTERN}`, level: 1 }).waitFor();
    await page.getByText('No stock movements yet').waitFor();
    const start = await currentStock(page);
    expect(start).toBe(0);

    await adjustThroughDialog(page, LANTERN, '5', 'Purchase/Delivery', 'Delivery note 4471');
    await toastWith(page, 'Stock updated', `${LANTERN} stock adjusted by +5`).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => currentStock(page), poll).toBe(start + 5);
    await ledgerRow(page, '+5', 'Purchase/Delivery', 'Delivery note 4471', String(start + 5), 'admin@demo.test').waitFor();

    await adjustThroughDialog(page, LANTERN, '-2', 'Damaged Goods', 'Dropped in the stockroom');
    await toastWith(page, 'Stock updated', `${LANTERN} stock adjusted by -2`).waitFor();
    await expect.poll(() => currentStock(page), poll).toBe(start + 3);
    await ledgerRow(page, '-2', 'Damaged Goods', 'Dropped in the stockroom', String(start + 3)).waitFor();
    // Newest first.
    const rows = page.getByRole('table', { name: 'Stock history' }).getByRole('row');
    await expect.poll(() => rows.nth(1).innerText(), poll).toContain('Damaged Goods');
    expect(await rows.nth(2).innerText()).toContain('Purchase/Delivery');

    // 0: the client refuses it, with the spec's toast, and the dialog stays open.
    await adjustThroughDialog(page, LANTERN, '0', 'Manual Adjustment');
    await toastWith(page, 'Invalid quantity', 'Please enter a non-zero quantity').waitFor();
    const dialog = page.getByRole('dialog', { name: `Adjust Stock: ${LANTERN}` });
    await dialog.getByText('Please enter a non-zero quantity').waitFor();
    await snap(page, 'admin-stock-dialog-invalid');

    // More than there is: the server's message is shown under the generic title.
    await dialog.getByLabel('Quantity Change').fill(String(-(start + 4)));
    await dialog.getByRole('button', { name: 'Adjust Stock' }).click();
    await toastWith(page, 'Failed to adjust stock', 'Stock cannot go below zero').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await currentStock(page)).toBe(start + 3);
    expect(await rows.count()).toBe(3);
    await snap(page, 'admin-stock-page');
    await context.close();
  });

  it('a product with tracking off says so and cannot be adjusted', async () => {
    const jars = await ownProduct('Storage Jars', { tracked: false });
    const JARS = jars.name;
    const { context, page } = await newPage();
    await signInAsAdmin(page);
    await page.goto(stockPage(jars.id));
    await page.getByRole('heading', { name: `Stock: ${JARS}`, level: 1 }).waitFor();
    await page.getByText('Inventory tracking is disabled').waitFor();
    await page.getByText('Enable tracking to adjust stock levels.', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Adjust Stock' }).click();
    const dialog = page.getByRole('dialog', { name: `Adjust Stock: ${JARS}` });
    await dialog.getByText('Not tracked').waitFor();
    await dialog.getByRole('button', { name: 'Adjust Stock' }).click();
    await toastWith(page, 'Inventory tracking is disabled', 'Enable tracking to adjust stock levels.').waitFor();
    await context.close();
  });

  it('the Dashboard shows the Low Stock Alert, which counts a product brought to 5 or fewer, and Manage Stock opens the products list', async () => {
    const { context, page } = await newPage();
    await signInAsAdmin(page);
    const alert = page.getByRole('region', { name: 'Low stock' });
    await alert.waitFor();
    const before = await lowStockCount(page);
    expect(await alert.getByRole('listitem').count()).toBe(Math.min(before, 3));
    // Name (SKU): stock; the fewest left come first, whichever journey made them.
    await alert.getByText(/^.+ \([^)]+\): \d+ left$/).first().waitFor();
    if (before > 3) await alert.getByText(`...and ${before - 3} more`).waitFor();

    // A product with plenty, brought down to 4: one more on the alert.
    const lantern = await ownProduct('Hurricane Lantern', { stock: 40 });
    const LANTERN = lantern.name;
    await page.goto(stockPage(lantern.id));
    await page.getByRole('heading', { name: `Stock: ${LANTERN}`, level: 1 }).waitFor();
    const stock = await currentStock(page);
    await adjustThroughDialog(page, LANTERN, String(4 - stock), 'Stock Recount', 'Counted the shelf');
    await toastWith(page, 'Stock updated').waitFor();
    await expect.poll(() => currentStock(page), poll).toBe(4);
    await page.getByText('Low stock', { exact: true }).waitFor();

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { name: 'Good morning!' }).waitFor();
    await expect.poll(() => lowStockCount(page), poll).toBe(before + 1);
    await snap(page, 'admin-stock-low-stock-alert');
    await alert.getByRole('link', { name: 'Manage Stock' }).click();
    await page.waitForURL(url(STORE, '/admin/catalogue/products'));
    await context.close();
  });

  it('a storefront purchase through checkout appears in the ledger as a sale of its order', async () => {
    const lantern = await ownProduct('Hurricane Lantern', { stock: 4 });
    const LANTERN = lantern.name;
    const { context, page } = await newPage();
    await page.goto(url(STORE, '/'));
    await page.getByRole('heading', { name: 'Demo Store', level: 1 }).waitFor();
    expect((await api(page, 'POST', '/api/cart/items', { product_id: lantern.id, quantity: 1 })).status).toBe(200);
    await page.goto(url(STORE, '/checkout'));
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill('lantern.buyer@example.co.uk');
    const shipping = page.getByRole('region', { name: 'Shipping address' });
    await shipping.getByLabel('First name').fill('Robin');
    await shipping.getByLabel('Last name').fill('Lantern');
    await shipping.getByLabel('Address line 1').fill('3 Quay Street');
    await shipping.getByLabel('City').fill('Bristol');
    await shipping.getByLabel('Postcode').fill('BS1 4DB');
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await page.waitForURL(/\/pay\/[^/]+$/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await page.waitForURL(/\/order\/success/);
    const confirmed = page.getByText(/^Your order .+ is confirmed\.$/);
    await confirmed.waitFor();
    const orderNumber = (await confirmed.innerText()).match(/Your order (\S+) is confirmed/)![1];

    await signInAsAdmin(page);
    await page.goto(stockPage(lantern.id));
    await page.getByRole('heading', { name: `Stock: ${LANTERN}`, level: 1 }).waitFor();
    await expect.poll(() => currentStock(page), poll).toBe(3);
    await ledgerRow(page, '-1', 'Sale', `Order ${orderNumber} paid`, `Order ${orderNumber}`).waitFor();
    expect(await page.getByRole('table', { name: 'Stock history' }).getByRole('row').nth(1).innerText()).toContain('Sale');
    await snap(page, 'admin-stock-sale-in-ledger');
    await context.close();
  });

  it('fits a phone: the stock page, the dialog and the dashboard banner', async () => {
    const lantern = await ownProduct('Hurricane Lantern', { stock: 40 });
    const LANTERN = lantern.name;
    const admin = await adminApiPage();
    await adminMovesStock(admin.page, lantern.id, 5, 'purchase', 'Delivery note 4471');
    await admin.context.close();
    const { context, page } = await newPage({ width: 375, height: 740 });
    await signInAsAdmin(page);
    await page.getByRole('region', { name: 'Low stock' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.goto(stockPage(lantern.id));
    await page.getByRole('heading', { name: `Stock: ${LANTERN}`, level: 1 }).waitFor();
    // Phones get cards instead of the table.
    await page.getByRole('list', { name: 'Stock history' }).getByText('Purchase/Delivery').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'admin-stock-page-phone');
    await page.getByRole('button', { name: 'Adjust Stock' }).click();
    await page.getByRole('dialog').getByLabel('Quantity Change').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'admin-stock-dialog-phone');
    await context.close();
  });
});
