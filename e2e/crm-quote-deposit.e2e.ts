import { afterEach, describe, expect, it } from 'vitest';
import { CRM_API, quotePagePath } from '../src/shared/crm/routes';
import { defaultQuoteContent } from '../src/shared/crm/quote-pricing';
import type { Quote } from '../src/shared/crm/quotes';
import { fitsWidth, newPage, snap, snapIfFailed, url } from './browser';
import { adminApiPage, runTag } from './run-data';
import { api, STORE, SUCCESS_CARD } from './store';

// Issue 16: a store's quote from the admin API to the client's paid deposit. The client opens the
// proposal link in a browser of their own (no sign-in), pays the deposit on the test gateway's page,
// comes back to the proposal marked paid, and the quote list shows it paid with its revenue.

const poll = { timeout: 15_000 };
afterEach(snapIfFailed);

describe('quote deposit', () => {
  it('a client opens a proposal, pays the deposit and sees it received; the admin sees it paid', async () => {
    const tag = runTag();
    const { context: adminContext, page: admin } = await adminApiPage();
    const lead = await api<{ lead: { id: string } }>(admin, 'POST', CRM_API.leads, { name: `Priya ${tag}`, email: `priya.${tag}@example.co.uk`, company: 'Willow & Fern Ltd' });
    expect(lead.status).toBe(201);
    const before = (await api<{ revenue: number }>(admin, 'GET', CRM_API.quotes)).body.revenue;
    const created = await api<{ quote: Quote }>(admin, 'POST', CRM_API.quotes, {
      ...defaultQuoteContent(),
      lead_id: lead.body.lead.id,
      header_title: `A new online shop for Willow & Fern ${tag}`,
      testimonial_quote: 'Our sales doubled in the first quarter, and the shop finally feels like ours.',
      testimonial_author: 'Sam Carter, Carter & Daughters',
      cta_secondary_url: 'https://example.com/book-a-call',
    });
    expect(created.status).toBe(201);
    const quote = created.body.quote;
    expect(quote.deposit_amount).toBe(3192);

    // The client: a fresh browser with no session, on a phone first.
    const { context: phoneContext, page: phone } = await newPage({ width: 375, height: 812 });
    await phone.goto(url(STORE, quotePagePath(quote.unique_url)));
    await phone.getByRole('heading', { name: quote.header_title, level: 1 }).waitFor(poll);
    expect(await fitsWidth(phone)).toBe(true);
    await snap(phone, 'quote-proposal-375');
    await phoneContext.close();

    const { context, page } = await newPage();
    await page.goto(url(STORE, quotePagePath(quote.unique_url)));
    await page.getByRole('heading', { name: quote.header_title, level: 1 }).waitFor(poll);
    expect(await page.title()).toBe(`${quote.header_title} | Demo Store`);
    await page.getByText('Prepared for').getByText('Priya').waitFor();
    await page.getByRole('heading', { name: 'Included in your build' }).waitFor();
    await page.getByRole('heading', { name: 'Care plans' }).waitFor();
    await page.getByRole('table').getByText('Monthly platform fees').waitFor();
    await page.getByText('Balance on delivery').first().waitFor();
    await snap(page, 'quote-proposal-1280');
    // Printed (or saved as PDF): no buttons, the figures kept.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: /Pay deposit/ }).first().isVisible()).toBe(false);
    await snap(page, 'quote-proposal-print');
    await page.emulateMedia({ media: 'screen' });

    // Pay the deposit: the summary card's button goes to the test gateway's page on the store's host.
    await page.getByRole('button', { name: /Pay deposit and start · £3,192\.00/ }).first().click();
    await page.getByLabel('Card number').waitFor(poll);
    expect(new URL(page.url()).pathname).toMatch(/^\/pay\/cq_test_/);
    await page.getByText('Project deposit').waitFor();
    await page.getByLabel('Card number').fill(SUCCESS_CARD);
    await page.getByRole('button', { name: 'Pay £3,192.00' }).click();

    await page.waitForURL((u) => u.pathname === quotePagePath(quote.unique_url) && u.searchParams.get('paid') === '1', poll);
    await page.getByText('Deposit received.').waitFor(poll);
    await page.getByText(/Deposit paid on/).first().waitFor();
    expect(await page.getByRole('button', { name: /Pay deposit/ }).count()).toBe(0);
    await snap(page, 'quote-deposit-received-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await snap(page, 'quote-deposit-received-375');
    await context.close();

    const list = await api<{ quotes: Quote[]; revenue: number }>(admin, 'GET', CRM_API.quotes);
    const paid = list.body.quotes.find((q) => q.id === quote.id)!;
    expect(paid.paid_at).not.toBeNull();
    expect(paid.view_count).toBeGreaterThanOrEqual(2);
    expect(list.body.revenue).toBeCloseTo(before + 3192, 2);
    await adminContext.close();
  });

  it('an unknown proposal link is a 404 page that is not indexed', async () => {
    const { context, page } = await newPage();
    const res = await page.goto(url(STORE, '/quote/AAAAAAAAAAAAAAAAAAAAAA'));
    expect(res?.status()).toBe(404);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await page.getByRole('heading', { name: 'Proposal not found' }).waitFor(poll);
    await snap(page, 'quote-not-found-1280');
    await context.close();
  });
});
