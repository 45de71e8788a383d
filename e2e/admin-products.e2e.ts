import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';

const LIST = url('demo.localhost', '/admin/catalogue/products');
/** A form control by its exact label (the AI buttons' names also contain the field names). */
const field = (page: Page, name: string) => page.getByRole(name === 'Stock Quantity' || name.includes('Price') ? 'spinbutton' : 'textbox', { name, exact: true });
const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
const firstNames = async (page: Page) => page.getByRole('table', { name: 'Products' }).locator('tbody tr td:first-child a').allInnerTexts();
/** The list after a filter change has settled (the table is not refetching). */
async function settled(page: Page) {
  await page.locator('table[aria-label="Products"][aria-busy="false"], ul[aria-label="Products"][aria-busy="false"]').or(page.getByText('No products found')).first().waitFor();
}

async function signInAsAdmin(page: Page) {
  await signInThroughForm(page, url('demo.localhost', '/login'), 'admin@demo.test');
  await page.waitForURL(url('demo.localhost', '/admin'));
}

describe('admin products journeys', () => {
  it('lists, filters, sorts and pages the catalogue', async () => {
    const { context, page } = await newPage();
    await signInAsAdmin(page);
    await page.goto(LIST);
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await page.getByText('Manage your product catalogue with AI assistance').waitFor();
    await page.getByText('36 product(s) total').waitFor();
    for (const column of ['Product', 'SKU', 'Price', 'Stock', 'Inventory Tracking', 'Status', 'Featured', 'Actions']) {
      await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
    }
    // 'AI Wizard' opens the AI Product Wizard (its own journey is e2e/admin-ai.e2e.ts).
    await page.getByRole('button', { name: 'AI Wizard' }).click();
    await page.getByRole('dialog').getByText('Product Essentials').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Low stock in red, untracked products badged, featured rows tinted, 'Published' for live ones.
    expect(await rowOf(page, 'Ribbed Glass Vase').locator('[data-low-stock]').innerText()).toBe('2');
    await rowOf(page, 'British Wildflower Seed Mix').getByText('Not tracked').waitFor();
    expect(await rowOf(page, 'Terracotta Plant Pot, 21cm').getAttribute('data-featured')).toBe('true');
    await rowOf(page, 'Hanging Seed Bird Feeder').getByText('Published').waitFor();
    await snap(page, 'admin-products-list');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await page.getByLabel('Status').selectOption('draft');
    // A filter change goes back to page 1; two drafts fit on one page, so no pager.
    await page.getByText('2 product(s) total').waitFor();
    await settled(page);
    expect(await page.getByText(/Page \d of/).count()).toBe(0);
    await rowOf(page, 'Smoked Glass Wall Light').getByText('Draft').waitFor();

    await page.getByLabel('Status').selectOption('all');
    await page.getByLabel('Sort').selectOption('name_asc');
    await page.getByText('Page 1 of 2').waitFor();
    await settled(page);
    const names = await firstNames(page);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    await page.getByLabel('Sort').selectOption('price_desc');
    await settled(page);
    const dearest = await page.evaluate(() => fetch('/api/admin/products?sort=price_desc&limit=1').then((r) => r.json()).then((b) => b.products[0].name as string));
    await expect.poll(async () => (await firstNames(page))[0]).toBe(dearest);

    await page.getByLabel('Search products').fill('trowel');
    await page.getByText('1 product(s) total').waitFor();
    await rowOf(page, 'Stainless Steel Hand Trowel').waitFor();
    await page.getByLabel('Search products').fill('no such product anywhere');
    await page.getByText('No products match your filter criteria. Try adjusting your filters.').waitFor();
    await context.close();
  });

  it('creates a product through the form with its errors, sees it in the store, edits, toggles and deletes', async () => {
    const { context, page } = await newPage();
    await signInAsAdmin(page);
    await page.goto(LIST);
    await page.getByRole('link', { name: 'Add Product' }).click();
    await page.getByRole('heading', { name: 'Add Product' }).waitFor();

    // Nothing filled in: the spec's messages.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Product name is required').waitFor();
    await page.getByText('SKU is required').waitFor();
    await page.getByText('Base price must be zero or greater').waitFor();

    await field(page, 'Product Name*').fill('E2E Oak Bench');
    expect(await field(page, 'Slug*').inputValue()).toBe('e2e-oak-bench');
    await field(page, 'SKU*').fill('E2E-BENCH');
    await field(page, 'Base Price (£)*').fill('120');
    await field(page, 'Sale Price (£)').fill('150');
    await field(page, 'Stock Quantity').fill('1.5');
    await field(page, 'Meta Title').fill('x'.repeat(61));
    await page.getByText('61/60').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sale price must be lower than base price', { exact: true }).waitFor();
    await page.getByText('Stock quantity must be a whole number of 0 or more').waitFor();
    await page.getByText('Meta title must be 60 characters or fewer').waitFor();
    await snap(page, 'admin-product-form-errors');

    await field(page, 'Sale Price (£)').fill('99.5');
    await field(page, 'Stock Quantity').fill('4');
    await field(page, 'Meta Title').fill('Oak bench for hallways');
    await field(page, 'Description').fill('A solid oak bench.');
    await field(page, 'Highlights').fill('Solid oak\n\nSeats two');
    await page.getByLabel('Product Status*').selectOption('active');
    // The slug follows the name until typed over, and is tidied when the field is left.
    await field(page, 'Slug*').fill('E2E Oak Bench!');
    await field(page, 'Description').focus();
    expect(await field(page, 'Slug*').inputValue()).toBe('e2e-oak-bench');
    await page.getByRole('button', { name: 'Save' }).click();
    await toastWith(page, 'Product created successfully').waitFor();
    await page.waitForURL(LIST);

    await page.getByLabel('Search products').fill('E2E Oak');
    const row = rowOf(page, 'E2E Oak Bench');
    await row.waitFor();
    await row.getByText('Published').waitFor();
    expect(await row.locator('[data-low-stock]').innerText()).toBe('4');

    // The storefront shows it straight away.
    const shop = await newPage();
    await shop.page.goto(url('demo.localhost', '/p/e2e-oak-bench'));
    await shop.page.getByRole('heading', { name: 'E2E Oak Bench', level: 1 }).waitFor();
    await shop.page.getByText('£99.50').first().waitFor();
    await shop.context.close();

    // Featured star and tracking switch apply at once, with their toasts.
    await row.getByRole('button', { name: 'Feature E2E Oak Bench' }).click();
    await toastWith(page, 'Product featured').waitFor();
    await row.getByRole('button', { name: 'Remove E2E Oak Bench from featured' }).waitFor();
    expect(await row.getAttribute('data-featured')).toBe('true');
    await row.getByRole('switch', { name: 'Track inventory for E2E Oak Bench' }).click();
    await toastWith(page, 'Inventory tracking disabled').waitFor();
    await row.getByText('Not tracked').waitFor();
    await row.getByRole('switch', { name: 'Track inventory for E2E Oak Bench' }).click();
    await toastWith(page, 'Inventory tracking enabled').waitFor();
    // Adjust opens the stock dialog; tracking turned back on starts from no stock.
    await row.getByRole('button', { name: 'Adjust stock of E2E Oak Bench' }).click();
    const adjust = page.getByRole('dialog', { name: 'Adjust Stock: E2E Oak Bench' });
    await adjust.getByLabel('Quantity Change').fill('3');
    await adjust.getByLabel('Reason').selectOption({ label: 'Purchase/Delivery' });
    await adjust.getByRole('button', { name: 'Adjust Stock' }).click();
    await toastWith(page, 'Stock updated', 'E2E Oak Bench stock adjusted by +3').waitFor();
    await adjust.waitFor({ state: 'detached' });
    await expect.poll(() => row.locator('[data-low-stock]').innerText()).toBe('3');

    // Edit: new prices, shown in the store.
    await row.getByRole('link', { name: 'Edit E2E Oak Bench' }).click();
    await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
    expect(await field(page, 'Highlights').inputValue()).toBe('Solid oak\nSeats two');
    expect(await field(page, 'Stock Quantity').count()).toBe(1);
    await field(page, 'Base Price (£)*').fill('140');
    await field(page, 'Sale Price (£)').fill('110');
    await field(page, 'Stock Quantity').fill('12');
    await snap(page, 'admin-product-form-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await toastWith(page, 'Product updated successfully').waitFor();
    await page.waitForURL(/\/admin\/catalogue\/products(\?|$)/);
    const after = await newPage();
    await after.page.goto(url('demo.localhost', '/p/e2e-oak-bench'));
    await after.page.getByText('£110.00').first().waitFor();
    await after.page.getByText('£140.00').first().waitFor();
    await after.context.close();

    // Delete another product, after confirming.
    const made = await page.evaluate(() =>
      fetch('/api/admin/products', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'E2E Spare Stool', slug: 'e2e-spare-stool', sku: 'E2E-STOOL', base_price: 30 }),
      }).then((r) => r.status),
    );
    expect(made).toBe(201);
    await page.goto(`${LIST}?q=E2E`);
    const stool = rowOf(page, 'E2E Spare Stool');
    await stool.getByText('Draft').waitFor();
    await stool.getByRole('button', { name: 'Delete E2E Spare Stool' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete E2E Spare Stool?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toastWith(page, 'Product deleted', 'E2E Spare Stool has been removed successfully.').waitFor();
    await stool.waitFor({ state: 'detached' });
    await page.getByText('1 product(s) total').waitFor();

    // Leave the demo catalogue as the other journeys expect it.
    await rowOf(page, 'E2E Oak Bench').getByRole('button', { name: 'Delete E2E Oak Bench' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No products match your filter criteria. Try adjusting your filters.').waitFor();
    await context.close();
  });

  it('fits a phone: products as cards, the form in one column', async () => {
    const { context, page } = await newPage({ width: 375, height: 800 });
    await signInAsAdmin(page);
    await page.goto(LIST);
    await page.getByText('36 product(s) total').waitFor();
    await page.getByRole('list', { name: 'Products' }).getByText('Hanging Seed Bird Feeder').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'admin-products-list-phone');
    await page.getByRole('link', { name: 'Add Product' }).click();
    await page.getByRole('heading', { name: 'Add Product' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });

  it('a missing product says so and returns to the list; staff cannot open the page', async () => {
    const { context, page } = await newPage();
    await signInAsAdmin(page);
    await page.goto(url('demo.localhost', '/admin/catalogue/products/00000000-0000-4000-8000-000000000000/edit'));
    await toastWith(page, 'Failed to load product').waitFor();
    await page.waitForURL(LIST);
    await context.close();

    const staff = await newPage();
    await signInThroughForm(staff.page, url('demo.localhost', '/login'), 'staff@demo.test');
    await staff.page.waitForURL(url('demo.localhost', '/admin'));
    await staff.page.goto(LIST);
    await staff.page.getByText('You do not have access to this section').waitFor();
    expect(await staff.page.getByRole('table').count()).toBe(0);
    const status = await staff.page.evaluate(() => fetch('/api/admin/products').then((r) => r.status));
    expect(status).toBe(403);
    await staff.context.close();
  });
});
