import { ExternalLink, FileText, Pencil, Trash2 } from 'lucide-react';
import { quoteDisplayStatus, type Quote } from '@shared/crm/quotes';
import { quotePagePath } from '@shared/crm/routes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { CopyLinkButton } from './CopyLinkButton';
import { money, shortDate, STATUS_BADGE, STATUS_LABEL } from './format';

export function QuoteStatusBadge({ quote, className }: { quote: Pick<Quote, 'status' | 'paid_at'>; className?: string }) {
  const status = quoteDisplayStatus(quote);
  return <Badge variant={STATUS_BADGE[status]} className={className}>{STATUS_LABEL[status]}</Badge>;
}

const client = (q: Quote) => (q.lead ? q.lead.name : 'Lead removed');

/** The quote management table (spec §2): client, title and created date, money, status, views, actions. */
export function QuotesTable({ quotes, editingId, onEdit, onDelete }: { quotes: Quote[]; editingId: string | null; onEdit: (q: Quote) => void; onDelete: (q: Quote) => void }) {
  if (quotes.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <div className="flex size-11 items-center justify-center rounded-full bg-zinc-100"><FileText className="size-5 text-zinc-500" aria-hidden /></div>
        <p className="max-w-md text-sm text-zinc-600">No quotes here yet. Build one below and save it to get a link for the client.</p>
      </div>
    );
  return (
    <Table aria-label="Quotes">
      <TableHeader>
        <TableRow>
          <TableHead>Client</TableHead>
          <TableHead className="hidden md:table-cell">Quote</TableHead>
          <TableHead className="text-right">Total</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Deposit</TableHead>
          <TableHead className="hidden sm:table-cell">Status</TableHead>
          <TableHead className="hidden lg:table-cell">Views</TableHead>
          <TableHead className="relative text-right"><span className="sr-only">Actions</span></TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {quotes.map((q) => (
          <TableRow key={q.id} data-state={q.id === editingId ? 'selected' : undefined} className="data-[state=selected]:bg-indigo-50/50">
            <TableCell className="max-w-36 px-2 sm:max-w-48 sm:px-4">
              <span className="block truncate font-medium text-zinc-900">{client(q)}</span>
              {q.lead?.company ? <span className="block truncate text-xs text-zinc-500">{q.lead.company}</span> : null}
              <span className="block truncate text-xs text-zinc-500 md:hidden">{q.header_title}</span>
              <span className="block text-xs text-zinc-500 md:hidden">Created {shortDate(q.created_at)}</span>
              <QuoteStatusBadge quote={q} className="mt-1 sm:hidden" />
            </TableCell>
            <TableCell className="hidden max-w-56 md:table-cell">
              <span className="block truncate">{q.header_title}</span>
              <span className="block text-xs whitespace-nowrap text-zinc-500">Created {shortDate(q.created_at)}</span>
            </TableCell>
            <TableCell className="px-2 text-right font-medium whitespace-nowrap tabular-nums sm:px-4">{money(q.total_amount)}</TableCell>
            <TableCell className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">{money(q.deposit_amount)}</TableCell>
            <TableCell className="hidden sm:table-cell"><QuoteStatusBadge quote={q} /></TableCell>
            <TableCell className="hidden whitespace-nowrap lg:table-cell">
              <span className="tabular-nums">{q.view_count}</span>
              <span className="block text-xs text-zinc-500">{q.viewed_at ? `Last ${shortDate(q.viewed_at)}` : 'Not viewed yet'}</span>
            </TableCell>
            <TableCell className="px-2 sm:px-4">
              {/* Two by two on a phone, one row from sm up. */}
              <div className="grid grid-cols-2 justify-end gap-1 sm:flex">
                <Button variant="outline" size="icon" className="size-8" aria-label="Edit" title="Edit" onClick={() => onEdit(q)}><Pencil aria-hidden /></Button>
                <CopyLinkButton uniqueUrl={q.unique_url} className="size-8" />
                <Button variant="outline" size="icon" className="size-8" asChild>
                  <a href={quotePagePath(q.unique_url)} target="_blank" rel="noreferrer" aria-label="Open" title="Open in a new tab"><ExternalLink aria-hidden /></a>
                </Button>
                <Button variant="outline" size="icon" aria-label="Delete" title={q.paid_at ? 'A paid quote is kept' : 'Delete'} disabled={q.paid_at !== null} className="size-8 text-red-600 hover:text-red-700" onClick={() => onDelete(q)}><Trash2 aria-hidden /></Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
