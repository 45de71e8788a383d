import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { adminApiPage, adminCreatesProduct, newJourneyStore, runTag } from './run-data';
import { api, STORE } from './store';

// Issue 28 item 1: Marketing's discount codes in the admin. An admin at 1280 px creates a 20% code
// limited to 10 uses, sees it active, edits it, switches it off and on again, in a store of the
// journey's own (its list starts empty, and SPRING20 is free there). A staff member who sees orders
// reads the demo store's list on a phone, with no button that changes a code.

const poll = { timeout: 10_000 };

/** The row (table, 1280 px) or card (phone) of a code in the list. */
const rowOf = (page: Page, code: string) => page.getByRole('table', { name: 'Discount codes' }).getByRole('row').filter({ hasText: code });

let restoreStaff: (() => Promise<void>) | null = null;
afterAll(async () => {
  // Other journeys count on staff@demo.test having the default permissions (the CRM and customers).
  await restoreStaff?.();
});

describe('admin discount codes', () => {
  it('an admin creates a 20% code limited to 10 uses, edits it, switches it off and on again (1280 px)', async () => {
    const host = await newJourneyStore('Discounts Journey Shop');
    const { context, page } = await newPage();
    await signInThroughForm(page, url(host, `/login?redirect=${encodeURIComponent('/admin/discounts')}`), 'admin@demo.test');
    await page.getByRole('heading', { name: 'Discounts', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    expect(await nav.getByRole('link', { name: 'Discounts', exact: true }).getAttribute('aria-current')).toBe('page');
    // A product of the store's own, for the code's chosen items later.
    const tag = runTag();
    const vase = await adminCreatesProduct(page, { name: `Glazed Vase ${tag}`, price: 30 });

    // Empty: one button to start.
    await page.getByText('No discount codes yet').waitFor();
    await snap(page, 'admin-discounts-empty');
    await page.getByRole('link', { name: 'Create discount' }).click();
    await page.waitForURL(url(host, '/admin/discounts/new'));
    await page.getByRole('heading', { name: 'Create discount', level: 1 }).waitFor();

    // The form checks before it sends: nothing typed, the code and the percentage are asked for.
    const form = page.getByRole('form', { name: 'Create discount' });
    await form.getByRole('button', { name: 'Create discount' }).click();
    await form.getByText('Enter a code', { exact: true }).waitFor();
    await form.getByText('Enter a whole percentage from 1 to 100').waitFor();
    // Generate fills in a readable code; then the merchant types their own (lower case is upper-cased).
    await form.getByRole('button', { name: 'Generate' }).click();
    expect(await form.getByLabel('Code *').inputValue()).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await form.getByLabel('Code *').fill('spring20');
    await form.getByLabel('Percentage off (%) *').fill('20');
    await form.getByLabel('Total uses').fill('10');
    await form.getByLabel('Starts').fill('2026-03-01T09:00');
    await form.getByLabel('Ends').fill('2026-02-01T09:00');
    await form.getByRole('button', { name: 'Create discount' }).click();
    await form.getByText('The end must be after the start').waitFor();
    await form.getByLabel('Ends').fill('');
    await form.getByLabel('Starts').fill('');
    await snap(page, 'admin-discounts-form');
    await form.getByRole('button', { name: 'Create discount' }).click();
    await toastWith(page, 'SPRING20 created').waitFor();
    await page.waitForURL(url(host, '/admin/discounts'));

    // In the list: code, value, Active, 0 / 10.
    const row = rowOf(page, 'SPRING20');
    await row.getByText('20% off').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('0 / 10').waitFor();
    await row.getByText('Whole order').waitFor();
    expect(await row.getByRole('cell').nth(6).innerText()).toBe('£0.00');
    await snap(page, 'admin-discounts-list');

    // The same code again, in any case: refused on the code field, by the server.
    await page.goto(url(host, '/admin/discounts/new'));
    const again = page.getByRole('form', { name: 'Create discount' });
    await again.getByLabel('Code *').fill('Spring20');
    await again.getByLabel('Percentage off (%) *').fill('5');
    await again.getByRole('button', { name: 'Create discount' }).click();
    await again.getByText('Another discount code in this store already uses this code').waitFor();
    // Leaving with unsaved changes asks first (decision 040).
    await page.getByRole('link', { name: 'Back to discounts' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByText('Your changes to this new discount code will be lost.').waitFor();
    await leave.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(url(host, '/admin/discounts'));

    // Edit: 25% off the vase only, ending on Christmas Eve (UK time).
    await rowOf(page, 'SPRING20').getByRole('link', { name: 'Edit SPRING20' }).click();
    const edit = page.getByRole('form', { name: 'Edit discount' });
    await edit.getByLabel('Percentage off (%) *').fill('25');
    await edit.getByText('Chosen products and categories').click();
    await edit.getByLabel('Products', { exact: true }).fill(tag);
    await edit.getByRole('list', { name: 'Matching products' }).getByRole('button', { name: new RegExp(vase.name) }).click();
    await edit.getByRole('list', { name: 'Chosen products' }).getByText(vase.name).waitFor();
    await edit.getByLabel('Ends').fill('2030-12-24T23:59');
    await edit.getByText('UK time (Greenwich Mean Time).').waitFor();
    await snap(page, 'admin-discounts-form-items');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toastWith(page, 'SPRING20 saved').waitFor();
    await page.waitForURL(url(host, '/admin/discounts'));
    await rowOf(page, 'SPRING20').getByText('25% off').waitFor();
    await rowOf(page, 'SPRING20').getByText('Chosen items').waitFor();
    await rowOf(page, 'SPRING20').getByText('Until 24 Dec 2030, 23:59').waitFor();
    const saved = await api<{ discounts: { ends_at: string; product_ids: string[] }[] }>(page, 'GET', '/api/admin/discounts?q=SPRING20');
    expect(saved.body.discounts[0]).toMatchObject({ ends_at: '2030-12-24T23:59:00.000Z', product_ids: [vase.id] });

    // Switch off: status Switched off (and the filter finds it); then on again.
    await rowOf(page, 'SPRING20').getByRole('switch', { name: 'SPRING20 active' }).click();
    await toastWith(page, 'SPRING20 switched off').waitFor();
    await rowOf(page, 'SPRING20').getByText('Switched off', { exact: true }).waitFor();
    await page.getByLabel('Filter by status').selectOption('switched_off');
    await rowOf(page, 'SPRING20').waitFor();
    await page.getByLabel('Filter by status').selectOption('active');
    await page.getByText('No discount codes found').waitFor();
    await page.getByLabel('Filter by status').selectOption('all');
    await rowOf(page, 'SPRING20').getByRole('switch', { name: 'SPRING20 active' }).click();
    await toastWith(page, 'SPRING20 switched on').waitFor();
    await rowOf(page, 'SPRING20').getByText('Active', { exact: true }).waitFor();
    expect(await rowOf(page, 'SPRING20').getByRole('switch', { name: 'SPRING20 active' }).getAttribute('aria-checked')).toBe('true');

    // Search by code, whatever the case.
    await page.getByLabel('Search discount codes').fill('spring');
    await expect.poll(() => page.getByRole('table', { name: 'Discount codes' }).getByRole('row').count(), poll).toBe(2);
    await page.getByLabel('Search discount codes').fill('nothing-like-it');
    await page.getByText('No discount codes found').waitFor();
    await page.getByLabel('Search discount codes').fill('');
    await rowOf(page, 'SPRING20').waitFor();

    // Delete asks first, and says what happens; cancelled here (the code stays).
    await rowOf(page, 'SPRING20').getByRole('button', { name: 'Delete SPRING20' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete discount code' });
    await dialog.getByText('Are you sure you want to delete SPRING20?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await rowOf(page, 'SPRING20').waitFor();
    await snap(page, 'admin-discounts-list-edited');

    // The admin on a phone: the list as cards, the form in one column, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    const card = page.getByRole('list', { name: 'Discount codes' }).getByRole('listitem').filter({ hasText: 'SPRING20' });
    await card.getByRole('switch', { name: 'SPRING20 active' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'admin-discounts-list-phone');
    await card.getByRole('link', { name: 'Edit SPRING20' }).click();
    await page.getByRole('form', { name: 'Edit discount' }).getByRole('list', { name: 'Chosen products' }).getByText(vase.name).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'admin-discounts-form-phone');
    await context.close();
  });

  it('a staff member who sees orders reads the list on a phone, with nothing to change (375 px)', async () => {
    // The demo store's admin lets staff see orders (restored after), and makes a code to read.
    const admin = await adminApiPage();
    const members = await api<{ members: { user_id: string; email: string; permissions: string[] }[] }>(admin.page, 'GET', '/api/admin/members');
    const member = members.body.members.find((m) => m.email === 'staff@demo.test')!;
    restoreStaff = async () => {
      await api(admin.page, 'PUT', `/api/admin/members/${member.user_id}/permissions`, { permissions: member.permissions });
      await admin.context.close();
    };
    expect((await api(admin.page, 'PUT', `/api/admin/members/${member.user_id}/permissions`, { permissions: [...new Set([...member.permissions, 'orders.view'])] })).status).toBe(200);
    const code = `STAFF-${runTag().toUpperCase()}`;
    const made = await api(admin.page, 'POST', '/api/admin/discounts', { code, kind: 'fixed', value: 5, usage_limit: null, min_subtotal: 40 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    const phone = await newPage({ width: 375, height: 800 });
    await signInThroughForm(phone.page, url(STORE, '/login?redirect=%2Fadmin%2Fdiscounts'), 'staff@demo.test', DEMO_PASSWORD);
    await phone.page.getByRole('heading', { name: 'Discounts', level: 1 }).waitFor();
    await phone.page.getByLabel('Search discount codes').fill(code);
    const card = phone.page.getByRole('list', { name: 'Discount codes' }).getByRole('listitem').filter({ hasText: code });
    await card.getByText('£5.00 off').waitFor(poll);
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByText('0 / ∞').waitFor();
    await card.getByText('Min. spend £40.00').waitFor();
    // Read only: no create, edit, switch or delete.
    expect(await phone.page.getByRole('link', { name: 'Create discount' }).count()).toBe(0);
    expect(await phone.page.getByRole('button', { name: 'Create discount' }).count()).toBe(0);
    expect(await card.getByRole('link', { name: `Edit ${code}` }).count()).toBe(0);
    expect(await card.getByRole('button', { name: `Delete ${code}` }).count()).toBe(0);
    expect(await card.getByRole('switch').count()).toBe(0);
    expect(await fitsWidth(phone.page)).toBe(true);
    await snap(phone.page, 'admin-discounts-staff-phone');
    // The sidebar lists Discounts for them; the form is not theirs.
    await phone.page.getByRole('button', { name: 'Open navigation' }).click();
    await phone.page.getByRole('dialog').getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Discounts' }).waitFor();
    await phone.page.keyboard.press('Escape');
    await phone.page.goto(url(STORE, '/admin/discounts/new'));
    await phone.page.getByText('You do not have access to this section').waitFor();
    const refused = await api(phone.page, 'PUT', `/api/admin/discounts/${(made.body as { discount: { id: string } }).discount.id}/active`, { is_active: false });
    expect(refused.status).toBe(403);
    await phone.context.close();
    await restoreStaff();
    restoreStaff = null;
  });
});
