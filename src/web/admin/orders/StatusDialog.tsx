import { useState, type FormEvent } from 'react';
import type { AdminOrderDetail, OrderStatusInput } from '@shared/admin-orders';
import type { OrderStatus } from '@shared/orders';
import { formatOrderTotal, orderStatusName } from '@shared/order-status';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useOrderAction } from '@/lib/admin-orders';

/** Change status: offers only the moves the server allows from here; shipping asks for the tracking reference. */
export function StatusDialog({ order, open, onOpenChange }: { order: AdminOrderDetail; open: boolean; onOpenChange: (open: boolean) => void }) {
  const action = useOrderAction(order.id);
  const [status, setStatus] = useState<OrderStatus | ''>(order.allowed_statuses[0] ?? '');
  const [tracking, setTracking] = useState('');
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const paidLeft = order.refundable_amount;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!status) return;
    setError(null);
    action.mutate(
      { kind: 'status', body: { status: status as OrderStatusInput['status'], ...(status === 'shipped' ? { tracking_reference: tracking } : {}) } },
      {
        onSuccess: (updated) => {
          toast.success(`Order ${updated.order_number} is now ${orderStatusName(updated.status)}`);
          onOpenChange(false);
          setTracking('');
        },
        onError: (err) => setError({ message: errorMessage(err, 'Failed to update the order status'), fields: err instanceof ApiError ? err.fields : {} }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => { onOpenChange(next); if (!next) setError(null); }}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Change status</DialogTitle>
            <DialogDescription>Order {order.order_number} is {orderStatusName(order.status)}. Only the next steps allowed from here are offered.</DialogDescription>
          </DialogHeader>
          <FormField label="New status">
            <Select value={status} onChange={(e) => { setStatus(e.target.value as OrderStatus); setError(null); }}>
              {order.allowed_statuses.map((s) => <option key={s} value={s}>{orderStatusName(s)}</option>)}
            </Select>
          </FormField>
          {status === 'shipped' ? (
            <FormField label="Tracking reference" error={error?.fields.tracking_reference} hint="The customer receives it in the shipping email.">
              <Input value={tracking} onChange={(e) => setTracking(e.target.value)} maxLength={100} autoComplete="off" placeholder="e.g. RM123456789GB" />
            </FormField>
          ) : null}
          {status === 'cancelled' ? (
            <Alert variant="warning">
              <span>
                Cancelling gives the stock back and emails the customer.
                {paidLeft > 0 ? ` It does not refund the ${formatOrderTotal(paidLeft, order.currency)} paid: use Refund afterwards.` : ''}
              </span>
            </Alert>
          ) : null}
          {error && !error.fields.tracking_reference ? <Alert variant="destructive">{error.message}</Alert> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>Close</Button>
            <Button type="submit" variant={status === 'cancelled' ? 'destructive' : 'default'} disabled={!status || action.isPending}>
              {action.isPending ? 'Saving…' : status ? `Mark as ${orderStatusName(status)}` : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
