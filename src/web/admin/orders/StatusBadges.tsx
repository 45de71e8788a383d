import type { OrderStatus, PaymentStatus } from '@shared/orders';
import { orderStatusName, orderStatusTone, paymentStatusName, type StatusTone } from '@shared/order-status';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const TONE_CLASS: Record<StatusTone, string> = {
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  blue: 'bg-blue-50 text-blue-700 ring-blue-600/20',
  purple: 'bg-violet-50 text-violet-700 ring-violet-600/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  neutral: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20',
};

/** Admin spec §4: completed (delivered), processing, shipped and cancelled have colours; others neutral. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <span
      data-tone={orderStatusTone(status)}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', TONE_CLASS[orderStatusTone(status)], className)}
    >
      {orderStatusName(status)}
    </span>
  );
}

const PAYMENT_VARIANT: Record<PaymentStatus, 'success' | 'warning' | 'destructive' | 'secondary'> = {
  paid: 'success',
  unpaid: 'warning',
  failed: 'destructive',
  expired: 'secondary',
  partially_refunded: 'warning',
  refunded: 'secondary',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge variant={PAYMENT_VARIANT[status]}>{paymentStatusName(status)}</Badge>;
}
