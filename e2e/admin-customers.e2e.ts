import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { DEMO_PASSWORD, fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { fillAddress, fillCart, openStore, payWith, STORE, SUCCESS_CARD } from './store';

// Issue 26 item 4: a guest's order makes them a customer; the admin finds them in Customers (search,
// sort), opens their page, adds a note and exports the list; the list and the page fit a phone.

describe('admin customers', () => {
  it('a guest who ordered is in the list, searched and sorted; their page takes a note; the list exports as CSV; both fit a phone', async () => {
    // A guest buys on the store with an email no other journey uses.
    const email = `cara.${Date.now().toString(36)}@example.com`;
    const guest = await newPage();
    await openStore(guest.page);
    await fillCart(guest.page);
    await guest.page.goto(url(STORE, '/checkout'));
    await fillAddress(guest.page, { email, first: 'Cara', last: 'Customer' });
    await guest.page.getByRole('button', { name: /^Pay £/ }).click();
    await guest.page.waitForURL(/\/pay\/[^/]+$/);
    await payWith(guest.page, SUCCESS_CARD);
    await guest.page.getByRole('heading', { name: 'Thank you, Cara!', level: 1 }).waitFor();
    const number = (await guest.page.getByText(/^Your order .+ is confirmed\.$/).innerText()).match(/Your order (\S+) is confirmed/)![1];
    await guest.context.close();

    // The admin's list at 1280: found by the start of the email, then sorted by total spent.
    const { page, context } = await newPage();
    await signInThroughForm(page, url(STORE, '/login?redirect=%2Fadmin%2Fcustomers'), 'admin@demo.test', DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customers' }).waitFor();
    await page.getByLabel('Search customers').fill(email.slice(0, 12));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(`1 customer matching “${email.slice(0, 12)}”`).waitFor();
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByRole('link', { name: 'Cara Customer' }).waitFor();
    await row.getByText('Guest', { exact: true }).waitFor();
    await row.getByText('£64.99').waitFor();
    expect(page.url()).toContain(`search=${encodeURIComponent(email.slice(0, 12))}`);
    await page.getByRole('button', { name: 'Clear search' }).first().click();
    await page.getByRole('button', { name: 'Total spent' }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Total spent' }).getAttribute('aria-sort')).toBe('descending');
    await page.getByRole('button', { name: 'Total spent' }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Total spent' }).getAttribute('aria-sort')).toBe('ascending');
    expect(page.url()).toContain('sort=total_spent&dir=asc');
    await page.getByRole('row').nth(1).waitFor();
    await snap(page, 'admin-customers-list');

    // Export: the whole list as a dated CSV file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFName,Email,Customer type,Orders,Total spent (GBP),First order,Last order,Marketing consent\r\n')).toBe(true);
    expect(csv).toMatch(new RegExp(`\\r\\nCara Customer,${email.replace(/\./g, '\\.')},Guest,1,64\\.99,`));

    // Their page: the figures, the order, and a note from the team.
    await page.getByLabel('Search customers').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: 'Cara Customer' }).click();
    await page.getByRole('heading', { name: 'Cara Customer', level: 1 }).waitFor();
    const summary = page.getByRole('list', { name: 'Summary' });
    await summary.getByText('£64.99').waitFor();
    await summary.getByText('Not asked', { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Orders of this customer' }).getByRole('link', { name: number }).waitFor();
    await page.getByText('Guests have no saved addresses: each order keeps its own.').waitFor();
    await page.getByLabel('Add a note').fill('Asked for gift wrapping next time.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await toastWith(page, 'Note added').waitFor();
    const notes = page.getByRole('list', { name: 'Notes' });
    await notes.getByText('Asked for gift wrapping next time.').waitFor();
    await notes.getByText(/^admin@demo\.test · /).waitFor();
    await snap(page, 'admin-customer-page');

    // A phone: the page and the list fit the screen; the list sorts from a menu.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'admin-customer-page-phone');
    await page.goto(url(STORE, '/admin/customers'));
    await page.getByRole('row').nth(1).waitFor();
    await page.getByLabel('Sort customers').selectOption('name:asc');
    await expect.poll(() => page.url()).toContain('sort=name');
    await page.getByRole('row').nth(1).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'admin-customers-list-phone');
    await context.close();
  });
});
