// @vitest-environment happy-dom
import { act, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '@shared/crm/leads';
import { useLeads, useMoveLead } from '@/lib/crm-leads';
import { crmKeys } from '@/lib/crm';
import { lead } from './test-lead';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// One array for every leads test file: with isolate: false, crm-leads.ts keeps the toast mock of the
// first file that loaded it, so each file's mock writes here.
const toasts = vi.hoisted(() => ((globalThis as { crmLeadToasts?: string[] }).crmLeadToasts ??= []));
vi.mock('@/lib/toast', () => ({
  toast: {
    success: (message: string) => toasts.push(`success: ${message}`),
    error: (message: string) => toasts.push(`error: ${message}`),
  },
}));

function LeadList() {
  useLeads();
  return null;
}

/** Renders useMoveLead over a client holding `leads`; fetch answers when the test says so. */
async function setUp(leads: Lead[], watchList = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(crmKeys.leads, leads);
  const calls: { method: string; url: string }[] = [];
  let answer: (status: number, body: unknown) => void = () => undefined;
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? 'GET', url });
    if ((init.method ?? 'GET') === 'GET') return Promise.resolve(Response.json({ leads: [lead({ id: 'a', status: 'new' })] }));
    return new Promise<Response>((resolve) => (answer = (status, body) => resolve(Response.json(body, { status }))));
  });
  let move!: ReturnType<typeof useMoveLead>;
  const keep = (m: typeof move) => (move = m);
  function Probe() {
    const m = useMoveLead();
    useEffect(() => void keep(m));
    // With the list on screen (as the board has it), an invalidation refetches.
    return watchList ? <LeadList /> : null;
  }
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => root.render(<QueryClientProvider client={client}><Probe /></QueryClientProvider>));
  const settle = async () => {
    for (let i = 0; i < 5; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
  };
  return { client, calls, move: () => move, answer: (status: number, body: unknown) => answer(status, body), settle, unmount: () => act(async () => root.unmount()) };
}

describe('a pipeline drop (admin spec §4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toasts.length = 0;
  });

  it('moves the card at once, then PATCHes the status and says so', async () => {
    const t = await setUp([lead({ id: 'a' }), lead({ id: 'b', status: 'won' })]);
    await act(async () => t.move().mutate({ id: 'a', status: 'qualified' }));
    await t.settle();
    expect(t.client.getQueryData<Lead[]>(crmKeys.leads)!.map((l) => l.status)).toEqual(['qualified', 'won']);
    expect(t.calls).toEqual([{ method: 'PATCH', url: '/api/crm/leads/a/status' }]);
    expect(toasts).toEqual([]);
    t.answer(200, { lead: lead({ id: 'a', status: 'qualified' }) });
    await vi.waitFor(() => expect(toasts).toEqual(['success: Lead moved successfully']));
    await t.unmount();
  });

  it('on failure says Failed to update lead and reloads all leads from the server', async () => {
    const t = await setUp([lead({ id: 'a' })], true);
    await t.settle();
    t.calls.length = 0;
    await act(async () => t.move().mutate({ id: 'a', status: 'lost' }));
    await t.settle();
    expect(t.client.getQueryData<Lead[]>(crmKeys.leads)![0]!.status).toBe('lost');
    t.answer(500, { error: { code: 'internal', message: 'Something went wrong' } });
    await vi.waitFor(() => expect(toasts).toEqual(['error: Failed to update lead']));
    await vi.waitFor(() => expect(t.client.getQueryData<Lead[]>(crmKeys.leads)![0]!.status).toBe('new'));
    expect(t.calls).toEqual([{ method: 'PATCH', url: '/api/crm/leads/a/status' }, { method: 'GET', url: '/api/crm/leads' }]);
    await t.unmount();
  });
});
