import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, newPage, signInThroughForm, snap, snapIfFailed, toastWith, url } from './browser';
import { newJourneyStore, previewStore, runTag } from './run-data';
import { api } from './store';

// Webstore > Navigation (issue 14 item 1). The journey builds the menu of a store of its own (the
// platform owner creates it, admin@demo.test owns it), so the demo store other journeys use keeps its
// category menu.

afterEach(snapIfFailed);

/** A journey store (run-data.ts) with a category and a live product. */
async function newStore(): Promise<{ host: string; category: string; product: { name: string; slug: string } }> {
  const tag = runTag();
  const host = await newJourneyStore('Menu Journey Shop', `${tag}.localhost`);
  const { context, page } = await newPage();
  await page.goto(url(host, '/api/auth/session'));
  expect((await api(page, 'POST', '/api/auth/sign-in', { email: 'admin@demo.test', password: DEMO_PASSWORD })).status).toBe(200);
  expect((await api(page, 'POST', '/api/admin/categories', { name: 'Table Lamps' })).status).toBe(201);
  const product = { name: 'Brass Reading Lamp', slug: `brass-reading-lamp-${tag}` };
  const made = await api(page, 'POST', '/api/admin/products', { ...product, sku: `BRL-${tag}`, base_price: 48, status: 'active' });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await context.close();
  return { host, category: 'Table Lamps', product };
}

describe('navigation editor', () => {
  it('an admin builds a two-group menu with a badge; the shop shows it on desktop and at 375 px', async () => {
    const { host, category, product } = await newStore();
    const { context, page } = await newPage({ width: 1366, height: 900 });
    await signInThroughForm(page, url(host, `/login?redirect=${encodeURIComponent('/admin/webstore/navigation')}`), 'admin@demo.test');
    await page.getByRole('heading', { name: 'Navigation', level: 1 }).waitFor();
    await page.getByText('No menu saved yet').waitFor();

    // Nothing to save yet: the rule's own words, in the toast and under the groups.
    await page.getByRole('button', { name: 'Save menu' }).click();
    await toastWith(page, 'Failed to save navigation', 'Add at least one group before saving').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Add at least one group before saving' }).waitFor();

    // Group 1: a linkable header to the category, with a view-all link.
    await page.getByRole('button', { name: 'Add group' }).first().click();
    await page.getByLabel('Group label').fill('Lighting');
    await page.getByRole('switch', { name: 'Linkable header' }).click();
    await page.getByLabel('Header: destination type').selectOption('category');
    await page.getByLabel('Header: category').selectOption({ label: category });
    await page.getByLabel('View all label').fill('Shop all lighting');
    await snap(page, 'navigation-editor-settings');

    // Its items: the category with a badge, and the product found by the search (2+ characters).
    await page.getByRole('tab', { name: 'Menu Items' }).click();
    await page.getByText('No items in this group').waitFor();
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Item 1: destination type').selectOption('category');
    await page.getByLabel('Item 1: category').selectOption({ label: category });
    expect(await page.getByLabel('Item 1 label', { exact: true }).inputValue()).toBe(category);
    await page.getByLabel('Item 1 badge', { exact: true }).fill('New');
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Item 2: destination type').selectOption('product');
    await page.getByLabel('Item 2: search products').fill('b');
    await page.getByText('Type at least 2 characters').waitFor();
    await page.getByLabel('Item 2: search products').fill('brass');
    await page.getByRole('list', { name: 'Matching products' }).getByRole('button', { name: new RegExp(product.name) }).click();
    await page.getByText(product.name, { exact: true }).waitFor();
    expect(await page.getByLabel('Item 2 label', { exact: true }).inputValue()).toBe(product.name);
    await page.getByLabel('Item 2 label', { exact: true }).fill('Reading lamp');
    await snap(page, 'navigation-editor-items');

    // Group 2: a custom URL, first a bad one and no label: the client's checks, on their fields.
    await page.getByRole('button', { name: 'Add group' }).first().click();
    await page.getByLabel('Group label').fill('Help');
    await page.getByRole('tab', { name: 'Menu Items' }).click();
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Item 1: destination type').selectOption('url');
    await page.getByLabel('Item 1: URL').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save menu' }).click();
    await toastWith(page, 'Failed to save navigation', 'Every menu item needs a label').waitFor();
    await page.getByText('Use a same-site path or https:// link').waitFor();
    await page.getByLabel('Item 1 label', { exact: true }).fill('All products');
    await page.getByLabel('Item 1: URL').fill('/products');
    expect(await page.getByRole('region', { name: 'Group editor' }).getByText('Every menu item needs a label').count()).toBe(0);
    await page.getByRole('button', { name: 'Save menu' }).click();
    await toastWith(page, 'Navigation saved').waitFor();
    await page.getByText('All changes saved').waitFor();

    // Preview: the mega menu of the chosen group, and the phone's flyout.
    await page.getByRole('list', { name: 'Menu groups' }).getByRole('button', { name: /^Lighting/ }).click();
    await page.getByRole('tab', { name: 'Preview' }).click();
    const desktop = page.getByRole('region', { name: 'Desktop preview' });
    await desktop.getByRole('link', { name: /Reading lamp/ }).waitFor();
    await desktop.getByText('New', { exact: true }).waitFor();
    await snap(page, 'navigation-editor-preview-desktop');
    await page.getByRole('button', { name: 'Mobile' }).click();
    const mobile = page.getByRole('region', { name: 'Mobile preview' });
    await mobile.getByText('Lighting', { exact: true }).click();
    await mobile.getByRole('link', { name: /Reading lamp/ }).waitFor();
    await snap(page, 'navigation-editor-preview-mobile');

    // The storefront, desktop: the groups in the bar; hovering one opens its mega menu.
    const { context: shopper, page: shop } = await newPage({ width: 1366, height: 900 });
    await previewStore(shop, host);
    await shop.goto(url(host, '/'));
    const bar = shop.getByRole('navigation', { name: 'Main menu' });
    await bar.getByRole('link', { name: 'Lighting' }).hover();
    const panel = bar.getByRole('list', { name: 'Lighting' });
    await panel.getByRole('link', { name: /Reading lamp/ }).waitFor({ state: 'visible' });
    await panel.getByText('New', { exact: true }).waitFor();
    await bar.getByRole('link', { name: /Shop all lighting/ }).waitFor({ state: 'visible' });
    expect(await bar.getByRole('button', { name: 'Help' }).count()).toBe(1);
    await snap(shop, 'navigation-store-desktop');
    await panel.getByRole('link', { name: /Reading lamp/ }).click();
    await shop.waitForURL(url(host, `/p/${product.slug}`));
    await shopper.close();

    // The storefront at 375 px: the flyout holds the same menu.
    const { context: phone, page: mobilePage } = await newPage({ width: 375, height: 740 });
    await previewStore(mobilePage, host);
    await mobilePage.goto(url(host, '/'));
    await mobilePage.getByRole('button', { name: 'Open menu' }).click();
    const sheet = mobilePage.getByRole('dialog');
    await sheet.getByText('Lighting', { exact: true }).click();
    await sheet.getByRole('link', { name: /Reading lamp/ }).waitFor();
    await sheet.getByText('New', { exact: true }).waitFor();
    await sheet.getByRole('link', { name: 'Shop all lighting' }).waitFor();
    await sheet.getByText('Help', { exact: true }).waitFor();
    await snap(mobilePage, 'navigation-store-mobile');
    await sheet.getByRole('link', { name: /Table Lamps/ }).click();
    await mobilePage.waitForURL(url(host, '/c/table-lamps'));
    await phone.close();
    await context.close();
  });
});
