import { Link } from 'react-router';
import { QUOTE_TEXT } from '@shared/crm/quotes';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api';
import { useQuoteLeads, type LeadOption } from '@/lib/crm-quotes';

/** The quote's lead (spec §5: a quote must belong to one), newest leads first. */
export function LeadPicker({ value, onChange, error }: { value: string; onChange: (leadId: string) => void; error?: string }) {
  const leads = useQuoteLeads();
  if (leads.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
        {errorMessage(leads.error, 'Failed to fetch leads')}
        <Button size="sm" variant="outline" onClick={() => void leads.refetch()}>Try again</Button>
      </div>
    );
  const options = leads.data ?? [];
  return (
    <div className="grid gap-1.5">
      <FormField label="Lead" error={error} hint={leads.isSuccess && options.length === 0 ? undefined : QUOTE_TEXT.selectLeadBody}>
        <Select value={value} onChange={(e) => onChange(e.target.value)} disabled={leads.isPending}>
          <option value="">{leads.isPending ? 'Loading leads…' : QUOTE_TEXT.selectLeadTitle}</option>
          {options.map((lead) => (
            <option key={lead.id} value={lead.id}>{leadLabel(lead)}</option>
          ))}
        </Select>
      </FormField>
      {leads.isSuccess && options.length === 0 ? (
        <p className="text-xs text-zinc-500">
          No leads yet. <Link className="text-accent underline" to="/admin/crm/leads">Add a lead</Link> first.
        </p>
      ) : null}
    </div>
  );
}

const leadLabel = (lead: LeadOption) =>
  [lead.company ? `${lead.name} · ${lead.company}` : lead.name, `(${lead.email})`, lead.project_type ? `· ${lead.project_type}` : ''].filter(Boolean).join(' ');
