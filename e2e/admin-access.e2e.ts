import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage, signInThroughForm, snap, url } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('admin access journeys', () => {
  it('a store admin is sent to sign in, lands in the admin shell and can sign out', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(url('demo.localhost', '/admin'));
    await page.waitForURL(/\/login\?redirect=%2Fadmin|\/login\?redirect=\/admin/);
    await signInThroughForm(page, page.url(), 'admin@demo.test');
    await page.waitForURL(url('demo.localhost', '/admin'));
    await expect(page.getByText('Production', { exact: true })).toBeTruthy();
    await page.getByText('Production', { exact: true }).waitFor();
    const nav = page.getByRole('navigation');
    for (const item of ['Dashboard', 'Categories', 'Products', 'Import', 'Navigation', 'Pages', 'Media', 'Orders', 'Settings']) {
      await nav.getByRole('link', { name: item, exact: true }).first().waitFor();
    }
    await page.getByText('demo.localhost').first().waitFor();
    expect(await page.getByText('Platform Owner Mode - Full Access').count()).toBe(0);
    await nav.getByRole('link', { name: 'Orders', exact: true }).first().click();
    await page.waitForURL(url('demo.localhost', '/admin/orders'));
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await snap(page, 'admin-shell');
    await page.getByRole('button', { name: /admin@demo\.test|account/i }).first().click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/login/);
    const session = await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json()));
    expect(session.user).toBeNull();
    await context.close();
  });

  it('the platform owner sees the owner banner and the tenants, and can create one', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, url('localhost', '/login'), 'owner@platform.test');
    await page.waitForURL(url('localhost', '/admin'));
    await page.getByText('Platform Owner Mode - Full Access').waitFor();
    await page.getByText('Demo Store').first().waitFor();
    await page.getByText('Acme').first().waitFor();
    await page.getByRole('button', { name: /create tenant/i }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/store name/i).fill('Bramble & Co');
    await dialog.getByLabel(/domain/i).first().fill('bramble.localhost');
    await dialog.getByRole('button', { name: /create/i }).click();
    await page.getByText('bramble.localhost').first().waitFor();
    await snap(page, 'owner-admin');
    await context.close();
  });

  it('a shopper with no membership sees Access Denied', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, url('demo.localhost', '/login?redirect=/admin'), 'shopper@demo.test');
    await page.getByText('Access Denied').waitFor();
    await page.getByText('Contact your administrator to get access to a tenant.').waitFor();
    await snap(page, 'access-denied');
    await context.close();
  });

  it('a user with two memberships gets the tenant chooser with roles, then the chosen store', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, url('localhost', '/login'), 'partner@demo.test');
    await page.getByText('Select a tenant').waitFor();
    await page.getByText('Demo Store').first().waitFor();
    await page.getByText('Acme').first().waitFor();
    await page.getByText('admin', { exact: true }).first().waitFor();
    await page.getByText('staff', { exact: true }).first().waitFor();
    await snap(page, 'tenant-chooser');
    await page.getByRole('button', { name: /Acme/ }).click();
    await page.getByText('Production', { exact: true }).waitFor();
    await page.getByText('Acme').first().waitFor();
    await context.close();
  });

  it('the owner on a store sees the banner and the owner-only tenant launcher', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, url('demo.localhost', '/login'), 'owner@platform.test');
    await page.getByText('Platform Owner Mode - Full Access').waitFor();
    await page.getByRole('button', { name: /Owner only/ }).click();
    await page.getByRole('menuitem', { name: /Acme/ }).waitFor();
    await snap(page, 'owner-launcher');
    await context.close();
  });
});

describe('public sites', () => {
  it('the platform host shows the marketing site with a sign-in link, and a not-found page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(url('localhost', '/'));
    await page.getByRole('link', { name: /sign in/i }).first().waitFor();
    await snap(page, 'marketing');
    await page.goto(url('localhost', '/no-such-page'));
    await page.getByText(/not found/i).first().waitFor();
    await context.close();
  });

  it('a store host shows the store, and a bad login shows the server message', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740 });
    await page.goto(url('demo.localhost', '/'));
    await page.getByText('Demo Store').first().waitFor();
    await snap(page, 'store-home-mobile');
    await signInThroughForm(page, url('demo.localhost', '/login'), 'admin@demo.test', 'wrong-password');
    await page.getByText('Invalid email or password').first().waitFor();
    await context.close();
  });
});
