import { describe, expect, it } from 'vitest';
import { newPage, signInThroughForm, snap, url } from './browser';

describe('admin access journeys', () => {
  it('a store admin is sent to sign in, lands in the admin shell and can sign out', async () => {
    const { context, page } = await newPage();
    await page.goto(url('demo.localhost', '/admin/orders'));
    await page.waitForURL(/\/login\?redirect=%2Fadmin%2Forders$/);
    await signInThroughForm(page, page.url(), 'admin@demo.test');
    await page.waitForURL(url('demo.localhost', '/admin/orders'));
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await page.getByText('Production', { exact: true }).waitFor();
    await page.getByText('demo.localhost').first().waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const item of ['Dashboard', 'CRM', 'Categories', 'Products', 'Import', 'Navigation', 'Pages', 'Media', 'Orders', 'Settings']) {
      await nav.getByRole('link', { name: item, exact: true }).waitFor();
    }
    expect(await page.getByText('Platform Owner Mode - Full Access').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Owner only/ }).count()).toBe(0);
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { name: 'Good morning!' }).waitFor();
    // The dashboard's Import Products button opens the import page: upload, template and history.
    await page.getByRole('link', { name: 'Import Products' }).click();
    await page.waitForURL(url('demo.localhost', '/admin/import'));
    await page.getByRole('heading', { name: 'Import Products', level: 1 }).waitFor();
    await page.getByRole('button', { name: /Drag and drop your CSV file here/ }).waitFor();
    await page.getByRole('link', { name: 'Download Template' }).waitFor();
    await page.getByRole('heading', { name: 'Import History' }).waitFor();
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { name: 'Good morning!' }).waitFor();
    await nav.getByRole('link', { name: 'Products', exact: true }).click();
    await page.waitForURL(url('demo.localhost', '/admin/catalogue/products'));
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await snap(page, 'admin-shell');

    await page.getByRole('button', { name: 'Account menu for admin@demo.test' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(url('demo.localhost', '/login'));
    const session = await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json()));
    expect(session.user).toBeNull();
    // The session is over on the server: the admin sends us back to sign in.
    await page.goto(url('demo.localhost', '/admin'));
    await page.waitForURL(/\/login\?redirect=%2Fadmin$/);
    await context.close();
  });

  it('the platform owner sees the owner banner and the tenants, and can create one', async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, url('localhost', '/login'), 'owner@platform.test');
    await page.waitForURL(url('localhost', '/admin'));
    await page.getByText('Platform Owner Mode - Full Access').waitFor();
    const table = page.getByRole('table');
    await table.getByText('Demo Store', { exact: true }).waitFor();
    await table.getByRole('cell', { name: 'acme.localhost', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Create tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create tenant' });
    await dialog.getByRole('button', { name: 'Create tenant' }).click();
    await dialog.getByText('Store name is required').waitFor();
    await dialog.getByLabel('Store name').fill('Bramble & Co');
    await dialog.getByLabel('Domain').fill('demo.localhost');
    await dialog.getByRole('button', { name: 'Create tenant' }).click();
    await dialog.getByText('That domain is already used by another store.').waitFor();
    await dialog.getByLabel('Domain').fill('bramble.localhost');
    await dialog.getByRole('button', { name: 'Create tenant' }).click();
    await page.getByText('Tenant created').waitFor();
    await table.getByRole('cell', { name: 'bramble.localhost', exact: true }).waitFor();
    expect(await dialog.count()).toBe(0);
    await snap(page, 'owner-admin');

    // The new store answers on its own domain straight away, with "Opening soon" until its merchant
    // launches it (issue 25; this session belongs to the platform's host, so here it is a visitor's).
    await page.goto(url('bramble.localhost', '/'));
    await page.getByRole('heading', { name: 'Opening soon', level: 1 }).waitFor();
    await page.getByText('Bramble & Co').waitFor();
    await context.close();
  });

  it('the owner on a store sees the banner and the owner-only tenant launcher', async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, url('demo.localhost', '/login'), 'owner@platform.test');
    await page.getByText('Platform Owner Mode - Full Access').waitFor();
    await page.getByRole('button', { name: /Owner only/ }).click();
    const acme = page.getByRole('menuitem', { name: /Acme/ });
    await acme.waitFor();
    await snap(page, 'owner-launcher');
    await acme.click();
    // Sessions belong to one host, so the jump lands on Acme's sign-in, bound for Acme's admin.
    await page.waitForURL(/^http:\/\/acme\.localhost:\d+\/login\?redirect=%2Fadmin$/);
    await context.close();
  });

  it('the launcher says so when the tenant domains cannot be loaded', async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, url('demo.localhost', '/login'), 'owner@platform.test');
    await page.getByText('Platform Owner Mode - Full Access').waitFor();
    await page.route('**/api/tenants/domains', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' }));
    await page.getByRole('button', { name: /Owner only/ }).click();
    await page.getByRole('listitem').getByText('Unable to load tenant domains').waitFor();
    await context.close();
  });

  it('shows the global error screen when part of the app fails to load', async () => {
    const { context, page } = await newPage();
    await page.route('**/assets/AdminApp-*.js', (route) => route.abort());
    await page.goto(url('demo.localhost', '/admin'));
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByRole('button', { name: 'Reload page' }).waitFor();
    await context.close();
  });

  it('a shopper with no membership sees Access Denied', async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, url('demo.localhost', '/login?redirect=/admin'), 'shopper@demo.test');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText('Contact your administrator to get access to a tenant.').waitFor();
    await snap(page, 'access-denied');
    await context.close();
  });

  it('on the platform host, a shopper with no store is sent to /login?reason=no-tenant', async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, url('localhost', '/login'), 'shopper@demo.test');
    await page.waitForURL(url('localhost', '/login?reason=no-tenant'));
    await page.getByText('Your account is not linked to any store yet.', { exact: false }).waitFor();
    await context.close();
  });

  it('a user with two memberships gets the tenant chooser with roles, then the chosen store', async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, url('localhost', '/login'), 'partner@demo.test');
    await page.getByRole('heading', { name: 'Select a tenant' }).waitFor();
    const demo = page.getByRole('button', { name: /Demo Store/ });
    const acme = page.getByRole('button', { name: /Acme/ });
    expect(await demo.getByText('admin', { exact: true }).count()).toBe(1);
    expect(await acme.getByText('staff', { exact: true }).count()).toBe(1);
    await snap(page, 'tenant-chooser');
    await acme.click();
    await page.getByText('Production', { exact: true }).waitFor();
    await page.getByRole('banner').getByText('Acme', { exact: true }).waitFor();
    // Staff manage leads and quotes only: store sections are neither listed nor open.
    const nav = page.getByRole('navigation', { name: 'Admin' });
    expect(await nav.getByRole('link', { name: 'Products', exact: true }).count()).toBe(0);
    await page.goto(url('localhost', '/admin/catalogue/products'));
    await page.getByText('You do not have access to this section').waitFor();
    // Switch store brings the chooser back.
    await page.getByRole('button', { name: 'Account menu for partner@demo.test' }).click();
    await page.getByRole('menuitem', { name: 'Switch store' }).click();
    await page.getByRole('heading', { name: 'Select a tenant' }).waitFor();
    await context.close();
  });

  it("a store's staff sees CRM in the sidebar and reaches the pipeline, but not the store's sections", async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, url('demo.localhost', '/login'), 'staff@demo.test');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'CRM', exact: true }).click();
    await page.waitForURL(url('demo.localhost', '/admin/crm'));
    await page.getByText('CRM mode', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Pipeline', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'New Leads', exact: true }).waitFor();
    await page.goto(url('demo.localhost', '/admin/catalogue/products'));
    await page.getByText('You do not have access to this section').waitFor();
    await context.close();
  });

  it('shows the permissions error when the access check fails', async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, url('demo.localhost', '/login'), 'admin@demo.test');
    await page.getByRole('heading', { name: 'Good morning!' }).waitFor();
    await page.route('**/api/admin/context', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' }));
    await page.reload();
    await page.getByText('We could not confirm your permissions').waitFor();
    await page.getByText('Please refresh and try again.').waitFor();
    await context.close();
  });
});
