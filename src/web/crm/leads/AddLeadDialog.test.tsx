// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CrmContext } from '@shared/crm/context';
import { NEUTRAL_PROJECT_TYPES } from '@shared/crm/settings';
import { fakeFetch, renderForm, submit, typeInto, type Rendered } from '@/test/form-dom';
import { AddLeadDialog } from './AddLeadDialog';
import { lead } from './test-lead';

// One array for every leads test file (see LeadDetailDialog.test.tsx).
const toasts = vi.hoisted(() => ((globalThis as { crmLeadToasts?: string[] }).crmLeadToasts ??= []));
vi.mock('@/lib/toast', () => ({
  toast: {
    success: (message: string) => toasts.push(`success: ${message}`),
    error: (message: string) => toasts.push(`error: ${message}`),
  },
}));

const store: CrmContext = { scope: 'tenant', tenant: { id: 't-demo', name: 'Demo Store' }, can_manage_access: true, bark_sheet_url: '', kit: 'store', project_types: [...NEUTRAL_PROJECT_TYPES] };
const platform: CrmContext = { scope: 'platform', tenant: null, can_manage_access: true, bark_sheet_url: '', kit: 'agency', project_types: [] };

describe('Add New Lead (admin spec §5)', () => {
  let view: Rendered;
  afterEach(async () => {
    await view.unmount();
    vi.unstubAllGlobals();
    toasts.length = 0;
  });

  async function fillAndSend(context: CrmContext) {
    const api = fakeFetch({ status: 201, body: { lead: lead() } });
    vi.stubGlobal('fetch', api.fetch);
    view = await renderForm(<AddLeadDialog context={context} open onOpenChange={() => undefined} />);
    await typeInto(view.field('Name *'), 'Ada Lovelace');
    await typeInto(view.field('Email *'), 'ada@example.test');
    await submit(view.field('Name *').closest('form')!);
    await vi.waitFor(() => expect(toasts).toEqual(['success: Lead added successfully']));
    return api.calls;
  }

  it('requires name and email before sending anything', async () => {
    const api = fakeFetch({ status: 201, body: {} });
    vi.stubGlobal('fetch', api.fetch);
    view = await renderForm(<AddLeadDialog context={store} open onOpenChange={() => undefined} />);
    await typeInto(view.field('Name *'), 'Ada');
    await submit(view.field('Name *').closest('form')!);
    expect(toasts).toEqual(['error: Name and email are required']);
    expect(view.errors()).toEqual(['Name and email are required']);
    expect(api.calls).toEqual([]);
  });

  it("sends the store's id in a store's book, priority medium by default", async () => {
    const calls = await fillAndSend(store);
    expect(calls).toEqual([{ method: 'POST', url: '/api/crm/leads', body: expect.objectContaining({ name: 'Ada Lovelace', priority: 'medium', tenant_id: 't-demo' }) }]);
  });

  it("sends no tenant in the platform's own book", async () => {
    const calls = await fillAndSend(platform);
    expect(calls[0]!.body).not.toHaveProperty('tenant_id');
  });
});
