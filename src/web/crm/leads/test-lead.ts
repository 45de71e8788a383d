import type { Lead } from '@shared/crm/leads';

/** A lead for unit tests: every optional field empty, as a fresh manual lead has it. */
export function lead(over: Partial<Lead> = {}): Lead {
  return {
    id: 'l-1', tenant_id: null, name: 'Ada Lovelace', email: 'ada@example.test', phone: null, company: null, project_type: null,
    project_description: null, budget_range: null, status: 'new', priority: 'medium', quote_amount: null, user_notes: null,
    location: null, source: 'manual', bark_id: null, notes: null, next_follow_up: null, deposit_paid: null, deposit_paid_at: null,
    created_at: '2026-11-24T10:00:00.000Z', updated_at: '2026-11-24T10:00:00.000Z', ...over,
  };
}
