import type { ReactNode } from 'react';
import { BUDGET_RANGES, LEAD_FALLBACK, LEAD_PRIORITIES, PIPELINE_COLUMNS, PROJECT_TYPES, type BarkMetadata, type Lead } from '@shared/crm/leads';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { capitalise, formatQuote, statusLabel } from './lead-format';

/** The dialog's editable fields as the form holds them (text; the route's schema parses them). */
export interface LeadDraft {
  name: string;
  email: string;
  phone: string;
  company: string;
  location: string;
  project_type: string;
  budget_range: string;
  quote_amount: string;
  status: Lead['status'];
  priority: Lead['priority'];
  project_description: string;
  user_notes: string;
}
export type DraftErrors = Partial<Record<keyof LeadDraft, string>>;

export function draftOf(lead: Lead): LeadDraft {
  return {
    name: lead.name,
    email: lead.email,
    phone: lead.phone ?? '',
    company: lead.company ?? '',
    location: lead.location ?? '',
    project_type: lead.project_type ?? '',
    budget_range: lead.budget_range ?? '',
    quote_amount: lead.quote_amount === null ? '' : String(lead.quote_amount),
    status: lead.status,
    priority: lead.priority,
    project_description: lead.project_description ?? '',
    user_notes: lead.user_notes ?? '',
  };
}

export function Box({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-zinc-200 p-4">
      <h3 className="mb-3 text-sm font-semibold text-zinc-900">{title}</h3>
      {children}
    </section>
  );
}

function Row({ label, value, missing }: { label: string; value: string | null | undefined; missing: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className={value ? 'break-words text-sm text-zinc-900' : 'text-sm text-zinc-400 italic'}>{value || missing}</dd>
    </div>
  );
}

/** Contact and project facts as read (view mode), with the spec's fallbacks (admin spec §2). */
export function LeadFacts({ lead }: { lead: Lead }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Box title="Contact Information">
        <dl className="grid gap-3">
          <Row label="Name" value={lead.name} missing={LEAD_FALLBACK.notSpecified} />
          <Row label="Email" value={lead.email} missing={LEAD_FALLBACK.email} />
          <Row label="Phone" value={lead.phone} missing={LEAD_FALLBACK.phone} />
          <Row label="Company" value={lead.company} missing={LEAD_FALLBACK.company} />
          <Row label="Location" value={lead.location} missing={LEAD_FALLBACK.location} />
        </dl>
      </Box>
      <Box title="Project Information">
        <dl className="grid gap-3">
          <Row label="Project Type" value={lead.project_type} missing={LEAD_FALLBACK.notSpecified} />
          <Row label="Budget Range" value={lead.budget_range} missing={LEAD_FALLBACK.notSpecified} />
          <Row label="Quote Amount" value={formatQuote(lead.quote_amount)} missing={LEAD_FALLBACK.notQuoted} />
          <Row label="Status" value={statusLabel(lead.status)} missing={LEAD_FALLBACK.notSpecified} />
          <Row label="Priority" value={capitalise(lead.priority)} missing={LEAD_FALLBACK.notSpecified} />
          {/* Set by the payment of a quote's deposit (decision 044). */}
          {lead.deposit_paid !== null ? <Row label="Deposit Paid" value={depositLine(lead)} missing="" /> : null}
        </dl>
      </Box>
    </div>
  );
}

/** "£100.00 on 28 Nov 2026" */
export function depositLine(lead: Pick<Lead, 'deposit_paid' | 'deposit_paid_at'>): string {
  const amount = formatQuote(lead.deposit_paid) ?? '';
  return lead.deposit_paid_at ? `${amount} on ${new Date(lead.deposit_paid_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}` : amount;
}

/** The same facts as fields (edit mode). Odd imported values stay choosable alongside the offered ones. */
export function LeadFactsForm({ draft, errors, set, projectTypes = PROJECT_TYPES }: { draft: LeadDraft; errors: DraftErrors; set: (key: keyof LeadDraft) => (e: { target: { value: string } }) => void; projectTypes?: readonly string[] }) {
  const withCurrent = (offered: readonly string[], current: string) => (current && !offered.includes(current) ? [current, ...offered] : offered);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Box title="Contact Information">
        <div className="grid gap-3">
          <FormField label="Name" error={errors.name}><Input value={draft.name} onChange={set('name')} maxLength={200} /></FormField>
          <FormField label="Email" error={errors.email}><Input type="email" value={draft.email} onChange={set('email')} maxLength={254} /></FormField>
          <FormField label="Phone" error={errors.phone}><Input type="tel" value={draft.phone} onChange={set('phone')} maxLength={50} /></FormField>
          <FormField label="Company" error={errors.company}><Input value={draft.company} onChange={set('company')} maxLength={200} /></FormField>
          <FormField label="Location" error={errors.location}><Input value={draft.location} onChange={set('location')} maxLength={200} /></FormField>
        </div>
      </Box>
      <Box title="Project Information">
        <div className="grid gap-3">
          <FormField label="Project Type" error={errors.project_type}>
            <Select value={draft.project_type} onChange={set('project_type')}>
              <option value="">{LEAD_FALLBACK.notSpecified}</option>
              {withCurrent(projectTypes, draft.project_type).map((t) => <option key={t} value={t}>{t}</option>)}
            </Select>
          </FormField>
          <FormField label="Budget Range" error={errors.budget_range}>
            <Select value={draft.budget_range} onChange={set('budget_range')}>
              <option value="">{LEAD_FALLBACK.notSpecified}</option>
              {withCurrent(BUDGET_RANGES, draft.budget_range).map((r) => <option key={r} value={r}>{r}</option>)}
            </Select>
          </FormField>
          <FormField label="Quote Amount (£)" error={errors.quote_amount}>
            <Input inputMode="decimal" value={draft.quote_amount} onChange={set('quote_amount')} maxLength={20} placeholder="e.g. 4500" />
          </FormField>
          <FormField label="Status" error={errors.status}>
            <Select value={draft.status} onChange={set('status')}>
              {PIPELINE_COLUMNS.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
            </Select>
          </FormField>
          <FormField label="Priority" error={errors.priority}>
            <Select value={draft.priority} onChange={set('priority')}>
              {LEAD_PRIORITIES.map((p) => <option key={p} value={p}>{capitalise(p)}</option>)}
            </Select>
          </FormField>
        </div>
      </Box>
    </div>
  );
}

const METADATA_LABELS: [keyof BarkMetadata, string][] = [
  ['bark_created_at_date_utc', 'Created on Bark (UTC)'],
  ['bark_purchased_count', 'Times purchased'],
  ['bark_credits_required', 'Credits required'],
  ['bark_display_text', 'Request'],
];

/** The imported marketplace metadata kept in `notes` (spec §3): shown, never edited. */
export function MarketplaceBox({ metadata }: { metadata: BarkMetadata }) {
  return (
    <Box title="Marketplace Details">
      <dl className="grid gap-3 rounded-md bg-zinc-50 p-3 sm:grid-cols-2">
        {METADATA_LABELS.filter(([key]) => metadata[key] !== undefined && metadata[key] !== '').map(([key, label]) => (
          <div key={key} className={key === 'bark_display_text' ? 'grid gap-0.5 sm:col-span-2' : 'grid gap-0.5'}>
            <dt className="text-xs text-zinc-500">{label}</dt>
            <dd className="text-sm break-words whitespace-pre-wrap text-zinc-900">{String(metadata[key])}</dd>
          </div>
        ))}
      </dl>
    </Box>
  );
}

/** 'Your Notes' in edit mode: the description and notes text areas, 4 rows each (spec §2). */
export function NotesForm({ draft, errors, set }: { draft: LeadDraft; errors: DraftErrors; set: (key: keyof LeadDraft) => (e: { target: { value: string } }) => void }) {
  return (
    <Box title="Your Notes">
      <div className="grid gap-3">
        <FormField label="Description" error={errors.project_description}>
          <Textarea rows={4} className="min-h-0" value={draft.project_description} onChange={set('project_description')} maxLength={5000} />
        </FormField>
        <FormField label="Notes" error={errors.user_notes}>
          <Textarea rows={4} className="min-h-0" value={draft.user_notes} onChange={set('user_notes')} maxLength={5000} />
        </FormField>
      </div>
    </Box>
  );
}
