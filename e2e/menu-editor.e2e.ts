import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, fitsWidth, newPage, signInThroughForm, snap, snapIfFailed, toastWith, url } from './browser';
import { newJourneyStore, previewStore, runTag } from './run-data';
import { api } from './store';
import { makePng } from '../src/server/test/images';

// Issue 27 item 7, the menu editor (decision 046): a mega menu group with a column picture uploaded
// from the editor, a category that brings its sub-categories, products told apart by full names in
// the picker, the phone preview within 375 px, and the footer menu edited from the same screen. The
// journey's own store keeps the demo store's menus as they are.

afterEach(snapIfFailed);

const LAMPS = ['Ceramic Table Lamp with Linen Shade, Sage', 'Ceramic Table Lamp with Linen Shade, Oat'];
let host = '';
let tag = '';

/** A journey store with Lighting > Table Lamps, Pendant Lights and two lamps whose names differ only at the end. */
async function newStore(): Promise<void> {
  tag = runTag();
  host = await newJourneyStore('Menu Editor Shop', `${tag}.localhost`);
  const { context, page } = await newPage();
  await page.goto(url(host, '/api/auth/session'));
  expect((await api(page, 'POST', '/api/auth/sign-in', { email: 'admin@demo.test', password: DEMO_PASSWORD })).status).toBe(200);
  const lighting = await api<{ category: { id: string } }>(page, 'POST', '/api/admin/categories', { name: 'Lighting' });
  expect(lighting.status).toBe(201);
  for (const name of ['Table Lamps', 'Pendant Lights']) expect((await api(page, 'POST', '/api/admin/categories', { name, parent_id: lighting.body.category.id })).status).toBe(201);
  for (const [i, name] of LAMPS.entries()) {
    const made = await api(page, 'POST', '/api/admin/products', { name, slug: `lamp-${i}-${tag}`, sku: `LAMP-${i}-${tag}`, base_price: 64 + i * 4, status: 'active' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  await context.close();
}

const editorUrl = (path = '/admin/webstore/navigation') => url(host, `/login?redirect=${encodeURIComponent(path)}`);
const groupEditor = (page: Page) => page.getByRole('region', { name: 'Group editor' });

describe('menu editor', () => {
  it('at 1280 px: a group with an uploaded picture, a category with sub-categories and a product told apart by its full name; then the footer', async () => {
    await newStore();
    const { context, page } = await newPage({ width: 1280, height: 900 });
    await signInThroughForm(page, editorUrl(), 'admin@demo.test');
    await page.getByRole('heading', { name: 'Navigation', level: 1 }).waitFor();
    const switcher = page.getByRole('group', { name: 'Menu' });
    expect(await switcher.getByRole('button', { name: 'Main menu' }).getAttribute('aria-pressed')).toBe('true');

    // The group: a linkable header to Lighting, and its column picture uploaded from the library dialog.
    await page.getByRole('button', { name: 'Add group' }).first().click();
    await page.getByLabel('Group label').fill('Lighting');
    await page.getByRole('switch', { name: 'Linkable header' }).click();
    await page.getByLabel('Header: destination type').selectOption('category');
    await page.getByLabel('Header: category').selectOption({ label: 'Lighting' });
    await page.getByLabel('View all label').fill('Shop all lighting');
    await page.getByRole('button', { name: 'Choose from library' }).click();
    const library = page.getByRole('dialog', { name: 'Media library' });
    await library.getByLabel('Choose files to upload').setInputFiles({ name: 'Lamp on oak.png', mimeType: 'image/png', buffer: makePng(400, 300, [214, 180, 120]) });
    await library.getByText('Lamp on oak.png').first().waitFor();
    await library.getByRole('button', { name: 'Use selected file' }).click();
    await library.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Picture address').inputValue()).toMatch(/^\/files\/tenants\/.+\/media\//);
    // A plain http:// picture is refused on its field before anything is sent.
    const address = await page.getByLabel('Picture address').inputValue();
    await page.getByLabel('Picture address').fill('http://cdn.example.com/lamp.jpg');
    await page.getByRole('button', { name: 'Save menu' }).click();
    await toastWith(page, 'Failed to save navigation', 'Use a picture from the media library or an https:// link').waitFor();
    await page.getByLabel('Picture address').fill(address);
    await page.getByLabel('Alt text').fill('A ceramic lamp on an oak table');
    await snap(page, 'menu-editor-settings-1280');

    // Items: the Lighting category (its sub-categories come with it), and one of two lamps whose
    // names differ only at the end, found by words from anywhere in the name.
    await page.getByRole('tab', { name: 'Menu Items' }).click();
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Item 1: destination type').selectOption('category');
    await page.getByLabel('Item 1: category').selectOption({ label: 'Lighting' });
    await groupEditor(page).getByText('Its 2 sub-categories show under it in the menu.').waitFor();
    await page.getByLabel('Item 1 label', { exact: true }).fill('Lamps by type');
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Item 2: destination type').selectOption('product');
    await page.getByLabel('Item 2: search products').fill('ceramic lamp');
    const matches = page.getByRole('list', { name: 'Matching products' });
    for (const [i, name] of LAMPS.entries()) {
      const match = matches.getByRole('button', { name: new RegExp(name) });
      await match.getByText(name, { exact: true }).waitFor();
      await match.getByText(`LAMP-${i}-${tag}`).waitFor();
      // Whole, not cut off: the name's box is as wide as its text.
      expect(await match.getByText(name, { exact: true }).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await snap(page, 'menu-editor-picker-1280');
    await page.getByLabel('Item 2: search products').fill('linen shade oat');
    await expect.poll(() => matches.getByRole('button').count()).toBe(1);
    await matches.getByRole('button', { name: new RegExp(LAMPS[1]) }).click();
    await groupEditor(page).getByText(LAMPS[1], { exact: true }).waitFor();
    expect(await page.getByLabel('Item 2 label', { exact: true }).inputValue()).toBe('Ceramic Table Lamp with…');
    await page.getByLabel('Item 2 label', { exact: true }).fill('Oat linen lamp');
    await page.getByRole('button', { name: 'Save menu' }).click();
    await toastWith(page, 'Navigation saved').waitFor();
    await page.getByText('All changes saved').waitFor();

    // The preview draws the shop's own panel: the picture and the sub-categories.
    await page.getByRole('tab', { name: 'Preview' }).click();
    const desktop = page.getByRole('region', { name: 'Desktop preview' });
    await desktop.getByRole('img', { name: 'A ceramic lamp on an oak table' }).waitFor();
    await desktop.getByRole('list', { name: 'Lamps by type' }).getByRole('link', { name: 'Pendant Lights' }).waitFor();
    await snap(page, 'menu-editor-preview-1280');

    // The footer, from the same screen: unsaved changes ask before switching back.
    await page.getByRole('group', { name: 'Menu' }).getByRole('button', { name: 'Footer' }).click();
    await page.waitForURL(/\?menu=footer$/);
    await page.getByText('No footer menu saved yet').waitFor();
    await page.getByRole('button', { name: 'Add group' }).first().click();
    await page.getByLabel('Group label').fill('Help');
    expect(await page.getByText('Column picture').count()).toBe(0);
    await page.getByRole('tab', { name: 'Menu Items' }).click();
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Item 1: destination type').selectOption('url');
    await page.getByLabel('Item 1: URL').fill('/products');
    await page.getByLabel('Item 1 label', { exact: true }).fill('Shop everything');
    await page.getByRole('group', { name: 'Menu' }).getByRole('button', { name: 'Main menu' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await ask.getByRole('button', { name: 'Stay' }).click();
    await ask.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Save menu' }).click();
    await toastWith(page, 'Navigation saved').waitFor();
    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.getByRole('region', { name: 'Footer preview' }).getByRole('link', { name: 'Shop everything' }).waitFor();
    await snap(page, 'menu-editor-footer-1280');
    // Saved: the switch goes at once, and the main menu is as it was.
    await page.getByRole('group', { name: 'Menu' }).getByRole('button', { name: 'Main menu' }).click();
    await page.getByRole('list', { name: 'Menu groups' }).getByRole('button', { name: /^Lighting/ }).waitFor();
    await context.close();
  });

  it('at 1280 px the shop shows the mega menu with the picture and sub-categories, and the footer menu', async () => {
    const { context, page } = await newPage({ width: 1280, height: 900 });
    await previewStore(page, host);
    await page.goto(url(host, '/'));
    const bar = page.getByRole('navigation', { name: 'Main menu' });
    await bar.getByRole('link', { name: 'Lighting', exact: true }).hover();
    const panel = bar.getByRole('list', { name: 'Lighting' });
    await panel.getByRole('link', { name: 'Oat linen lamp' }).waitFor({ state: 'visible' });
    const subs = panel.getByRole('list', { name: 'Lamps by type' });
    expect((await subs.getByRole('link').allInnerTexts()).sort()).toEqual(['Pendant Lights', 'Table Lamps']);
    const picture = bar.getByRole('img', { name: 'A ceramic lamp on an oak table' });
    await picture.waitFor({ state: 'visible' });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
    await snap(page, 'menu-store-mega-1280');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('list', { name: 'Help' }).getByRole('link', { name: 'Shop everything' }).scrollIntoViewIfNeeded();
    // The footer menu takes the place of the Shop column.
    expect(await footer.getByRole('heading', { name: 'Shop' }).count()).toBe(0);
    await snap(page, 'menu-store-footer-1280');
    await subs.getByRole('link', { name: 'Pendant Lights' }).evaluate((a: HTMLAnchorElement) => a.click());
    await page.waitForURL(url(host, '/c/pendant-lights'));
    await context.close();
  });

  it('at 375 px the editor fits the screen, and the phone menu holds the sub-categories; the footer link is there', async () => {
    const { context, page } = await newPage({ width: 375, height: 800 });
    await signInThroughForm(page, editorUrl(), 'admin@demo.test');
    await page.getByRole('list', { name: 'Menu groups' }).getByRole('button', { name: /^Lighting/ }).click();
    await page.getByLabel('Alt text').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'menu-editor-settings-375');
    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Mobile' }).click();
    const phone = page.getByRole('region', { name: 'Mobile preview' });
    await phone.getByText('Lighting', { exact: true }).click();
    await phone.getByRole('list', { name: 'Lamps by type' }).getByRole('link', { name: 'Table Lamps' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await phone.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    await snap(page, 'menu-editor-preview-375');
    await context.close();

    const { context: shopper, page: shop } = await newPage({ width: 375, height: 740 });
    await previewStore(shop, host);
    await shop.goto(url(host, '/'));
    await shop.getByRole('button', { name: 'Open menu' }).click();
    const sheet = shop.getByRole('dialog');
    await sheet.getByText('Lighting', { exact: true }).click();
    await sheet.getByRole('link', { name: 'Shop all lighting' }).waitFor();
    expect((await sheet.getByRole('list', { name: 'Lamps by type' }).getByRole('link').allInnerTexts()).sort()).toEqual(['Pendant Lights', 'Table Lamps']);
    await snap(shop, 'menu-store-mobile-375');
    await sheet.getByRole('link', { name: 'Table Lamps' }).click();
    await shop.waitForURL(url(host, '/c/table-lamps'));
    const footerLink = shop.getByRole('contentinfo').getByRole('link', { name: 'Shop everything' });
    await footerLink.scrollIntoViewIfNeeded();
    expect(await fitsWidth(shop)).toBe(true);
    await snap(shop, 'menu-store-footer-375');
    await footerLink.click();
    await shop.waitForURL(url(host, '/products'));
    await shopper.close();
  });
});
