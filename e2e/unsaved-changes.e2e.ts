import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { adminApiPage, adminCreatesProduct, newJourneyStore, runTag } from './run-data';

// "No lost work" (issue 27 item 4, decision 040): a form with unsaved changes asks before it is left
// by a link in the app, the browser's back button or a reload; once saved, nothing asks.

const STORE = 'demo.localhost';
const LEAVE = 'Leave without saving?';
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: LEAVE });
const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
/** The products list, with or without the search it keeps in its address (?q=, typed earlier). */
const productsList = (address: URL) => address.origin === new URL(url(STORE)).origin && address.pathname === '/admin/catalogue/products';

/** Presses the browser's back button (a history traversal, as the toolbar's) and lets the page settle. */
async function pressBack(page: Page) {
  await page.goBack({ waitUntil: 'commit' }).catch(() => null);
  await page.waitForTimeout(300);
}

/** Reloads with a dirty form: the browser's own "Leave site?" question, dismissed (stay). */
async function reloadIsAsked(page: Page): Promise<string> {
  const asked = page.waitForEvent('dialog');
  const reload = page.reload({ timeout: 5_000 }).catch(() => null);
  const dialog = await asked;
  const type = dialog.type();
  await dialog.dismiss();
  await reload;
  return type;
}

describe('unsaved changes', () => {
  it('the product form asks before a nav link and the back button; Stay keeps the edit; after Save nothing asks', async () => {
    const tag = runTag();
    const admin = await adminApiPage();
    const product = await adminCreatesProduct(admin.page, { name: `Ash Stool ${tag}`, price: 35, stock: 5 });
    await admin.context.close();

    const { context, page } = await newPage();
    await signInThroughForm(page, url(STORE, '/login'), 'admin@demo.test');
    await page.waitForURL(url(STORE, '/admin'));
    // In-app moves only, so the back button stays inside the app: Products, then the product.
    await adminNav(page).getByRole('link', { name: 'Products' }).click();
    await page.getByLabel('Search products').fill(tag);
    await page.getByRole('link', { name: `Edit ${product.name}` }).click();
    const name = page.getByRole('textbox', { name: 'Product Name*', exact: true });
    await name.waitFor();
    expect(await name.inputValue()).toBe(product.name);

    // Unchanged: the nav and the back button go at once.
    await adminNav(page).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await pressBack(page);
    await name.waitFor();
    expect(await leaveDialog(page).count()).toBe(0);

    // Changed: a nav link asks; Stay keeps the page and the typing.
    await name.fill(`Ash Stool ${tag} (tall)`);
    await adminNav(page).getByRole('link', { name: 'Orders' }).click();
    await leaveDialog(page).getByText('Your changes to this product will be lost.').waitFor();
    await snap(page, 'unsaved-product-leave-dialog');
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
    await leaveDialog(page).waitFor({ state: 'detached' });
    expect(page.url()).toBe(url(STORE, `/admin/catalogue/products/${product.id}/edit`));
    expect(await name.inputValue()).toBe(`Ash Stool ${tag} (tall)`);

    // The back button asks too; Stay puts the address back and keeps the typing.
    await pressBack(page);
    await leaveDialog(page).waitFor();
    await snap(page, 'unsaved-product-back-dialog');
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
    await leaveDialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => page.url()).toBe(url(STORE, `/admin/catalogue/products/${product.id}/edit`));
    expect(await name.inputValue()).toBe(`Ash Stool ${tag} (tall)`);

    // Reloading asks the browser's own question; staying keeps the typing.
    expect(await reloadIsAsked(page)).toBe('beforeunload');
    expect(await name.inputValue()).toBe(`Ash Stool ${tag} (tall)`);

    // Escape is Stay as well; then Leave goes where the link pointed.
    await adminNav(page).getByRole('link', { name: 'Orders' }).click();
    await leaveDialog(page).waitFor();
    await page.keyboard.press('Escape');
    await leaveDialog(page).waitFor({ state: 'detached' });
    expect(await name.inputValue()).toBe(`Ash Stool ${tag} (tall)`);

    // Save: the form goes to the list by itself, unasked; from there, and back on the product, nothing asks.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toastWith(page, 'Product updated successfully').waitFor();
    await page.waitForURL(productsList);
    expect(await leaveDialog(page).count()).toBe(0);
    await pressBack(page);
    await name.waitFor();
    await expect.poll(() => name.inputValue()).toBe(`Ash Stool ${tag} (tall)`);
    await adminNav(page).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await pressBack(page);
    await name.waitFor();
    expect(await leaveDialog(page).count()).toBe(0);

    // Changed again, then Leave: the link's page, the change gone.
    await name.fill(`Ash Stool ${tag} (short)`);
    await pressBack(page);
    await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(productsList);
    await page.getByRole('link', { name: `Edit Ash Stool ${tag} (tall)` }).click();
    await expect.poll(() => name.inputValue()).toBe(`Ash Stool ${tag} (tall)`);
    await context.close();
  });

  it('on a phone, Store Info asks before the menu, a settings tab and the back button; after Save the menu goes', async () => {
    const host = await newJourneyStore('Unsaved Journey Shop');
    const { context, page } = await newPage({ width: 375, height: 800 });
    await signInThroughForm(page, url(host, '/login'), 'admin@demo.test');
    await page.waitForURL(url(host, '/admin'));
    const openMenu = async () => {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      return page.getByRole('dialog').getByRole('navigation', { name: 'Admin' });
    };
    await (await openMenu()).getByRole('link', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Store Info' });
    const storeName = form.getByLabel('Store name *');
    await storeName.waitFor();
    expect(await storeName.inputValue()).toBe('Unsaved Journey Shop');

    await storeName.fill('Unsaved Journey Shop & Co');
    await (await openMenu()).getByRole('link', { name: 'Orders' }).click();
    await leaveDialog(page).getByText('Your changes to the store info will be lost.').waitFor();
    await snap(page, 'unsaved-store-info-phone-dialog');
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
    await leaveDialog(page).waitFor({ state: 'detached' });
    expect(page.url()).toContain('/admin/settings');
    expect(await storeName.inputValue()).toBe('Unsaved Journey Shop & Co');

    // Another settings tab would drop the form too.
    await page.getByRole('tab', { name: 'Shipping' }).click();
    await leaveDialog(page).waitFor();
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
    await leaveDialog(page).waitFor({ state: 'detached' });
    expect(await page.getByRole('tab', { name: 'Store Info' }).getAttribute('aria-selected')).toBe('true');

    await pressBack(page);
    await leaveDialog(page).waitFor();
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
    await expect.poll(() => page.url()).toContain('/admin/settings');
    expect(await storeName.inputValue()).toBe('Unsaved Journey Shop & Co');
    await snap(page, 'unsaved-store-info-phone-stayed');

    await form.getByRole('button', { name: 'Save changes' }).click();
    await toastWith(page, 'Settings updated successfully').waitFor();
    await (await openMenu()).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    expect(await leaveDialog(page).count()).toBe(0);
    await context.close();
  });
});
