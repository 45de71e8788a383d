import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { runTag } from './run-data';
import { STORE } from './store';

// The CRM pipeline (admin spec §2 "CRM admin page", §4, §8; issue 16): two people on the same store's
// board; what one adds and moves shows on the other's board without a reload (server-sent events).

async function openBoard(page: Page): Promise<void> {
  await signInThroughForm(page, url(STORE, '/login?redirect=/admin/crm'), 'admin@demo.test');
  await page.waitForURL(url(STORE, '/admin/crm'));
  await page.getByRole('heading', { name: 'Pipeline', level: 1 }).waitFor();
  await column(page, 'Lost').waitFor();
}

const column = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const card = (page: Page, title: string, name: string) => column(page, title).locator('li', { hasText: name });

describe('CRM pipeline journeys', () => {
  it('a lead added and moved in one browser appears in the other, and its details edit and cancel', async () => {
    const tag = runTag();
    const name = `Lead ${tag}`;
    const one = await newPage();
    const two = await newPage();
    await openBoard(one.page);
    await openBoard(two.page);
    const titles = await one.page.locator('section[data-column] h2').allInnerTexts();
    expect(titles).toEqual(['New Leads', 'Contacted', 'Qualified', 'Quoted', 'Won', 'Lost']);

    // Add New Lead: name and email are required, then the lead lands in New Leads on both boards.
    const a = one.page;
    await a.getByRole('button', { name: 'Add New Lead' }).click();
    const add = a.getByRole('dialog', { name: 'Add New Lead' });
    await add.getByRole('button', { name: 'Add Lead' }).click();
    await toastWith(a, 'Name and email are required').waitFor();
    await add.getByLabel('Name *').fill(name);
    await add.getByLabel('Email *').fill(`${tag}@example.test`);
    await add.getByLabel('Company').fill(`${tag} Ltd`);
    await add.getByLabel('Project Type').selectOption('E-commerce');
    await add.getByLabel('Budget Range').selectOption('£5,000 - £10,000');
    await add.getByLabel('Priority').selectOption('high');
    expect(await add.getByLabel('Priority').inputValue()).toBe('high');
    await snap(a, 'crm-add-lead-1280');
    await add.getByRole('button', { name: 'Add Lead' }).click();
    await toastWith(a, 'Lead added successfully').waitFor();
    await card(a, 'New Leads', name).waitFor();
    await card(two.page, 'New Leads', name).waitFor({ timeout: 5_000 });
    expect(await card(a, 'New Leads', name).getAttribute('class')).toContain('border-l-red-500');

    // Keyboard drag: the move button, Space, two columns right, Space.
    await a.getByRole('button', { name: `Move ${name}` }).focus();
    for (const key of ['Space', 'ArrowRight', 'ArrowRight', 'Space']) {
      await a.keyboard.press(key);
      await a.waitForTimeout(150); // a person's pace: the board settles between keys
    }
    await card(a, 'Qualified', name).waitFor({ timeout: 2_000 });
    await toastWith(a, 'Lead moved successfully').waitFor();
    await card(two.page, 'Qualified', name).waitFor({ timeout: 5_000 });
    expect(await card(two.page, 'New Leads', name).count()).toBe(0);

    // Mouse drag from Qualified to Quoted.
    const from = (await card(a, 'Qualified', name).boundingBox())!;
    const to = (await column(a, 'Quoted').boundingBox())!;
    await a.mouse.move(from.x + 40, from.y + 20);
    await a.mouse.down();
    await a.mouse.move(from.x + 60, from.y + 30, { steps: 4 });
    await a.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
    await a.mouse.up();
    await card(a, 'Quoted', name).waitFor({ timeout: 2_000 });
    await card(two.page, 'Quoted', name).waitFor({ timeout: 5_000 });
    // A drop outside every column changes nothing.
    const quoted = (await card(a, 'Quoted', name).boundingBox())!;
    await a.mouse.move(quoted.x + 40, quoted.y + 20);
    await a.mouse.down();
    await a.mouse.move(quoted.x + 60, quoted.y + 30, { steps: 4 });
    await a.mouse.move(quoted.x + 40, 10, { steps: 8 });
    await a.mouse.up();
    await a.waitForTimeout(300);
    expect(await card(a, 'Quoted', name).count()).toBe(1);
    await snap(a, 'crm-board-1280');

    // Details: fallbacks, Edit then Cancel restores, Save persists (and the other board follows).
    await card(a, 'Quoted', name).getByRole('button', { name: new RegExp(`^${name}`) }).click();
    const detail = a.getByRole('dialog', { name });
    for (const text of ['Contact Information', 'Project Information', 'No phone', 'No location', 'Not quoted', 'No description provided', 'No notes added', 'E-commerce', 'High priority', 'Manual']) {
      await detail.getByText(text, { exact: true }).first().waitFor();
    }
    await detail.getByText(/^Created \d{1,2} [A-Z][a-z]{2} \d{4}$/).waitFor();
    await snap(a, 'crm-detail-1280');
    await detail.getByRole('button', { name: 'Edit' }).click();
    await detail.getByLabel('Phone').fill('0161 496 0000');
    await detail.getByLabel('Notes').fill('Should not stay');
    await detail.getByRole('button', { name: 'Cancel' }).click();
    await detail.getByText('No phone', { exact: true }).waitFor();
    await detail.getByText('No notes added', { exact: true }).waitFor();
    await detail.getByRole('button', { name: 'Edit' }).click();
    expect(await detail.getByLabel('Phone').inputValue()).toBe('');
    await detail.getByLabel('Quote Amount (£)').fill('4500');
    await detail.getByLabel('Notes').fill('Call back on Tuesday');
    await snap(a, 'crm-detail-edit-1280');
    await detail.getByRole('button', { name: 'Save' }).click();
    await toastWith(a, 'Lead updated successfully').waitFor();
    await detail.getByRole('button', { name: 'Edit' }).waitFor();
    await detail.getByText('£4,500.00').waitFor();
    await detail.getByText('Call back on Tuesday').waitFor();
    await a.keyboard.press('Escape');
    await card(a, 'Quoted', name).getByText('£4,500.00').waitFor();
    await card(two.page, 'Quoted', name).getByText('£4,500.00').waitFor({ timeout: 5_000 });

    // List view: the same lead as a row; View opens the same dialog.
    await a.getByRole('navigation', { name: 'Leads view' }).getByRole('link', { name: 'List' }).click();
    await a.waitForURL(url(STORE, '/admin/crm/leads'));
    const row = a.getByRole('table', { name: 'Leads' }).getByRole('row').filter({ hasText: name });
    await row.getByText('Quoted', { exact: true }).waitFor();
    await row.getByText('£4,500.00').waitFor();
    await snap(a, 'crm-list-1280');
    await row.getByRole('button', { name: `View ${name}` }).click();
    await a.getByRole('dialog', { name }).getByText('Call back on Tuesday').waitFor();
    await a.keyboard.press('Escape');

    // The sheet dialogs.
    await a.getByRole('button', { name: 'Sync Bark Leads' }).click();
    const sync = a.getByRole('dialog', { name: 'Sync Bark Leads' });
    expect(await sync.getByLabel('Google Sheet CSV URL').inputValue()).not.toBe('');
    await snap(a, 'crm-sync-1280');
    // A URL the import cannot fetch: the server's reason under the spec's words, the dialog stays.
    await sync.getByLabel('Google Sheet CSV URL').fill('http://127.0.0.1:1/sheet.csv');
    await sync.getByRole('button', { name: 'Import Leads' }).click();
    await toastWith(a, 'Failed to sync leads from Bark').waitFor();
    await sync.waitFor();
    await a.keyboard.press('Escape');
    await a.getByRole('button', { name: 'Setup Google Sheets Headers' }).click();
    const headers = a.getByRole('dialog', { name: 'Setup Google Sheets Headers' });
    await headers.getByText('bark_buyer_name').waitFor();
    await one.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url(STORE) });
    await headers.getByRole('button', { name: 'Copy Headers' }).click();
    await toastWith(a, 'Headers copied to clipboard!').waitFor();
    const copied = await a.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\t')).toEqual(expect.arrayContaining(['bark_id', 'quote_value', 'imported_at']));
    expect(copied.split('\t')).toHaveLength(21);
    await a.keyboard.press('Escape');

    // Phone width: the board scrolls sideways inside itself, the page does not.
    const b = two.page;
    await b.setViewportSize({ width: 375, height: 800 });
    expect(await b.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    await snap(b, 'crm-board-375');
    await card(b, 'Quoted', name).getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await b.getByRole('dialog', { name }).getByText('Call back on Tuesday').waitFor();
    await snap(b, 'crm-detail-375');
    await b.keyboard.press('Escape');
    await b.getByRole('button', { name: 'Add New Lead' }).click();
    await b.getByRole('dialog', { name: 'Add New Lead' }).waitFor();
    await snap(b, 'crm-add-lead-375');
    await b.keyboard.press('Escape');
    await b.goto(url(STORE, '/admin/crm/leads'));
    // On a phone the list is cards, not a table (issue 27 item 10).
    await b.getByRole('list', { name: 'Leads' }).getByRole('button', { name: `View ${name}` }).waitFor();
    expect(await b.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    await snap(b, 'crm-list-375');
    await b.getByRole('button', { name: 'Setup Google Sheets Headers' }).click();
    await snap(b, 'crm-headers-375');

    await one.context.close();
    await two.context.close();
  });

  it('says Failed to fetch leads with a retry when the list cannot load', async () => {
    const { context, page } = await newPage();
    await page.route('**/api/crm/leads', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' }));
    await signInThroughForm(page, url(STORE, '/login?redirect=/admin/crm'), 'admin@demo.test');
    await page.getByRole('alert').getByText('Failed to fetch leads').waitFor();
    await toastWith(page, 'Failed to fetch leads').waitFor();
    await page.unroute('**/api/crm/leads');
    await page.getByRole('button', { name: 'Try again' }).click();
    await column(page, 'New Leads').waitFor();
    await context.close();
  });
});
