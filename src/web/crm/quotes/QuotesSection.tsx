import { useEffect, useRef, useState } from 'react';
import { QUOTE_FILTERS, QUOTE_TEXT, type Quote, type QuoteFilter } from '@shared/crm/quotes';
import type { CrmContext } from '@shared/crm/context';
import { storeQuoteContent } from '@shared/crm/settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { filterQuotes, useQuotes } from '@/lib/crm-quotes';
import { toast } from '@/lib/toast';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { draftFromQuote, draftSnapshot, newDraft, type Draft } from './builder-state';
import { DeleteQuoteDialog } from './DeleteQuoteDialog';
import { money } from './format';
import { QuoteBuilder } from './QuoteBuilder';
import { QuoteHistory } from './QuoteHistory';
import { QuotesTable } from './QuotesTable';

const FILTER_LABEL: Record<QuoteFilter, string> = { all: 'All quotes', active: 'Active', draft: 'Draft', paid: 'Paid', expired: 'Expired' };

/** CRM > Quotes (admin spec §2): the revenue, the quote management table, and the builder below it. */
export function QuotesSection({ context }: { context: CrmContext }) {
  const quotes = useQuotes();
  const [filter, setFilter] = useState<QuoteFilter>('all');
  // A store's new quote starts from its first project type, neutral; the platform's from the agency kit (decision 044).
  const fresh = () => (context.kit === 'store' ? newDraft(storeQuoteContent(context.project_types[0])) : newDraft());
  const [draft, setDraft] = useState<Draft>(fresh);
  // The builder's content as last loaded or saved: anything else is unsaved work (issue 27).
  const [savedSnapshot, setSavedSnapshot] = useState(() => draftSnapshot(draft));
  const guard = useUnsavedChanges(draftSnapshot(draft) !== savedSnapshot, 'this quote');
  // A new builder (fresh tabs, errors and number fields) for each quote loaded or started.
  const [builderKey, setBuilderKey] = useState(0);
  const [deleting, setDeleting] = useState<Quote | null>(null);
  const builderRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (quotes.isError) toast.error(QUOTE_TEXT.loadFailed, { id: 'quotes-load' });
  }, [quotes.isError]);

  const load = (next: Draft) => {
    setDraft(next);
    setSavedSnapshot(draftSnapshot(next));
    setBuilderKey((k) => k + 1);
  };
  // Another quote (or a new one) replaces the builder's content: asked first when it holds unsaved changes.
  const edit = (quote: Quote) =>
    guard.askFirst(() => {
      load(draftFromQuote(quote));
      builderRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    });
  const list = quotes.data ? filterQuotes(quotes.data.quotes, filter) : [];

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Quotes</h1>
        <p className="mt-1 text-sm text-zinc-500">
          {context.kit === 'store'
            ? `Quotes for ${context.tenant?.name ?? 'your store'}’s leads, with a link to send: your customer reads it and pays the deposit there.`
            : `Proposals for ${context.tenant ? `${context.tenant.name}'s` : 'the platform’s'} leads: a custom build compared with a hosted shop, with a link to send.`}
        </p>
      </div>

      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        <Stat label="Revenue" hint="Deposits of paid quotes" value={quotes.data ? money(quotes.data.revenue) : null} />
        <Stat label="Quotes" value={quotes.data ? String(quotes.data.quotes.length) : null} />
        <Stat label="Active" value={quotes.data ? String(filterQuotes(quotes.data.quotes, 'active').length) : null} />
      </div>

      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-200 px-4 py-3 sm:px-5">
          <h2 className="text-sm font-semibold text-zinc-900">Quote management</h2>
          <div className="w-44">
            <Select aria-label="Filter quotes" value={filter} onChange={(e) => setFilter(e.target.value as QuoteFilter)}>
              {QUOTE_FILTERS.map((f) => <option key={f} value={f}>{FILTER_LABEL[f]}</option>)}
            </Select>
          </div>
        </div>
        {quotes.isError && !quotes.data ? (
          <div className="p-5">
            <Alert variant="destructive">
              <span className="flex-1">{errorMessage(quotes.error, QUOTE_TEXT.loadFailed)}</span>
              <Button size="sm" variant="outline" onClick={() => void quotes.refetch()}>Try again</Button>
            </Alert>
          </div>
        ) : quotes.isPending ? (
          <div className="grid gap-3 p-5" aria-busy="true" aria-label="Loading quotes">
            {[0, 1, 2].map((i) => <Skeleton key={i} className="h-10" />)}
          </div>
        ) : (
          <QuotesTable quotes={list} editingId={draft.saved?.id ?? null} onEdit={edit} onDelete={setDeleting} />
        )}
      </Card>

      <div ref={builderRef} className="flex scroll-mt-4 flex-col gap-6">
        <QuoteBuilder key={builderKey} draft={draft} setDraft={setDraft} context={context} onNew={() => guard.askFirst(() => load(fresh()))} onSaved={(sent) => setSavedSnapshot(draftSnapshot(sent))} />
        {draft.saved ? <QuoteHistory quoteId={draft.saved.id} /> : null}
      </div>

      <DeleteQuoteDialog
        quote={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => (draft.saved?.id === id ? load(fresh()) : undefined)}
      />
    </div>
  );
}

function Stat({ label, value, hint }: { label: string; value: string | null; hint?: string }) {
  return (
    <Card role="group" aria-label={label} className="min-w-0 p-3 sm:p-4">
      <p className="text-sm text-zinc-500">{label}</p>
      {value === null ? <Skeleton className="mt-1 h-7 w-full max-w-24" /> : <p className="mt-1 truncate text-xl font-semibold tabular-nums sm:text-2xl">{value}</p>}
      {hint ? <p className="mt-0.5 text-xs text-zinc-500">{hint}</p> : null}
    </Card>
  );
}
