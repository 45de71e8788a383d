// @vitest-environment happy-dom
import { act, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUOTE_TEXT } from '@shared/crm/quotes';
import { CRM_API } from '@shared/crm/routes';
import { filterQuotes } from '@/lib/crm-quotes';
import { click, fakeFetch, renderForm, type Rendered } from '@/test/form-dom';
import { checkSave, newDraft, type Draft } from './builder-state';
import { QuoteBuilder } from './QuoteBuilder';
import { NEUTRAL_PROJECT_TYPES, storeQuoteContent } from '@shared/crm/settings';
import { QuotesSection } from './QuotesSection';
import { QuoteHistory } from './QuoteHistory';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/lib/toast', () => ({
  toast: {
    success: (message: string) => toasts.push(`success: ${message}`),
    error: (message: string, options?: { description?: string }) => toasts.push(`error: ${message}${options?.description ? ` / ${options.description}` : ''}`),
  },
}));

describe('the quote filter (admin spec §2)', () => {
  const quotes = [
    { id: 'a', status: 'active', paid_at: null },
    { id: 'b', status: 'active', paid_at: '2026-11-01T10:00:00Z' },
    { id: 'c', status: 'expired', paid_at: '2026-11-02T10:00:00Z' },
    { id: 'd', status: 'draft', paid_at: null },
    { id: 'e', status: 'expired', paid_at: null },
  ] as const;
  const ids = (filter: Parameters<typeof filterQuotes>[1]) => filterQuotes([...quotes], filter).map((q) => q.id);

  it('counts a quote with paid_at as paid whatever its status, and in no other bucket', () => {
    expect(ids('all')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids('paid')).toEqual(['b', 'c']);
    expect(ids('active')).toEqual(['a']);
    expect(ids('expired')).toEqual(['e']);
    expect(ids('draft')).toEqual(['d']);
  });
});

describe('the save guard (admin spec §5)', () => {
  it('sends nothing without a lead, and keeps base_price equal to the custom build price', () => {
    const draft = newDraft();
    expect(checkSave(draft)).toEqual({ ok: false, reason: 'no-lead' });
    const lead_id = '6f1c8d3e-2b4a-4c5d-9e8f-0a1b2c3d4e5f';
    const check = checkSave({ ...draft, lead_id, content: { ...draft.content, base_price_custom: 9000 } });
    expect(check.ok && check.body.base_price).toBe(9000);
    const blank = checkSave({ ...draft, lead_id, content: { ...draft.content, header_title: ' ' } });
    expect(blank).toEqual({ ok: false, reason: 'invalid', fields: { header_title: 'Enter a title' } });
  });
});

const LEAD = { id: '6f1c8d3e-2b4a-4c5d-9e8f-0a1b2c3d4e5f', name: 'Ada Lovelace', email: 'ada@example.test', company: 'Engines Ltd', project_type: 'E-commerce', created_at: '2026-11-20T10:00:00Z' };

function Harness() {
  const [draft, setDraft] = useState<Draft>(newDraft);
  return <MemoryRouter><QuoteBuilder draft={draft} setDraft={setDraft} onNew={() => setDraft(newDraft())} /></MemoryRouter>;
}

const button = (name: string) => [...document.body.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
const settle = async () => { for (let i = 0; i < 5; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); }); };
async function openTab(name: string) {
  const tab = [...document.body.querySelectorAll('[role="tab"]')].find((t) => t.textContent === name)!;
  await act(async () => { tab.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })); });
}
/** The figures of a totals list, term -> shown value. */
function figures(label: string): Record<string, string> {
  const list = document.body.querySelector(`dl[aria-label="${label}"]`)!;
  return Object.fromEntries([...list.querySelectorAll('div')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]));
}

describe('the quote builder', () => {
  let view: Rendered;
  let api: ReturnType<typeof fakeFetch>;
  beforeEach(async () => {
    toasts.length = 0;
    api = fakeFetch((call) =>
      call.url === CRM_API.leads ? { status: 200, body: { leads: [LEAD] } }
      : { status: 201, body: { quote: { id: 'q-1', unique_url: 'abc123', lead_id: LEAD.id } } },
    );
    vi.stubGlobal('fetch', api.fetch);
    view = await renderForm(<Harness />);
    await settle();
  });
  afterEach(async () => {
    await view.unmount();
    vi.unstubAllGlobals();
  });

  it('refuses to save without a lead, in the spec’s words, without a request', async () => {
    await click(button('Save quote'));
    expect(toasts).toEqual([`error: ${QUOTE_TEXT.selectLeadTitle} / ${QUOTE_TEXT.selectLeadBody}`]);
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(view.errors()).toEqual([QUOTE_TEXT.selectLeadBody]);
  });

  it('shows the live payment-plan figures in Pricing and Preview, then saves them with the lead', async () => {
    await openTab('Pricing & add-ons');
    // Defaults: 7,500 build + the 480 add-on included by default = 7,980; upfront: 40% deposit.
    expect(figures('Live totals')).toMatchObject({ 'Custom total': '£7,980', 'Deposit (40%)': '£3,192', 'Balance on delivery': '£4,788' });
    const plan = [...document.body.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => r.closest('label')?.textContent?.includes('Payment plan'))!;
    await click(plan);
    // 10% surcharge: 8,778 over 6 months = 1,463 each, the first one due now.
    const expected = {
      'Custom build and add-ons': '£7,980',
      'Payment plan surcharge': '£798',
      'Custom total': '£8,778',
      'First payment (deposit)': '£1,463',
      'Monthly instalment (6 months)': '£1,463',
      'Shopify one-off (build and theme)': '£4,820',
      'Shopify monthly (plan and apps)': '£167/month',
    };
    expect(figures('Live totals')).toEqual(expected);
    await openTab('Preview');
    expect(figures('Preview totals')).toEqual(expected);

    const select = document.body.querySelector('select')!;
    await act(async () => { select.value = LEAD.id; select.dispatchEvent(new Event('change', { bubbles: true })); });
    await click(button('Save quote'));
    await settle();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(CRM_API.quotes);
    expect(post.body).toMatchObject({ lead_id: LEAD.id, payment_structure: 'payment_plan', base_price: 7500, base_price_custom: 7500, selected_features: ['addon-1'] });
    expect(toasts).toEqual([`success: ${QUOTE_TEXT.saved}`]);
    expect(document.body.textContent).toContain('/quote/abc123');
  });
  it('shows the server’s refusal: its message in the toast, its field errors inline', async () => {
    const refusal = { error: { code: 'validation_error', message: 'The quote has errors', fields: { lead_id: 'That lead is not in this sales book' } } };
    api = fakeFetch((call) => (call.url === CRM_API.leads ? { status: 200, body: { leads: [LEAD] } } : { status: 400, body: refusal }));
    vi.stubGlobal('fetch', api.fetch);
    const select = document.body.querySelector('select')!;
    await act(async () => { select.value = LEAD.id; select.dispatchEvent(new Event('change', { bubbles: true })); });
    await click(button('Save quote'));
    await settle();
    expect(toasts).toEqual([`error: ${QUOTE_TEXT.saveFailed} / The quote has errors`]);
    expect(view.errors()).toContain('That lead is not in this sales book');
  });
});

describe('a store’s own quote builder (decision 044)', () => {
  afterEach(() => vi.unstubAllGlobals());

  function StoreHarness() {
    const [draft, setDraft] = useState<Draft>(() => newDraft(storeQuoteContent(NEUTRAL_PROJECT_TYPES[0])));
    const types = [...NEUTRAL_PROJECT_TYPES, { id: 'cake', name: 'Wedding cake', quote_title: 'Your wedding cake', quote_intro: 'Three tiers.', base_price: 250, included: ['Tasting session'] }];
    return <MemoryRouter><QuoteBuilder draft={draft} setDraft={setDraft} onNew={() => undefined} context={{ kit: 'store', project_types: types }} /></MemoryRouter>;
  }

  it('has no Shopify stack tab or care plan, starts neutral, and fills in a project type chosen', async () => {
    vi.stubGlobal('fetch', fakeFetch((call) => (call.url === CRM_API.leads ? { status: 200, body: { leads: [LEAD] } } : { status: 404, body: {} })).fetch);
    const view = await renderForm(<StoreHarness />);
    await settle();
    expect([...document.body.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual(['Narrative content', 'Pricing & add-ons', 'Preview']);
    expect(document.body.textContent).not.toMatch(/Shopify|Care plan|Comparison/);
    const picker = [...document.body.querySelectorAll('select')].find((s) => [...s.options].some((o) => o.text === 'Wedding cake'))!;
    await act(async () => {
      picker.value = 'cake';
      picker.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await openTab('Preview');
    expect(document.body.querySelector('[aria-label="Quote preview"]')?.textContent).toContain('Your wedding cake');
    expect(figures('Preview totals')).toEqual({ 'Price and add-ons': '£250', Total: '£250', 'Deposit (40%)': '£100', 'Balance on delivery': '£150' });
    await openTab('Pricing & add-ons');
    expect(document.body.textContent).not.toMatch(/Care plan|Shopify/);
    await view.unmount();
  });
});

describe('the quotes section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says when the quotes cannot be loaded, in the spec’s words, with a retry', async () => {
    toasts.length = 0;
    const api = fakeFetch((call) => (call.url === CRM_API.leads ? { status: 200, body: { leads: [] } } : { status: 500, body: { error: { code: 'internal', message: '' } } }));
    vi.stubGlobal('fetch', api.fetch);
    const context = { scope: 'tenant' as const, tenant: { id: 't-1', name: 'Demo Store' }, can_manage_access: true, bark_sheet_url: '', kit: 'store' as const, project_types: [...NEUTRAL_PROJECT_TYPES] };
    const view = await renderForm(<MemoryRouter><QuotesSection context={context} /></MemoryRouter>);
    await settle();
    expect(toasts).toEqual([`error: ${QUOTE_TEXT.loadFailed}`]);
    expect(document.body.querySelector('[role="alert"]')?.textContent).toContain(QUOTE_TEXT.loadFailed);
    expect(button('Try again')).toBeTruthy();
    // No leads yet: the picker says where to add one.
    expect(document.body.textContent).toContain('No leads yet.');
    await view.unmount();
  });
});

describe('a saved quote’s history (decision 029)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const detail = (history: unknown[]) => ({ status: 200, body: { quote: { id: 'q-1' }, history } });

  it('lists what happened, newest first, from the admin quote route', async () => {
    const api = fakeFetch(() =>
      detail([
        { id: 'e3', type: 'stray_payment_refunded', message: 'Refunded the £3,192.00 payment to the payer automatically: refund re_1.', created_at: '2026-11-20T10:05:00Z' },
        { id: 'e2', type: 'stray_payment', message: 'A second payment of £3,192.00 arrived after this quote’s deposit was already paid.', created_at: '2026-11-20T10:04:00Z' },
        { id: 'e1', type: 'deposit_paid', message: 'Deposit of £3,192.00 paid.', created_at: '2026-11-20T10:00:00Z' },
      ]),
    );
    vi.stubGlobal('fetch', api.fetch);
    const view = await renderForm(<QuoteHistory quoteId="q-1" />);
    await settle();
    expect(api.calls.map((c) => c.url)).toEqual([CRM_API.quote('q-1')]);
    const items = [...document.body.querySelectorAll('ol[aria-label="Quote history"] li')].map((li) => li.querySelector('p')!.textContent);
    expect(items).toEqual([
      'Refunded the £3,192.00 payment to the payer automatically: refund re_1.',
      'A second payment of £3,192.00 arrived after this quote’s deposit was already paid.',
      'Deposit of £3,192.00 paid.',
    ]);
    await view.unmount();
  });

  it('says when there is nothing yet, and offers a retry when it cannot load', async () => {
    vi.stubGlobal('fetch', fakeFetch(() => detail([])).fetch);
    let view = await renderForm(<QuoteHistory quoteId="q-1" />);
    await settle();
    expect(document.body.textContent).toContain('Nothing has happened to this quote yet.');
    await view.unmount();

    vi.stubGlobal('fetch', fakeFetch(() => ({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } })).fetch);
    view = await renderForm(<QuoteHistory quoteId="q-1" />);
    await settle();
    expect(document.body.querySelector('[role="alert"]')?.textContent).toContain('Something went wrong.');
    expect(button('Try again')).toBeTruthy();
    await view.unmount();
  });
});
