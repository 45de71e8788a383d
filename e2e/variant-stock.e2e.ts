import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { adminApiPage, runTag } from './run-data';
import { api, STORE } from './store';

// Issue 27 item 3 (decision 042): a product with variants keeps its stock on them. The list shows the
// price range a shopper pays and the variants' sum, Adjust Stock asks which variant, the stock page
// shows each one, the form shows the sum instead of a stock field, and a changed base price says
// which prices it changes.

const poll = { timeout: 10_000 };

interface Made {
  id: string;
  name: string;
  variants: { id: string; sku: string; price: number }[];
}

/** A lamp of this journey's own with two sizes: Small £12.00 (3 in stock), Large £18.00 on sale at £15.00 (2). */
async function lampWithSizes(): Promise<Made> {
  const admin = await adminApiPage();
  const tag = runTag();
  const name = `Brass Desk Lamp ${tag}`;
  const res = await api<{ product: Made }>(admin.page, 'POST', '/api/admin/products', {
    name,
    slug: `brass-desk-lamp-${tag}`,
    sku: `LAMP-${tag}`.toUpperCase(),
    base_price: 12,
    status: 'active',
    track_inventory: true,
    variants: [
      { sku: `LAMP-${tag}-S`.toUpperCase(), price: 12, stock_quantity: 3, options: [{ name: 'Size', value: 'Small' }] },
      { sku: `LAMP-${tag}-L`.toUpperCase(), price: 18, sale_price: 15, stock_quantity: 2, options: [{ name: 'Size', value: 'Large' }] },
    ],
  });
  expect(res.status).toBe(201);
  await admin.context.close();
  return res.body.product;
}

async function signInAsAdmin(page: Page): Promise<void> {
  await signInThroughForm(page, url(STORE, '/login?redirect=%2Fadmin'), 'admin@demo.test');
  await page.waitForURL(url(STORE, '/admin'));
}

const productRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

describe('stock and price of a product with variants', () => {
  it('lists the price range and the sum, adjusts a chosen variant, and shows each variant on the stock page', async () => {
    const lamp = await lampWithSizes();
    const { context, page } = await newPage();
    await signInAsAdmin(page);
    await page.goto(url(STORE, `/admin/catalogue/products?search=${encodeURIComponent(lamp.name)}`));
    const row = productRow(page, lamp.name);
    await row.waitFor();
    await row.getByText('£12.00 – £15.00').waitFor();
    await row.getByText('2 variants').waitFor();
    expect(await row.getByText('5', { exact: true }).count()).toBe(1);
    await snap(page, 'variant-stock-list');

    // Adjust asks which variant; the toast names it, and the row shows the new sum.
    await row.getByRole('button', { name: `Adjust stock of ${lamp.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Adjust Stock: ${lamp.name}` });
    await dialog.getByLabel('Variant').waitFor();
    await dialog.getByText('Current Stock (all variants)').waitFor();
    await dialog.getByLabel('Quantity Change').fill('4');
    await dialog.getByRole('button', { name: 'Adjust Stock' }).click();
    await dialog.getByText("Choose which variant's stock to adjust").waitFor();
    await dialog.getByLabel('Variant').selectOption({ label: `Large (${lamp.variants[1].sku}): 2 in stock` });
    await dialog.getByText('New stock: 6').waitFor();
    await snap(page, 'variant-stock-dialog');
    await dialog.getByRole('button', { name: 'Adjust Stock' }).click();
    await toastWith(page, 'Stock updated', `${lamp.name} (Large) stock adjusted by +4`).waitFor();
    await expect.poll(() => row.getByText('9', { exact: true }).count(), poll).toBe(1);

    // The stock page: the sums on top, each variant below.
    await page.goto(url(STORE, `/admin/catalogue/products/${lamp.id}/stock`));
    const variants = page.getByRole('table').filter({ hasText: 'Variant' }).first();
    await variants.getByRole('row').filter({ hasText: 'Large' }).getByText('6', { exact: true }).first().waitFor();
    await variants.getByRole('row').filter({ hasText: 'Small' }).getByText('3', { exact: true }).first().waitFor();
    await page.getByRole('region', { name: 'Stock levels' }).getByText('9', { exact: true }).first().waitFor();
    await snap(page, 'variant-stock-page');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'variant-stock-page-375');
    await context.close();
  });

  it('shows the sum in place of a stock field, and a changed base price names the variants it leaves and can move them', async () => {
    const lamp = await lampWithSizes();
    const { context, page } = await newPage();
    await signInAsAdmin(page);
    await page.goto(url(STORE, `/admin/catalogue/products/${lamp.id}/edit`));
    await page.getByTestId('variant-stock-sum').getByText('5', { exact: true }).waitFor();
    expect(await page.getByLabel('Stock Quantity', { exact: true }).count()).toBe(0);
    const note = page.getByTestId('variant-pricing-note');
    await note.getByText("Shoppers pay each variant's own price (£12.00 to £15.00).").waitFor();

    await page.getByLabel('Base Price (£)*').fill('14');
    await note.getByText('Changing the base price to £14.00 changes the listing price only. Small stays at £12.00.').waitFor();
    await snap(page, 'variant-base-price-note');
    await note.getByRole('button', { name: 'Set it to £14.00 too' }).click();
    await expect.poll(() => page.getByLabel('Variant 1 price').inputValue(), poll).toBe('14.00');
    // A variant's stock typed in the form moves the sum shown.
    await page.getByLabel('Variant 2 stock').fill('7');
    await page.getByTestId('variant-stock-sum').getByText('10', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toastWith(page, 'Product updated successfully').waitFor();

    const saved = await api<{ product: { base_price: number; stock_quantity: number; variants: { price: number; stock_quantity: number }[] } }>(page, 'GET', `/api/admin/products/${lamp.id}`);
    expect(saved.body.product.base_price).toBe(14);
    expect(saved.body.product.variants.map((v) => [v.price, v.stock_quantity])).toEqual([[14, 3], [18, 7]]);
    expect(saved.body.product.stock_quantity).toBe(10);

    await page.goto(url(STORE, `/admin/catalogue/products/${lamp.id}/edit`));
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId('variant-pricing-note').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'variant-form-375');
    await context.close();
  });
});
