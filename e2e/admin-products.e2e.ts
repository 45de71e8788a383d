import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { adminApiPage, adminCreatesProduct, runTag, type MadeProduct } from './run-data';

// The list is counted on products this file makes, found by their tag: other journeys add products to
// the store, and the newest come first, so the demo's own rows may sit on any page.

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

/** This file's catalogue: 16 plain ones first, then one of each kind the list marks (newest first, so on page 1). */
const TAG = runTag();
const made = {} as Record<'vase' | 'seeds' | 'pot' | 'feeder' | 'light' | 'pan' | 'bookcase', MadeProduct>;
const LISTED = 23;

describe('admin products journeys', () => {
  beforeAll(async () => {
    const admin = await adminApiPage();
    for (let n = 1; n <= 16; n++) await adminCreatesProduct(admin.page, { name: `Stool ${TAG} ${String(n).padStart(2, '0')}`, price: 20 + n, stock: 40 });
    made.bookcase = await adminCreatesProduct(admin.page, { name: `Bookcase ${TAG}`, price: 240, stock: 9 });
    made.light = await adminCreatesProduct(admin.page, { name: `Wall Light ${TAG}`, price: 45, stock: 20, status: 'draft' });
    made.pan = await adminCreatesProduct(admin.page, { name: `Milk Pan ${TAG}`, price: 38, stock: 6, status: 'draft' });
    made.vase = await adminCreatesProduct(admin.page, { name: `Vase ${TAG}`, price: 22, stock: 2 });
    made.seeds = await adminCreatesProduct(admin.page, { name: `Seed Mix ${TAG}`, price: 4, tracked: false });
    made.pot = await adminCreatesProduct(admin.page, { name: `Plant Pot ${TAG}`, price: 16.5, stock: 120, featured: true });
    made.feeder = await adminCreatesProduct(admin.page, { name: `Bird Feeder ${TAG}`, price: 19, stock: 29 });
    await admin.context.close();
  });

  it('lists, filters, sorts and pages the catalogue', async () => {
    const { context, page } = await newPage();
    await signInAsAdmin(page);
    await page.goto(LIST);
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await page.getByText('Manage your product catalogue with AI assistance').waitFor();
    await page.getByText(/^\d+ product\(s\) total$/).waitFor();
    for (const column of ['Product', 'SKU', 'Price', 'Stock', 'Inventory Tracking', 'Status', 'Featured', 'Actions']) {
      await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
    }
    // 'AI Wizard' opens the AI Product Wizard (its own journey is e2e/admin-ai.e2e.ts).
    await page.getByRole('button', { name: 'AI Wizard' }).click();
    await page.getByRole('dialog').getByText('Product Essentials').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // This file's products: low stock in red, untracked products badged, featured rows tinted, 'Published' for live ones.
    await page.getByLabel('Search products').fill(TAG);
    await page.getByText(`${LISTED} product(s) total`).waitFor();
    await settled(page);
    expect(await rowOf(page, made.vase.name).locator('[data-low-stock]').innerText()).toBe('2');
    await rowOf(page, made.seeds.name).getByText('Not tracked').waitFor();
    expect(await rowOf(page, made.pot.name).getAttribute('data-featured')).toBe('true');
    expect(await rowOf(page, made.feeder.name).getAttribute('data-featured')).toBeNull();
    await rowOf(page, made.feeder.name).getByText('Published').waitFor();
    await snap(page, 'admin-products-list');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await page.getByLabel('Status').selectOption('draft');
    // A filter change goes back to page 1; two drafts fit on one page, so no pager.
    await page.getByText('2 product(s) total').waitFor();
    await settled(page);
    expect(await page.getByText(/Page \d of/).count()).toBe(0);
    await rowOf(page, made.light.name).getByText('Draft').waitFor();
    await rowOf(page, made.pan.name).getByText('Draft').waitFor();

    await page.getByLabel('Status').selectOption('all');
    await page.getByLabel('Sort').selectOption('name_asc');
    await page.getByText('Page 1 of 2').waitFor();
    await settled(page);
    const names = await firstNames(page);
    expect(names).toHaveLength(20);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    await page.getByLabel('Sort').selectOption('price_desc');
    await settled(page);
    await expect.poll(async () => (await firstNames(page)).slice(0, 2)).toEqual([made.bookcase.name, made.light.name]);

    await page.getByLabel('Search products').fill(made.vase.name);
    await page.getByText('1 product(s) total').waitFor();
    await rowOf(page, made.vase.name).waitFor();
    await page.getByLabel('Search products').fill('no such product anywhere');
    await page.getByText('No products match your filter criteria. Try adjusting your filters.').waitFor();
    await context.close();
  });

  it('creates a product through the form with its errors, sees it in the store, edits, toggles and deletes', async () => {
    // Names of this journey's own, so a second run on the same store (or a leftover) cannot clash.
    const tag = runTag();
    const BENCH = `Oak Bench ${tag}`;
    const STOOL = `Spare Stool ${tag}`;
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

    await field(page, 'Product Name*').fill(BENCH);
    expect(await field(page, 'Slug*').inputValue()).toBe(`oak-bench-${tag}`);
    await field(page, 'SKU*').fill(`BENCH-${tag}`);
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
    await field(page, 'Slug*').fill(`${BENCH}!`);
    await field(page, 'Description').focus();
    expect(await field(page, 'Slug*').inputValue()).toBe(`oak-bench-${tag}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await toastWith(page, 'Product created successfully').waitFor();
    await page.waitForURL(LIST);

    await page.getByLabel('Search products').fill(BENCH);
    const row = rowOf(page, BENCH);
    await row.waitFor();
    await row.getByText('Published').waitFor();
    expect(await row.locator('[data-low-stock]').innerText()).toBe('4');

    // The storefront shows it straight away.
    const shop = await newPage();
    await shop.page.goto(url('demo.localhost', `/p/oak-bench-${tag}`));
    await shop.page.getByRole('heading', { name: BENCH, level: 1 }).waitFor();
    await shop.page.getByText('£99.50').first().waitFor();
    await shop.context.close();

    // Featured star and tracking switch apply at once, with their toasts.
    await row.getByRole('button', { name: `Feature ${BENCH}` }).click();
    await toastWith(page, 'Product featured').waitFor();
    await row.getByRole('button', { name: `Remove ${BENCH} from featured` }).waitFor();
    expect(await row.getAttribute('data-featured')).toBe('true');
    await row.getByRole('switch', { name: `Track inventory for ${BENCH}` }).click();
    await toastWith(page, 'Inventory tracking disabled').waitFor();
    await row.getByText('Not tracked').waitFor();
    await row.getByRole('switch', { name: `Track inventory for ${BENCH}` }).click();
    await toastWith(page, 'Inventory tracking enabled').waitFor();
    // Adjust opens the stock dialog; tracking turned back on starts from no stock.
    await row.getByRole('button', { name: `Adjust stock of ${BENCH}` }).click();
    const adjust = page.getByRole('dialog', { name: `Adjust Stock: ${BENCH}` });
    await adjust.getByLabel('Quantity Change').fill('3');
    await adjust.getByLabel('Reason').selectOption({ label: 'Purchase/Delivery' });
    await adjust.getByRole('button', { name: 'Adjust Stock' }).click();
    await toastWith(page, 'Stock updated', `${BENCH} stock adjusted by +3`).waitFor();
    await adjust.waitFor({ state: 'detached' });
    await expect.poll(() => row.locator('[data-low-stock]').innerText()).toBe('3');

    // Edit: new prices, shown in the store.
    await row.getByRole('link', { name: `Edit ${BENCH}` }).click();
    await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
    expect(await field(page, 'Highlights').inputValue()).toBe('Solid oak\nSeats two');
    expect(await field(page, 'Stock Quantity').count()).toBe(1);
    // The assistant's suggestions for this product (issue 27 item 12): a new bench has no pictures yet.
    const suggestions = page.getByRole('region', { name: 'Suggestions' });
    await suggestions.getByRole('button', { name: 'Check this product' }).click();
    await suggestions.getByRole('list', { name: 'Suggestions for this product' }).getByRole('listitem').first().waitFor();
    await suggestions.screenshot({ path: 'test-results/e2e/admin-product-suggestions.png' });
    await field(page, 'Base Price (£)*').fill('140');
    await field(page, 'Sale Price (£)').fill('110');
    await field(page, 'Stock Quantity').fill('12');
    await snap(page, 'admin-product-form-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await toastWith(page, 'Product updated successfully').waitFor();
    await page.waitForURL(/\/admin\/catalogue\/products(\?|$)/);
    const after = await newPage();
    await after.page.goto(url('demo.localhost', `/p/oak-bench-${tag}`));
    await after.page.getByText('£110.00').first().waitFor();
    await after.page.getByText('£140.00').first().waitFor();
    await after.context.close();

    // Delete another product, after confirming.
    await adminCreatesProduct(page, { name: STOOL, price: 30, status: 'draft' });
    await page.goto(`${LIST}?q=${tag}`);
    const stool = rowOf(page, STOOL);
    await stool.getByText('Draft').waitFor();
    await stool.getByRole('button', { name: `Delete ${STOOL}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Are you sure you want to delete ${STOOL}?`).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toastWith(page, 'Product deleted', `${STOOL} has been removed successfully.`).waitFor();
    await stool.waitFor({ state: 'detached' });
    await page.getByText('1 product(s) total').waitFor();

    // Deleting the last one of this journey's products empties its search.
    await rowOf(page, BENCH).getByRole('button', { name: `Delete ${BENCH}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No products match your filter criteria. Try adjusting your filters.').waitFor();
    await context.close();
  });

  it('fits a phone: products as cards, the form in one column', async () => {
    const { context, page } = await newPage({ width: 375, height: 800 });
    await signInAsAdmin(page);
    await page.goto(`${LIST}?q=${TAG}`);
    await page.getByText(`${LISTED} product(s) total`).waitFor();
    await page.getByRole('list', { name: 'Products' }).getByText(made.feeder.name).waitFor();
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
