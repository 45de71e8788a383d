import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { api, fillAddress, fillCart, openStore, payWith, STORE, SUCCESS_CARD } from './store';

// Issue 26 item 5 (UK GDPR): a shopper downloads their data from /account and erases it, on a phone; the
// store's admin downloads a guest's data from the customer's page and erases it after typing the email.

/** Buys the usual cart as whoever `page` is (signed in or a guest) and answers the order number. */
async function buy(page: Page, who: { email?: string; first: string; last: string }): Promise<string> {
  await openStore(page);
  await fillCart(page);
  await page.goto(url(STORE, '/checkout'));
  await fillAddress(page, who);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.waitForURL(/\/pay\/[^/]+$/);
  await payWith(page, SUCCESS_CARD);
  await page.getByRole('heading', { name: `Thank you, ${who.first}!`, level: 1 }).waitFor();
  return (await page.getByText(/^Your order .+ is confirmed\.$/).innerText()).match(/Your order (\S+) is confirmed/)![1];
}

/** The store marks an order shipped, then delivered, through its own admin API (the order page's calls). */
async function deliver(admin: Page, orderNumber: string): Promise<void> {
  const found = await api<{ orders: { id: string }[] }>(admin, 'GET', `/api/admin/orders?search=${encodeURIComponent(orderNumber)}`);
  const id = found.body.orders[0].id;
  expect((await api(admin, 'POST', `/api/admin/orders/${id}/status`, { status: 'shipped', tracking_reference: 'RM123456785GB' })).status).toBe(200);
  expect((await api(admin, 'POST', `/api/admin/orders/${id}/status`, { status: 'delivered' })).status).toBe(200);
}

describe('privacy', () => {
  it('a shopper downloads their data, is told to wait while an order is on its way, then erases it and is signed out (375 px)', async () => {
    const email = `priya.${Date.now().toString(36)}@example.com`;
    const { page, context } = await newPage({ width: 375, height: 800 });
    await page.goto(url(STORE, '/login?redirect=%2Faccount'));
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill(DEMO_PASSWORD);
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Account settings', level: 1 }).waitFor();
    const number = await buy(page, { first: 'Priya', last: 'Private' });

    await page.goto(url(STORE, '/account'));
    const yourData = page.getByRole('region', { name: 'Your data' });
    await yourData.getByText('Download everything Demo Store holds about you, or have it erased.').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), yourData.getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^my-demo-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(file.account.email).toBe(email);
    expect(file.orders.map((o: { order_number: string }) => o.order_number)).toEqual([number]);
    expect(file.orders[0].shipping_address).toMatchObject({ first_name: 'Priya', line1: '14 Wharf Street' });

    // Erasing waits for the order on its way: the shop still needs the address.
    await yourData.getByRole('button', { name: 'Erase my data' }).click();
    const confirm = yourData.getByRole('form', { name: 'Erase my data permanently' });
    await confirm.getByText('This cannot be undone.').waitFor();
    await confirm.getByLabel('Current password').fill('not-my-password');
    await confirm.getByRole('button', { name: 'Erase my data permanently' }).click();
    await confirm.getByText('Your current password is not right').waitFor();
    await confirm.getByLabel('Current password').fill(DEMO_PASSWORD);
    await confirm.getByRole('button', { name: 'Erase my data permanently' }).click();
    await confirm.getByRole('alert').filter({ hasText: 'An order of yours is still being paid for, delivered or refunded.' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'account-your-data-phone');
    await yourData.screenshot({ path: 'test-results/e2e/account-your-data-section-phone.png' });

    // Delivered: now it goes, and the shopper is signed out everywhere.
    const admin = await newPage();
    await signInThroughForm(admin.page, url(STORE, '/login?redirect=%2Fadmin%2Forders'), 'admin@demo.test', DEMO_PASSWORD);
    await admin.page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await deliver(admin.page, number);
    await confirm.getByRole('button', { name: 'Erase my data permanently' }).click();
    await toastWith(page, 'Your data in this shop has been erased and you have been signed out everywhere.').waitFor();
    await page.getByRole('heading', { name: 'Demo Store', level: 1 }).waitFor();
    await page.goto(url(STORE, '/account'));
    await page.getByRole('main').getByRole('link', { name: 'Log In' }).waitFor();

    // The store keeps the order for its books, without her.
    await admin.page.goto(url(STORE, `/admin/orders?search=${encodeURIComponent(number)}`));
    const row = admin.page.getByRole('row').filter({ hasText: number });
    await row.getByText('Erased customer').last().waitFor();
    await row.getByRole('link', { name: number }).click();
    await admin.page.getByText(/^The customer’s data was erased on /).waitFor();
    await snap(admin.page, 'admin-order-erased-customer');
    await admin.context.close();
    await context.close();
  });

  it('the admin downloads a guest’s data and erases it after typing their email', async () => {
    const email = `gil.${Date.now().toString(36)}@example.com`;
    const guest = await newPage();
    const number = await buy(guest.page, { email, first: 'Gil', last: 'Guestley' });
    await guest.context.close();

    const { page, context } = await newPage();
    await signInThroughForm(page, url(STORE, `/login?redirect=${encodeURIComponent(`/admin/customers?search=${email}`)}`), 'admin@demo.test', DEMO_PASSWORD);
    await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: 'Gil Guestley' }).click();
    await page.getByRole('heading', { name: 'Gil Guestley', level: 1 }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^customer-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(file.orders.map((o: { order_number: string }) => o.order_number)).toEqual([number]);

    await deliver(page, number);
    await page.getByRole('button', { name: 'Erase data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this customer’s data?' });
    const erase = dialog.getByRole('button', { name: 'Erase data' });
    expect(await erase.isDisabled()).toBe(true);
    await dialog.getByLabel(`Type ${email} to confirm`).fill(email.toUpperCase());
    await snap(page, 'admin-erase-customer-dialog');
    await erase.click();
    await toastWith(page, 'The customer’s data has been erased.').waitFor();
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByLabel('Search customers').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: email }).count()).toBe(0);
    await context.close();
  });

  it('an account with no shop erases itself on the platform’s own site, and can no longer sign in', async () => {
    const email = `pia.${Date.now().toString(36)}@example.com`;
    const { page, context } = await newPage();
    await page.goto(url('localhost', '/'));
    expect((await api(page, 'POST', '/api/auth/sign-up', { email, password: DEMO_PASSWORD })).status).toBe(201);
    await page.goto(url('localhost', '/admin/account'));
    const yourData = page.getByRole('region', { name: 'Your data' });
    await yourData.getByText('Download your Shopfront account’s data, or erase the account.').waitFor();
    await yourData.getByRole('button', { name: 'Erase my account' }).click();
    const confirm = yourData.getByRole('form', { name: 'Erase my account permanently' });
    await confirm.getByLabel('Current password').fill(DEMO_PASSWORD);
    await yourData.screenshot({ path: 'test-results/e2e/platform-your-data.png' });
    await confirm.getByRole('button', { name: 'Erase my account permanently' }).click();
    await toastWith(page, 'Your account has been erased and you have been signed out everywhere.').waitFor();
    expect((await api(page, 'POST', '/api/auth/sign-in', { email, password: DEMO_PASSWORD })).status).toBe(401);
    await context.close();
  });
});
