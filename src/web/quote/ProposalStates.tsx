import { CheckCircle2, FileQuestion, Loader2, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from './format';

export function ProposalSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the proposal">
      <div className="bg-zinc-950 px-5 pt-20 pb-16 sm:px-8">
        <div className="mx-auto max-w-6xl space-y-4">
          <Skeleton className="h-4 w-48 bg-zinc-800" />
          <Skeleton className="h-12 w-full max-w-xl bg-zinc-800" />
          <Skeleton className="h-5 w-full max-w-lg bg-zinc-800" />
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl gap-4 px-5 py-12 sm:grid-cols-3 sm:px-8">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-36" />
        ))}
      </div>
    </div>
  );
}

export function ProposalMessage({ notFound, onRetry }: { notFound: boolean; onRetry?: () => void }) {
  return (
    <main className="grid min-h-screen place-items-center bg-zinc-50 px-6">
      <div role={notFound ? undefined : 'alert'} className="max-w-md text-center">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-zinc-200 text-zinc-600">
          <FileQuestion className="size-6" aria-hidden />
        </span>
        <h1 className="mt-5 text-xl font-semibold text-zinc-900">{notFound ? 'Proposal not found' : 'This proposal could not be loaded'}</h1>
        <p className="mt-2 text-sm text-zinc-600">
          {notFound ? 'This proposal link is not valid. Check the link you were sent, or ask the sender for a new one.' : 'We could not reach the server. Check your connection and try again.'}
        </p>
        {onRetry && (
          <Button className="mt-6" onClick={onRetry}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        )}
      </div>
    </main>
  );
}

/** Back from the pay page: received (paid_at set) or still being confirmed (the webhook may lag). */
export function PaymentBanner({ paidAt, confirming, gaveUp }: { paidAt: string | null; confirming: boolean; gaveUp: boolean }) {
  if (paidAt) {
    return (
      <div role="status" className="border-b border-emerald-200 bg-emerald-50 print:hidden">
        <p className="mx-auto flex max-w-6xl items-center gap-3 px-5 py-3 text-sm text-emerald-900 sm:px-8">
          <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-hidden />
          <span>
            <strong className="font-semibold">Deposit received.</strong> Thank you: your payment on {formatDate(paidAt)} has booked your project in.
          </span>
        </p>
      </div>
    );
  }
  if (!confirming) return null;
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 print:hidden">
      <p className="mx-auto flex max-w-6xl items-center gap-3 px-5 py-3 text-sm text-amber-900 sm:px-8">
        {!gaveUp && <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden />}
        {gaveUp ? 'Your payment is still being confirmed. Refresh this page in a minute to see it.' : 'Confirming your payment…'}
      </p>
    </div>
  );
}
