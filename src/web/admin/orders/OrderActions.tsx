import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRightLeft, Mail, Printer, Undo2 } from 'lucide-react';
import type { AdminOrderDetail } from '@shared/admin-orders';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useOrderAction } from '@/lib/admin-orders';
import { RefundDialog } from './RefundDialog';
import { StatusDialog } from './StatusDialog';

/** The order's actions: change status, refund, resend confirmation, print packing slip. */
export function OrderActions({ order }: { order: AdminOrderDetail }) {
  const [dialog, setDialog] = useState<'status' | 'refund' | null>(null);
  const resend = useOrderAction(order.id);
  const resendConfirmation = () =>
    resend.mutate(
      { kind: 'resend-confirmation' },
      {
        onSuccess: () => toast.success(`Confirmation sent to ${order.customer_email}`),
        onError: (err) => toast.error(errorMessage(err, 'Failed to resend the confirmation')),
      },
    );

  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      {order.allowed_statuses.length > 0 ? (
        <Button onClick={() => setDialog('status')}>
          <ArrowRightLeft aria-hidden /> Change status
        </Button>
      ) : null}
      {order.can_refund ? (
        <Button variant="outline" onClick={() => setDialog('refund')}>
          <Undo2 aria-hidden /> Refund
        </Button>
      ) : null}
      {order.can_resend_confirmation ? (
        <Button variant="outline" onClick={resendConfirmation} disabled={resend.isPending}>
          <Mail aria-hidden /> {resend.isPending ? 'Sending…' : 'Resend confirmation'}
        </Button>
      ) : null}
      <Button variant="outline" asChild>
        <Link to={`/admin/orders/${order.id}/packing-slip`}>
          <Printer aria-hidden /> Print packing slip
        </Link>
      </Button>
      {dialog === 'status' ? <StatusDialog key={order.status} order={order} open onOpenChange={(open) => setDialog(open ? 'status' : null)} /> : null}
      {dialog === 'refund' ? <RefundDialog order={order} open onOpenChange={(open) => setDialog(open ? 'refund' : null)} /> : null}
    </div>
  );
}
