// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEAD_FALLBACK } from '@shared/crm/leads';
import { click, fakeFetch, renderForm, typeInto, type Rendered } from '@/test/form-dom';
import { LeadDetailDialog } from './LeadDetailDialog';
import { lead } from './test-lead';

// One array for every leads test file: with isolate: false, crm-leads.ts keeps the toast mock of the
// first file that loaded it, so each file's mock writes here.
const toasts = vi.hoisted(() => ((globalThis as { crmLeadToasts?: string[] }).crmLeadToasts ??= []));
vi.mock('@/lib/toast', () => ({
  toast: {
    success: (message: string) => toasts.push(`success: ${message}`),
    error: (message: string) => toasts.push(`error: ${message}`),
  },
}));

const button = (name: string) => {
  const found = [...document.body.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`No button ${name}`);
  return found;
};
const text = () => document.body.textContent ?? '';

describe('lead detail dialog (admin spec §2)', () => {
  let view: Rendered;
  afterEach(async () => {
    await view.unmount();
    vi.unstubAllGlobals();
    toasts.length = 0;
  });

  it('shows every fallback for an empty lead, and the created date', async () => {
    view = await renderForm(<LeadDetailDialog lead={lead({ email: '' })} onOpenChange={() => undefined} />);
    for (const fallback of Object.values(LEAD_FALLBACK)) expect(text()).toContain(fallback);
    expect(text()).toContain('Created 24 Nov 2026');
    expect(text()).not.toContain('Marketplace ID');
    expect(text()).not.toContain('Marketplace Details');
  });

  it('shows the deposit paid on a quote of the lead, and nothing of one before (decision 044)', async () => {
    view = await renderForm(<LeadDetailDialog lead={lead({ deposit_paid: 100, deposit_paid_at: '2026-11-28T10:00:00.000Z', status: 'won' })} onOpenChange={() => undefined} />);
    expect(text()).toContain('Deposit Paid£100.00 on 28 Nov 2026');
    await view.unmount();
    view = await renderForm(<LeadDetailDialog lead={lead()} onOpenChange={() => undefined} />);
    expect(text()).not.toContain('Deposit Paid');
  });

  it('offers the book’s own project types in edit mode (a store’s, decision 044)', async () => {
    view = await renderForm(<LeadDetailDialog lead={lead()} onOpenChange={() => undefined} projectTypes={['Wedding cake', 'Birthday cake']} />);
    await click(button('Edit'));
    const options = [...document.body.querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toContain('Wedding cake');
    expect(options).not.toContain('Website Development');
  });

  it('shows values, marketplace metadata and id when present', async () => {
    const notes = JSON.stringify({ bark_display_text: 'Needs a shop', bark_credits_required: 7 });
    view = await renderForm(<LeadDetailDialog lead={lead({ phone: '0161 000', quote_amount: 4500, bark_id: 'B-9', notes, source: 'bark' })} onOpenChange={() => undefined} />);
    expect(text()).toContain('£4,500.00');
    expect(text()).toContain('0161 000');
    expect(text()).toContain('Needs a shop');
    expect(text()).toContain('Marketplace ID: B-9');
    expect(text()).not.toContain(LEAD_FALLBACK.notQuoted);
  });

  it('Cancel restores the original values; Save sends the edited fields and leaves edit mode', async () => {
    const api = fakeFetch((call) => ({ status: 200, body: call.method === 'PUT' ? { lead: lead({ name: 'Ada King' }) } : { leads: [] } }));
    vi.stubGlobal('fetch', api.fetch);
    view = await renderForm(<LeadDetailDialog lead={lead({ user_notes: 'Call on Monday' })} onOpenChange={() => undefined} />);
    await click(button('Edit'));
    expect(view.field('Notes').getAttribute('rows')).toBe('4');
    expect(view.field('Description').getAttribute('rows')).toBe('4');
    await typeInto(view.field('Name'), 'Ada King');
    await typeInto(view.field('Notes'), 'Changed');
    await click(button('Cancel'));
    expect(text()).toContain('Call on Monday');
    expect(text()).not.toContain('Ada King');
    expect(api.calls).toEqual([]);

    await click(button('Edit'));
    expect(view.field('Name').value).toBe('Ada Lovelace');
    expect(view.field('Notes').value).toBe('Call on Monday');
    await typeInto(view.field('Name'), 'Ada King');
    await typeInto(view.field('Quote Amount (£)'), '1250.5');
    await click(button('Save'));
    await vi.waitFor(() => expect(toasts).toEqual(['success: Lead updated successfully']));
    expect(api.calls[0]).toMatchObject({ method: 'PUT', url: '/api/crm/leads/l-1', body: { name: 'Ada King', quote_amount: '1250.5', status: 'new', user_notes: 'Call on Monday' } });
    await vi.waitFor(() => expect(button('Edit')).toBeTruthy());
  });

  it('says Failed to update lead and stays in edit mode when the save fails', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 500, body: null }).fetch);
    view = await renderForm(<LeadDetailDialog lead={lead()} onOpenChange={() => undefined} />);
    await click(button('Edit'));
    await click(button('Save'));
    await vi.waitFor(() => expect(toasts).toEqual(['error: Failed to update lead']));
    expect(button('Save')).toBeTruthy();
  });
});
