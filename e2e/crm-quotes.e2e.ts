import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { QUOTE_TEXT } from '../src/shared/crm/quotes';
import { DEMO_PASSWORD, fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { runTag } from './run-data';
import { api, payWith, STORE, SUCCESS_CARD } from './store';

// Issue 16, CRM > Quotes (admin spec §2, §5, §8, §9): a store admin builds a quote for a lead, sees the
// live payment-plan figures, saves it, copies its link and opens it as the client would; a second
// quote is deleted through the confirmation.

const poll = { timeout: 10_000 };

async function createLead(page: Page, name: string, company: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.test`;
  const res = await api<{ lead: { id: string } }>(page, 'POST', '/api/crm/leads', { name, email, company, project_type: 'E-commerce' });
  expect(res.status).toBe(201);
  return res.body.lead.id;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const quoteRow = (page: Page, title: string) => page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: title });

/** Screenshots of the table and each builder tab at the page's current width. */
async function snapAll(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.getByRole('heading', { name: 'Quotes', level: 1 }).scrollIntoViewIfNeeded();
  expect(await fitsWidth(page)).toBe(true);
  await snap(page, `crm-quotes-table-${width}`);
  for (const [name, file] of [['Narrative content', 'narrative'], ['Pricing & add-ons', 'pricing'], ['Shopify stack', 'shopify'], ['Preview', 'preview']] as const) {
    await tab(page, name).click();
    await page.getByRole('tabpanel').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, `crm-quotes-${file}-${width}`);
  }
}

describe('CRM quotes', () => {
  it('builds a payment-plan quote for a lead, saves it, copies and opens its link, filters and deletes', async () => {
    const tag = runTag();
    const title = `Shop rebuild ${tag}`;
    const { context, page } = await newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url(STORE) });
    await signInThroughForm(page, url(STORE, '/login?redirect=%2Fadmin%2Fcrm%2Fquotes'), 'admin@demo.test', DEMO_PASSWORD);
    await page.waitForURL(/\/admin/);
    const leadId = await createLead(page, `Ada ${tag}`, 'Engines Ltd');
    const otherLeadId = await createLead(page, `Grace ${tag}`, 'Compilers plc');
    await page.goto(url(STORE, '/admin/crm/quotes'));
    await page.getByRole('heading', { name: 'Quotes', level: 1 }).waitFor();
    await page.getByText('Revenue', { exact: true }).waitFor();

    // Save without a lead: the spec's toast, nothing saved.
    await page.getByRole('button', { name: 'Save quote' }).click();
    await toastWith(page, QUOTE_TEXT.selectLeadTitle, QUOTE_TEXT.selectLeadBody).waitFor();

    // The lead, a title, a payment plan; the figures follow (7,500 + 480 default add-on, +10%, over 6 months).
    await page.getByLabel('Lead', { exact: true }).selectOption(leadId);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await tab(page, 'Pricing & add-ons').click();
    const live = page.locator('dl[aria-label="Live totals"]');
    await expect.poll(() => live.innerText(), poll).toContain('£3,192');
    await page.getByRole('radio', { name: /^Payment plan/ }).check();
    await expect.poll(() => live.innerText(), poll).toContain('£8,778');
    await tab(page, 'Preview').click();
    const preview = page.getByRole('article', { name: 'Quote preview' });
    await preview.getByRole('heading', { name: title }).waitFor();
    await preview.getByText('Prepared for Engines Ltd').waitFor();
    const figures = await preview.locator('dl[aria-label="Preview totals"]').innerText();
    for (const figure of ['Payment plan surcharge', '£798', 'Custom total', '£8,778', 'First payment (deposit)', '£1,463', 'Monthly instalment (6 months)', '£4,820', '£167/month'])
      expect(figures).toContain(figure);

    await page.getByRole('button', { name: 'Save quote' }).click();
    await toastWith(page, QUOTE_TEXT.saved).waitFor();
    const row = quoteRow(page, title);
    await row.getByText('Active', { exact: true }).filter({ visible: true }).waitFor();
    await row.getByText('£8,778').waitFor();
    await row.getByText('£1,463').waitFor();
    await page.getByRole('heading', { name: 'Edit quote' }).waitFor();

    // Copy link: the toast, a check for 2 seconds, the absolute link on the clipboard.
    const copy = row.getByRole('button', { name: 'Copy link' });
    await copy.click();
    await toastWith(page, QUOTE_TEXT.linkCopied).waitFor();
    expect(await copy.getAttribute('data-copied')).toBe('true');
    await expect.poll(() => copy.getAttribute('data-copied'), { timeout: 4000 }).toBeNull();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${url(STORE, '/quote/').replace(/[.]/g, '\\.')}[A-Za-z0-9_-]+$`));
    expect(await row.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(new URL(link).pathname);

    // The client opens it in a browser that has never signed in: the served head names the quote (an
    // unknown link is a 404), the proposal shows it, and this load counts as a view.
    const client = await newPage();
    const response = await client.page.goto(link);
    expect(response?.status()).toBe(200);
    expect(await response!.text()).toContain(`<title>${title} | `);
    await client.page.getByRole('heading', { name: title, level: 1 }).waitFor(poll);
    await snap(client.page, 'crm-quotes-public-page');
    const views = async () => (await api<{ quotes: { header_title: string; view_count: number }[] }>(page, 'GET', '/api/crm/quotes')).body.quotes.find((q) => q.header_title === title)?.view_count;
    await expect.poll(views, poll).toBe(1);

    // 'Paid' lists only quotes with paid_at: not this one.
    await page.getByLabel('Filter quotes').selectOption('paid');
    await expect.poll(() => quoteRow(page, title).count(), poll).toBe(0);
    await page.getByLabel('Filter quotes').selectOption('active');
    await quoteRow(page, title).waitFor();
    await page.getByLabel('Filter quotes').selectOption('all');

    // A second quote, deleted through the confirmation.
    const second = `Second quote ${tag}`;
    await page.getByRole('button', { name: 'New quote' }).click();
    await page.getByRole('heading', { name: 'New quote' }).waitFor();
    await page.getByLabel('Lead', { exact: true }).selectOption(otherLeadId);
    await tab(page, 'Narrative content').click();
    await page.getByLabel('Title', { exact: true }).fill(second);
    await page.getByRole('button', { name: 'Save quote' }).click();
    await quoteRow(page, second).waitFor();
    await snapAll(page, 1280);
    await quoteRow(page, second).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete quote' });
    await dialog.getByText(QUOTE_TEXT.confirmDelete).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toastWith(page, QUOTE_TEXT.deleted).waitFor();
    await expect.poll(() => quoteRow(page, second).count(), poll).toBe(0);
    await quoteRow(page, title).waitFor();
    // The builder was showing the deleted quote: it starts afresh.
    await page.getByRole('heading', { name: 'New quote' }).waitFor();

    // Edit loads the first quote back (its link, lead, title and payment plan); saving again updates it.
    await quoteRow(page, title).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit quote' }).waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    expect(await page.getByLabel('Lead', { exact: true }).inputValue()).toBe(leadId);
    await page.getByLabel('Quote link').getByText(link).waitFor();
    await page.getByLabel('Subtitle', { exact: true }).fill('Updated for the second meeting');
    await page.getByRole('button', { name: 'Save quote' }).click();
    const subtitleOf = async () => (await api<{ quotes: { header_title: string; header_subtitle: string }[] }>(page, 'GET', '/api/crm/quotes')).body.quotes.find((q) => q.header_title === title)?.header_subtitle;
    await expect.poll(subtitleOf, poll).toBe('Updated for the second meeting');
    await expect.poll(() => quoteRow(page, title).count(), poll).toBe(1);
    await tab(page, 'Pricing & add-ons').click();
    expect(await page.getByRole('radio', { name: /^Payment plan/ }).isChecked()).toBe(true);

    await snapAll(page, 375);

    // The client pays the deposit on the test gateway: the row shows Paid, the revenue is that deposit,
    // 'paid' lists it, and a paid quote is closed: no delete, no save.
    await client.page.getByRole('button', { name: /Pay deposit and start · £1,463\.00/ }).first().click();
    await payWith(client.page, SUCCESS_CARD);
    await client.page.getByText('Deposit received.').waitFor(poll);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await quoteRow(page, title).getByText('Paid', { exact: true }).filter({ visible: true }).waitFor();
    await page.getByRole('group', { name: 'Revenue' }).getByText('£1,463', { exact: true }).waitFor();
    await page.getByLabel('Filter quotes').selectOption('paid');
    await quoteRow(page, title).waitFor();
    await page.getByLabel('Filter quotes').selectOption('active');
    await expect.poll(() => quoteRow(page, title).count(), poll).toBe(0);
    await page.getByLabel('Filter quotes').selectOption('all');
    expect(await quoteRow(page, title).getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await quoteRow(page, title).getByRole('button', { name: 'Edit' }).click();
    await page.getByText('This quote has been paid and cannot be changed.').waitFor();
    expect(await page.getByRole('button', { name: 'Save quote' }).isDisabled()).toBe(true);
    await snap(page, 'crm-quotes-paid-1280');
    // The server keeps it whatever a page sends: the delete is refused, and the list still has it.
    const refused = await api<{ error: { message: string } }>(page, 'DELETE', `/api/crm/quotes/${(await api<{ quotes: { id: string; header_title: string }[] }>(page, 'GET', '/api/crm/quotes')).body.quotes.find((q) => q.header_title === title)!.id}`);
    expect(refused.status).toBe(409);
  });

  it('works in the provider’s own book for platform sales: a quote there links on the platform host, and no store sees it', async () => {
    const tag = runTag();
    const title = `Platform proposal ${tag}`;
    const { page } = await newPage();
    await signInThroughForm(page, url('localhost', '/login?redirect=%2Fadmin%2Fcrm%2Fquotes'), 'sales@platform.test', DEMO_PASSWORD);
    await page.waitForURL(/\/admin\/crm/);
    const leadId = await createLead(page, `Lin ${tag}`, 'Prospect Co');
    await page.goto(url('localhost', '/admin/crm/quotes'));
    await page.getByText('Provider sales book').waitFor();
    await page.getByLabel('Lead', { exact: true }).selectOption(leadId);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'Save quote' }).click();
    await quoteRow(page, title).waitFor();
    const link = await page.getByRole('group', { name: 'Quote link' }).locator('code').innerText();
    expect(link.startsWith(url('localhost', '/quote/'))).toBe(true);
    expect((await (await newPage()).page.goto(link))?.status()).toBe(200);

    // The store's admin does not see the provider's quote.
    const store = await newPage();
    await signInThroughForm(store.page, url(STORE, '/login?redirect=%2Fadmin%2Fcrm%2Fquotes'), 'admin@demo.test', DEMO_PASSWORD);
    await store.page.getByRole('heading', { name: 'Quotes', level: 1 }).waitFor();
    await store.page.getByText('Quote management').waitFor();
    await expect.poll(() => store.page.getByLabel('Loading quotes').count(), poll).toBe(0);
    expect(await quoteRow(store.page, title).count()).toBe(0);
  });
});
