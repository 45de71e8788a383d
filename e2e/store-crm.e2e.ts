import { afterEach, describe, expect, it } from 'vitest';
import { CRM_API, quotePagePath } from '../src/shared/crm/routes';
import type { Lead } from '../src/shared/crm/leads';
import type { Quote } from '../src/shared/crm/quotes';
import { storeQuoteContent, type CrmProjectType } from '../src/shared/crm/settings';
import { DEMO_PASSWORD, fitsWidth, newPage, signInThroughForm, snap, snapIfFailed, toastWith, url } from './browser';
import { newJourneyStore, previewStore, runTag } from './run-data';
import { api, SUCCESS_CARD } from './store';

// Issue 27 item 2 (decision 044): a new store's own CRM. Its admin finds neutral project types in
// Settings > CRM, makes one of its own and picks the status a paid deposit moves a lead to; the quote
// builder offers that type and no Shopify stack; a client pays a deposit and the lead moves and shows
// it; switched off, the CRM leaves the sidebar and its pages and links answer "not here". 1280 and 375 px.

const poll = { timeout: 15_000 };
afterEach(snapIfFailed);

describe('a store’s own CRM', () => {
  it('neutral settings the store edits, its quote builder, a paid deposit on the lead, and the switch', async () => {
    const tag = runTag();
    const host = await newJourneyStore(`Bakery ${tag}`);
    const { context, page } = await newPage();
    await signInThroughForm(page, url(host, '/login?redirect=%2Fadmin%2Fsettings%3Ftab%3Dcrm'), 'admin@demo.test', DEMO_PASSWORD);
    await page.getByRole('tab', { name: 'CRM', selected: true }).waitFor(poll);

    // A new store starts neutral: "Custom order" and "Service", its own quotes, Won on a deposit.
    const types = page.getByRole('list', { name: 'Project types' });
    await types.getByRole('listitem', { name: 'Custom order' }).waitFor(poll);
    await types.getByRole('listitem', { name: 'Service' }).waitFor();
    expect(await page.getByRole('radio', { name: /Your own quotes/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Move the lead to').inputValue()).toBe('won');
    expect(await page.getByText(/shopify|hosting|bark/i).count()).toBe(1); // only the web-agency kit's own description
    await snap(page, 'settings-crm-neutral');

    // Its own type: a wedding cake at £250, with what is included.
    const first = types.getByRole('listitem').first();
    await first.getByLabel('Name').fill('Wedding cake');
    await first.getByLabel('Starting price (£)').fill('250');
    await first.getByLabel('Quote title').fill('Your wedding cake');
    await first.getByLabel('Introduction').fill('Three tiers, made to your design.');
    await first.getByLabel('What is included').fill('Tasting session\nDelivery and set-up');
    await page.getByLabel('Move the lead to').selectOption('qualified');
    // A second type with no name is refused in place, before anything is sent.
    await page.getByRole('button', { name: 'Add project type' }).click();
    await page.getByRole('button', { name: 'Save CRM settings' }).click();
    await types.getByText('Enter a name for the project type').waitFor();
    await types.getByRole('listitem').last().getByRole('button', { name: /Remove/ }).click();
    await page.getByRole('button', { name: 'Save CRM settings' }).click();
    await toastWith(page, 'CRM settings saved').waitFor(poll);
    await snap(page, 'settings-crm-saved-1280');

    // The quote builder: the store's type to start from, three tabs (no Shopify stack).
    const client = `Ada ${tag}`;
    const lead = await api<{ lead: Lead }>(page, 'POST', CRM_API.leads, { name: client, email: `ada.${tag}@example.com`, project_type: 'Wedding cake' });
    expect(lead.status).toBe(201);
    await page.goto(url(host, '/admin/crm/quotes'));
    await page.getByRole('heading', { name: 'Quotes', level: 1 }).waitFor(poll);
    const builder = page.getByRole('region', { name: 'New quote' });
    expect(await builder.getByRole('tab').allTextContents()).toEqual(['Narrative content', 'Pricing & add-ons', 'Preview']);
    await builder.getByLabel('Start from a project type').selectOption({ label: 'Wedding cake' });
    expect(await builder.getByLabel('Title', { exact: true }).inputValue()).toBe('Your wedding cake');
    await builder.getByRole('tab', { name: 'Preview' }).click();
    await builder.getByRole('article', { name: 'Quote preview' }).getByText('Tasting session').waitFor();
    expect(await builder.getByText('Shopify').count()).toBe(0);
    await snap(page, 'crm-store-quote-builder-1280');

    // The client pays the deposit (40% of £250) from the quote's link.
    const settings = (await api<{ settings: { project_types: CrmProjectType[] } }>(page, 'GET', '/api/admin/settings/crm')).body.settings;
    const created = await api<{ quote: Quote }>(page, 'POST', CRM_API.quotes, { ...storeQuoteContent(settings.project_types[0]), lead_id: lead.body.lead.id });
    expect(created.status).toBe(201);
    const quote = created.body.quote;
    const buyer = await newPage({ width: 375, height: 812 });
    await previewStore(buyer.page, host);
    await buyer.page.goto(url(host, quotePagePath(quote.unique_url)));
    await buyer.page.getByRole('heading', { name: 'Your wedding cake', level: 1 }).waitFor(poll);
    expect(await buyer.page.getByText('Shopify').count()).toBe(0);
    expect(await buyer.page.getByRole('heading', { name: 'Care plans' }).count()).toBe(0);
    expect(await fitsWidth(buyer.page)).toBe(true);
    await snap(buyer.page, 'store-quote-375');
    await buyer.page.getByRole('button', { name: /Pay deposit · £100\.00/ }).first().click();
    await buyer.page.getByLabel('Card number').waitFor(poll);
    await buyer.page.getByLabel('Card number').fill(SUCCESS_CARD);
    await buyer.page.getByRole('button', { name: 'Pay £100.00' }).click();
    await buyer.page.getByText('Deposit received.').waitFor(poll);
    await buyer.context.close();

    // The lead moved to Qualified and shows the deposit.
    await page.goto(url(host, '/admin/crm/leads'));
    const row = page.getByRole('row', { name: new RegExp(client) });
    await row.waitFor(poll);
    await row.getByText('Qualified').waitFor(poll);
    await row.getByRole('button', { name: /View/ }).click();
    const detail = page.getByRole('dialog');
    await detail.getByText('Deposit Paid').waitFor(poll);
    await detail.getByText(/£100\.00 on/).waitFor();
    await snap(page, 'crm-lead-deposit-1280');
    await page.keyboard.press('Escape');

    // Switched off: gone from the sidebar, its page says so, its quote link is not found.
    await page.goto(url(host, '/admin/settings?tab=crm'));
    await page.getByRole('switch').click();
    await page.getByText('The CRM is off').waitFor();
    await page.getByRole('button', { name: 'Save CRM settings' }).click();
    await toastWith(page, 'CRM settings saved').waitFor(poll);
    const sidebar = page.getByRole('navigation', { name: 'Admin' }).first();
    await sidebar.getByRole('link', { name: 'Settings' }).waitFor();
    await expect.poll(() => sidebar.getByRole('link', { name: 'CRM' }).count(), poll).toBe(0);
    await page.goto(url(host, '/admin/crm'));
    await page.getByRole('heading', { name: 'The CRM is not in use here' }).waitFor(poll);
    await snap(page, 'crm-off-1280');
    const gone = await newPage();
    await previewStore(gone.page, host);
    expect((await gone.page.goto(url(host, quotePagePath(quote.unique_url))))?.status()).toBe(404);
    await gone.context.close();

    // On a phone: the settings fit, and the CRM can be switched back on.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(url(host, '/admin/settings?tab=crm'));
    await page.getByText('The CRM is off').waitFor(poll);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'settings-crm-375');
    await page.getByRole('switch').click();
    await page.getByRole('button', { name: 'Save CRM settings' }).click();
    await toastWith(page, 'CRM settings saved').waitFor(poll);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'CRM' }).waitFor(poll);
    await context.close();
  });
});
