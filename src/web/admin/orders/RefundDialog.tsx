import { useState, type FormEvent } from 'react';
import { REFUND_REASON_MAX, refundInput, type AdminOrderDetail } from '@shared/admin-orders';
import { formatOrderTotal } from '@shared/order-status';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useOrderAction } from '@/lib/admin-orders';

/** Refund in full or in part through the payment provider; never more than is left (the server decides). */
export function RefundDialog({ order, open, onOpenChange }: { order: AdminOrderDetail; open: boolean; onOpenChange: (open: boolean) => void }) {
  const action = useOrderAction(order.id);
  const money = (n: number) => formatOrderTotal(n, order.currency);
  const [amount, setAmount] = useState(order.refundable_amount.toFixed(2));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ message: string; field?: string; reasonField?: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The route's own schema, so a slip is caught before the round trip, in its words; the server checks again.
    const checked = refundInput.safeParse({ amount: amount.trim() === '' ? NaN : Number(amount.trim()), ...(reason.trim() ? { reason } : {}) });
    if (!checked.success) {
      const first = (field: string) => checked.error.issues.find((issue) => issue.path[0] === field)?.message;
      setError({ message: checked.error.issues[0].message, field: first('amount'), reasonField: first('reason') });
      return;
    }
    const body = checked.data;
    setError(null);
    action.mutate(
      { kind: 'refunds', body },
      {
        onSuccess: () => {
          toast.success(`Refunded ${money(body.amount ?? 0)}`);
          onOpenChange(false);
          setReason('');
        },
        onError: (err) => {
          const message = errorMessage(err, 'Failed to refund the order');
          const fields = err instanceof ApiError ? err.fields : {};
          setError({ message, field: fields.amount, reasonField: fields.reason });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => { onOpenChange(next); if (next) setAmount(order.refundable_amount.toFixed(2)); else setError(null); }}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Refund order {order.order_number}</DialogTitle>
            <DialogDescription>The money goes back to the customer&apos;s card through {order.payment.provider === 'stripe' ? 'Stripe' : 'the test gateway'}, and they are emailed.</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-3 gap-2 rounded-lg bg-zinc-50 p-3 text-sm">
            <div><dt className="text-zinc-500">Paid</dt><dd className="font-semibold tabular-nums">{money(order.paid_amount)}</dd></div>
            <div><dt className="text-zinc-500">Refunded</dt><dd className="font-semibold tabular-nums">{money(order.refunded_amount)}</dd></div>
            <div><dt className="text-zinc-500">Remaining</dt><dd className="font-semibold tabular-nums">{money(order.refundable_amount)}</dd></div>
          </dl>
          <FormField label="Amount to refund (£)" error={error?.field}>
            <Input inputMode="decimal" value={amount} onChange={(e) => { setAmount(e.target.value); setError(null); }} autoComplete="off" />
          </FormField>
          <FormField label="Reason (optional)" hint="Kept on the order's timeline and sent to the payment provider." error={error?.reasonField}>
            <Textarea value={reason} onChange={(e) => { setReason(e.target.value); setError(null); }} maxLength={REFUND_REASON_MAX} rows={2} />
          </FormField>
          {error && !error.field && !error.reasonField ? <Alert variant="destructive">{error.message}</Alert> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>Close</Button>
            <Button type="submit" disabled={action.isPending}>{action.isPending ? 'Refunding…' : 'Refund'}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
