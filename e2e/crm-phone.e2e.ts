import { afterEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CRM_API } from '../src/shared/crm/routes';
import { defaultQuoteContent } from '../src/shared/crm/quote-pricing';
import { LEAD_TEXT } from '../src/shared/crm/leads';
import { fitsWidth, newPage, signInThroughForm, snap, snapIfFailed, toastWith, url } from './browser';
import { adminApiPage, runTag } from './run-data';
import { api, STORE } from './store';

// Issue 27 item 10: the CRM on a phone. Leads stack as cards at 375 px (the table would hide its
// columns off the right edge), quotes and invitations fit the width, and a toast raised from inside a
// dialog never covers the dialog's close button, at 375 or at 1280.

afterEach(snapIfFailed);

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Edits the open lead's notes and saves: the dialog stays open with its toast; the toast must leave the close button clear. */
async function saveNotesInDialog(page: Page, dialog: Locator, notes: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Notes', { exact: true }).fill(notes);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const toast = toastWith(page, LEAD_TEXT.updated);
  await toast.waitFor();
  await dialog.getByText(notes).waitFor();
  const toastBox = await toast.boundingBox();
  const closeBox = await dialog.getByRole('button', { name: 'Close' }).boundingBox();
  expect(toastBox && closeBox).toBeTruthy();
  expect(overlaps(toastBox!, closeBox!)).toBe(false);
}

describe('the CRM on a phone', () => {
  it('shows leads as cards, quotes and invitations within 375 px, and toasts clear of a dialog’s close button', async () => {
    const tag = runTag();
    const name = `Harriet Okafor ${tag}`;
    const { context: apiContext, page: admin } = await adminApiPage();
    const lead = await api<{ lead: { id: string } }>(admin, 'POST', CRM_API.leads, { name, email: `harriet.${tag}@example.co.uk`, company: 'Okafor Ceramics Ltd', quote_amount: 4200 });
    expect(lead.status).toBe(201);
    const quote = await api(admin, 'POST', CRM_API.quotes, { ...defaultQuoteContent(), lead_id: lead.body.lead.id, header_title: `A shop for Okafor Ceramics ${tag}` });
    expect(quote.status).toBe(201);
    await apiContext.close();

    const { context, page } = await newPage({ width: 375, height: 800 });
    await signInThroughForm(page, url(STORE, '/login?redirect=%2Fadmin%2Fcrm%2Fleads'), 'admin@demo.test');
    const cards = page.getByRole('list', { name: 'Leads' });
    const card = cards.getByRole('button', { name: `View ${name}` });
    await card.waitFor();
    // The card carries what the table's columns would: company, amount, status, priority.
    await expect.poll(() => card.innerText()).toMatch(/Okafor Ceramics Ltd[\s\S]*£4,200/);
    expect(await page.getByRole('table', { name: 'Leads' }).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'crm-phone-leads');

    await card.click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    await saveNotesInDialog(page, dialog, `Wants a shop before the spring fair ${tag}.`);
    await snap(page, 'crm-phone-lead-dialog-toast');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(url(STORE, '/admin/crm/quotes'));
    const quoteRow = page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: name });
    await quoteRow.waitFor();
    await quoteRow.getByText('£').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'crm-phone-quotes');

    await page.goto(url(STORE, '/admin/crm/access'));
    await page.getByLabel('Email').fill(`packer.${tag}@example.co.uk`);
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Staff' });
    await page.getByRole('button', { name: 'Send invite' }).click();
    // The invitation is a card: the whole address, its status and its actions.
    const invite = page.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: `packer.${tag}@example.co.uk` });
    await invite.getByText('Pending').waitFor();
    await invite.getByRole('button', { name: 'Revoke' }).waitFor();
    expect(await page.getByRole('table', { name: 'Invitations' }).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'crm-phone-access');

    // At 1280 the same dialog's toast sits bottom right while the dialog is open, clear of its close button.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url(STORE, '/admin/crm/leads'));
    await page.getByRole('table', { name: 'Leads' }).getByRole('button', { name: `View ${name}` }).click();
    await dialog.waitFor();
    await saveNotesInDialog(page, dialog, `Spring fair is on 14 March ${tag}.`);
    await snap(page, 'crm-desktop-lead-dialog-toast');
    await context.close();
  });
});
