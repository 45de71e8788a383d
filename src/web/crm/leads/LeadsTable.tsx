import type { Lead } from '@shared/crm/leads';
import { LEAD_FALLBACK } from '@shared/crm/leads';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { capitalise, formatLeadDate, formatQuote, priorityBadgeVariant, statusBadgeVariant, statusLabel } from './lead-format';

interface Props {
  leads: readonly Lead[];
  onOpen: (lead: Lead) => void;
}

/**
 * The Leads list view (admin spec §2): the same leads as the board, newest first. A table from 640 px
 * up; on a phone each lead is a card, so nothing hides off the right edge.
 */
export function LeadsTable({ leads, onOpen }: Props) {
  return (
    <>
      <LeadCards leads={leads} onOpen={onOpen} />
      <LeadRows leads={leads} onOpen={onOpen} />
    </>
  );
}

/** Phones: one card per lead, the whole card opens it. */
function LeadCards({ leads, onOpen }: Props) {
  return (
    <ul aria-label="Leads" className="space-y-3 sm:hidden">
      {leads.map((lead) => (
        <li key={lead.id} data-lead-id={lead.id}>
          <button
            type="button"
            onClick={() => onOpen(lead)}
            aria-label={`View ${lead.name}`}
            className="w-full rounded-lg border border-zinc-200 bg-white p-4 text-left shadow-xs transition-colors hover:border-zinc-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
          >
            <span className="flex items-start justify-between gap-3">
              <span className="min-w-0">
                <span className="block truncate font-medium text-zinc-900">{lead.name}</span>
                <span className="block truncate text-xs text-zinc-500">{lead.company || lead.email || LEAD_FALLBACK.email}</span>
              </span>
              <span className="shrink-0 text-right font-medium tabular-nums text-zinc-900">{formatQuote(lead.quote_amount) ?? '—'}</span>
            </span>
            <span className="mt-3 flex flex-wrap items-center gap-2">
              <Badge variant={statusBadgeVariant(lead.status)}>{statusLabel(lead.status)}</Badge>
              <Badge variant={priorityBadgeVariant(lead.priority)}>{capitalise(lead.priority)}</Badge>
              <span className="ml-auto text-xs text-zinc-500">{formatLeadDate(lead.created_at)}</span>
            </span>
            {lead.project_type ? <span className="mt-2 block truncate text-xs text-zinc-600">{lead.project_type}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** From 640 px up: the table of the spec. */
function LeadRows({ leads, onOpen }: Props) {
  return (
    <div className="hidden rounded-lg border border-zinc-200 bg-white sm:block">
      <Table aria-label="Leads">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Company</TableHead>
            <TableHead>Project Type</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Priority</TableHead>
            <TableHead className="text-right">Quote Amount</TableHead>
            <TableHead>Created</TableHead>
            {/* relative: the sr-only label is positioned, and must stay inside the table's scroll box at 375 px. */}
            <TableHead className="relative">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {leads.map((lead) => (
            <TableRow key={lead.id} data-lead-id={lead.id}>
              <TableCell className="max-w-56">
                <p className="truncate font-medium text-zinc-900">{lead.name}</p>
                <p className="truncate text-xs text-zinc-500">{lead.email || LEAD_FALLBACK.email}</p>
              </TableCell>
              <TableCell className="max-w-44 truncate text-zinc-700">{lead.company || '—'}</TableCell>
              <TableCell className="whitespace-nowrap text-zinc-700">{lead.project_type || '—'}</TableCell>
              <TableCell>
                <Badge variant={statusBadgeVariant(lead.status)}>{statusLabel(lead.status)}</Badge>
              </TableCell>
              <TableCell>
                <Badge variant={priorityBadgeVariant(lead.priority)}>{capitalise(lead.priority)}</Badge>
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{formatQuote(lead.quote_amount) ?? '—'}</TableCell>
              <TableCell className="whitespace-nowrap text-zinc-600">{formatLeadDate(lead.created_at)}</TableCell>
              <TableCell className="text-right">
                <Button variant="outline" size="sm" onClick={() => onOpen(lead)} aria-label={`View ${lead.name}`}>
                  View
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
