import type { Lead } from '@shared/crm/leads';
import { LEAD_FALLBACK } from '@shared/crm/leads';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { capitalise, formatLeadDate, formatQuote, priorityBadgeVariant, statusBadgeVariant, statusLabel } from './lead-format';

/** The Leads list view (admin spec §2): the same leads as the board, one row each, newest first. */
export function LeadsTable({ leads, onOpen }: { leads: readonly Lead[]; onOpen: (lead: Lead) => void }) {
  return (
    <div className="rounded-lg border border-zinc-200 bg-white">
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
