import { Banknote, CircleDot, FilePlus, Link2, RefreshCw, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { QuoteEvent } from '@shared/crm/quotes';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useQuoteHistory } from '@/lib/crm-quotes';

const ICONS: Record<string, { icon: LucideIcon; tone: string }> = {
  created: { icon: FilePlus, tone: 'bg-zinc-100 text-zinc-600' },
  deposit_session_opened: { icon: Link2, tone: 'bg-zinc-100 text-zinc-600' },
  deposit_paid: { icon: Banknote, tone: 'bg-emerald-50 text-emerald-700' },
  stray_payment: { icon: TriangleAlert, tone: 'bg-amber-50 text-amber-700' },
  stray_payment_refunded: { icon: RefreshCw, tone: 'bg-zinc-100 text-zinc-600' },
  stray_payment_refund_failed: { icon: TriangleAlert, tone: 'bg-red-50 text-red-700' },
};

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * What happened to a saved quote, newest first (decision 029): created, payment pages opened, the
 * deposit paid, and a second payment received and refunded automatically (or not, and what to do).
 */
export function QuoteHistory({ quoteId }: { quoteId: string }) {
  const history = useQuoteHistory(quoteId);
  return (
    <Card role="region" aria-labelledby="quote-history-title" className="flex flex-col gap-3 p-4 sm:p-6">
      <div>
        <h2 id="quote-history-title" className="text-base font-semibold">History</h2>
        <p className="text-sm text-zinc-500">The client&rsquo;s payments and what the shop did about them.</p>
      </div>
      {history.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading the history">
          {[0, 1].map((i) => <Skeleton key={i} className="h-10" />)}
        </div>
      ) : history.isError ? (
        <Alert variant="destructive">
          <span className="flex-1">{errorMessage(history.error, 'The history could not be loaded.')}</span>
          <Button size="sm" variant="outline" onClick={() => void history.refetch()}>Try again</Button>
        </Alert>
      ) : history.data.length === 0 ? (
        <p className="text-sm text-zinc-600">Nothing has happened to this quote yet.</p>
      ) : (
        <ol aria-label="Quote history" className="grid gap-3">
          {history.data.map((event) => <HistoryEntry key={event.id} event={event} />)}
        </ol>
      )}
    </Card>
  );
}

function HistoryEntry({ event }: { event: QuoteEvent }) {
  const { icon: Icon, tone } = ICONS[event.type] ?? { icon: CircleDot, tone: 'bg-zinc-100 text-zinc-600' };
  return (
    <li className="flex gap-3">
      <span className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full ${tone}`}>
        <Icon className="size-3.5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        {/* Session and refund ids are long unbroken words: they may wrap anywhere on a phone. */}
        <p className="text-sm wrap-anywhere text-zinc-900">{event.message}</p>
        <p className="mt-0.5 text-xs text-zinc-500"><time dateTime={event.created_at}>{when.format(new Date(event.created_at))}</time></p>
      </div>
    </li>
  );
}
