import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, newPage, signInThroughForm, snap, snapIfFailed, url } from './browser';
import { api } from './store';
import { runTag } from './run-data';

afterEach(snapIfFailed);

describe('owner console journeys', () => {
  it('the platform owner adds a domain to a store, suspends it (shoppers see it closed) and reactivates it', async () => {
    const tag = runTag();
    const name = `Closing Time ${tag}`;
    const host = `closing-${tag}.localhost`;
    const extra = `www-${tag}.localhost`;
    // The store's merchant: an account of their own, made its admin when the store is created.
    const merchantEmail = `closing.${tag}@example.com`;
    const merchant = await newPage();
    await merchant.page.goto(url('localhost', '/'));
    expect((await api(merchant.page, 'POST', '/api/auth/sign-up', { email: merchantEmail, password: DEMO_PASSWORD })).status).toBe(201);
    const { context, page } = await newPage();
    await signInThroughForm(page, url('localhost', '/login'), 'owner@platform.test');
    await page.waitForURL(url('localhost', '/admin'));

    await page.getByRole('button', { name: 'Create tenant' }).click();
    const create = page.getByRole('dialog', { name: 'Create tenant' });
    await create.getByLabel('Store name').fill(name);
    await create.getByLabel('Domain').fill(host);
    await create.getByLabel('Admin email (optional)').fill(merchantEmail);
    await create.getByRole('button', { name: 'Create tenant' }).click();
    await page.getByText('Tenant created').waitFor();
    const row = page.getByRole('row').filter({ hasText: name });
    // Not public until its merchant launches it (issue 25).
    await row.getByText('Opening soon', { exact: true }).last().waitFor();
    // On a phone the status sits by the store's name (issue 27 item 10).
    await page.setViewportSize({ width: 375, height: 800 });
    await row.getByText('Opening soon', { exact: true }).first().waitFor();
    await snap(page, 'owner-tenants-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Domains: a second host name, unique across the platform.
    await row.getByRole('button', { name: `More actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Manage domains' }).click();
    const domains = page.getByRole('dialog', { name: `Domains of ${name}` });
    await domains.getByRole('list', { name: 'Domains' }).getByText(host).waitFor();
    await domains.getByLabel('Add a domain').fill('demo.localhost');
    await domains.getByRole('button', { name: 'Add domain' }).click();
    await domains.getByText('That domain is already used by another store.').waitFor();
    await domains.getByLabel('Add a domain').fill(extra);
    await domains.getByRole('button', { name: 'Add domain' }).click();
    await page.getByText('Domain added').waitFor();
    await domains.getByRole('list', { name: 'Domains' }).getByText(extra).waitFor();
    await snap(page, 'owner-store-domains');
    await page.keyboard.press('Escape');

    const shopper = await context.newPage();
    await shopper.goto(url(extra, '/'));
    await shopper.getByRole('heading', { name: 'Opening soon', level: 1 }).waitFor();
    await shopper.getByText(name).waitFor();

    // Suspend: confirmed, then both hosts answer 503 "This store is closed".
    await row.getByRole('button', { name: `More actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Suspend store' }).click();
    const suspend = page.getByRole('dialog', { name: `Suspend ${name}?` });
    await suspend.getByRole('button', { name: 'Suspend store' }).click();
    await suspend.getByText('Say why the store is suspended').waitFor();
    await suspend.getByLabel('Reason').fill('Card disputes are being looked into.');
    await suspend.getByRole('button', { name: 'Suspend store' }).click();
    await page.getByText('Store suspended').waitFor();
    await row.getByText('Suspended', { exact: true }).last().waitFor();
    await snap(page, 'owner-store-suspended');

    for (const h of [host, extra]) {
      const response = await shopper.goto(url(h, '/'));
      expect(response?.status()).toBe(503);
      await shopper.getByRole('heading', { name: 'This store is closed' }).waitFor();
      await shopper.getByText(name).waitFor();
    }
    await snap(shopper, 'store-closed');

    // The merchant can still serve paid orders: the admin says why, where to write, and shows Orders only.
    await signInThroughForm(merchant.page, url(host, '/login?redirect=%2Fadmin'), merchantEmail, DEMO_PASSWORD);
    const banner = merchant.page.getByRole('status').filter({ hasText: 'This store is suspended' });
    await banner.getByText(/Reason: Card disputes are being looked into\./).waitFor();
    await banner.getByRole('link', { name: 'support@localhost' }).waitFor();
    const nav = merchant.page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Orders' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Products' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await snap(merchant.page, 'suspended-store-admin');

    // Reactivate: the store opens again.
    await row.getByRole('button', { name: `More actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Reactivate store' }).click();
    await page.getByRole('dialog', { name: `Reactivate ${name}?` }).getByRole('button', { name: 'Reactivate store' }).click();
    await page.getByText('Store reactivated').waitFor();
    await row.getByText('Opening soon', { exact: true }).last().waitFor();
    // Back to what it was before: not closed, still waiting for its launch.
    const reopened = await shopper.goto(url(host, '/'));
    expect(reopened?.status()).toBe(503);
    await shopper.getByRole('heading', { name: 'Opening soon', level: 1 }).waitFor();
    // And its merchant has the whole admin back.
    await merchant.page.goto(url(host, '/admin'));
    await merchant.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).waitFor();
    await merchant.context.close();
    await context.close();
  });
});
