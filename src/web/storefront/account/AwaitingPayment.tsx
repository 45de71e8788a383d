import { useState } from 'react';
import { Clock, CreditCard } from 'lucide-react';
import type { OrderSummary } from '@shared/orders';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useCancelOrder } from '@/lib/orders';
import { toast } from '@/lib/toast';

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * An order in My orders that has not been paid yet: the shop holds its stock until `pay_by`, then
 * cancels it. Pay now goes back to the payment page while it is open; Cancel (asked twice, inline)
 * gives the stock back at once. Either way the server decides, and its message is shown.
 */
export function AwaitingPayment({ order }: { order: Pick<OrderSummary, 'order_number' | 'payment_url' | 'pay_by'> }) {
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);
  const payBy = order.pay_by ? clock.format(new Date(order.pay_by)) : null;

  const confirmCancel = () =>
    cancel.mutate(order.order_number, {
      onSuccess: (answer) => toast.success('Order cancelled', { description: answer.message }),
      onError: (error) => {
        setConfirming(false);
        toast.error('Could not cancel the order', { description: errorMessage(error, 'Please try again in a moment.') });
      },
    });

  return (
    <div className="flex flex-col gap-3 border-b border-amber-200/70 bg-amber-50/70 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2.5 text-sm text-amber-900">
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <span className="font-medium">Not paid yet.</span>{' '}
          {payBy ? `We are holding these items for you until ${payBy}; after that the order is cancelled.` : 'Complete the payment to place this order.'}
        </span>
      </p>
      {confirming ? (
        // Keyed: fresh buttons, not the previous ones recoloured through their colour transition.
        <div key="confirm" role="group" aria-label={`Cancel order ${order.order_number}?`} className="flex shrink-0 flex-wrap items-center gap-2">
          <span className="w-full text-sm font-medium text-zinc-900 sm:w-auto">Cancel this order?</span>
          <Button size="sm" variant="destructive" disabled={cancel.isPending} onClick={confirmCancel}>
            {cancel.isPending ? 'Cancelling...' : 'Yes, cancel'}
          </Button>
          <Button size="sm" variant="outline" disabled={cancel.isPending} onClick={() => setConfirming(false)}>Keep order</Button>
        </div>
      ) : (
        <div key="actions" className="flex shrink-0 gap-2">
          {order.payment_url ? (
            <Button size="sm" asChild>
              <a href={order.payment_url}>
                <CreditCard aria-hidden /> Pay now
              </a>
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)} aria-label={`Cancel order ${order.order_number}`}>Cancel</Button>
        </div>
      )}
    </div>
  );
}
