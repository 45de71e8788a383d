import { CheckCircle2, Lock } from 'lucide-react';
import type { PublicQuote } from '@shared/crm/quotes';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { usePayDeposit } from './queries';
import { formatDate, money } from './format';

/** The primary call to action: pay the deposit while it can be paid; once paid, a receipt line. */
export function DepositButton({ quote, className }: { quote: PublicQuote; className?: string }) {
  const pay = usePayDeposit(quote.unique_url);
  if (quote.paid_at) {
    return (
      <p className={cn('flex items-center justify-center gap-2 rounded-md bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800', className)}>
        <CheckCircle2 className="size-4" aria-hidden /> Deposit paid on {formatDate(quote.paid_at)}
      </p>
    );
  }
  if (!quote.can_pay) return null;
  const label = quote.cta_primary_label || 'Pay deposit';
  return (
    <div className={className}>
      <Button size="lg" className="h-auto min-h-11 w-full py-2.5 text-center whitespace-normal" disabled={pay.isPending} onClick={() => pay.mutate()}>
        {pay.isPending ? <Spinner className="size-4" /> : <Lock aria-hidden />}
        {label} · {money(quote.deposit_amount)}
      </Button>
      {pay.isError && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {errorMessage(pay.error, 'We could not start the payment. Please try again.')}
        </p>
      )}
      <p className="mt-2 text-center text-xs text-zinc-500">Secure card payment. You will come back here afterwards.</p>
    </div>
  );
}
