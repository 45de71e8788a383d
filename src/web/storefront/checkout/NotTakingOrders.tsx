import { Store } from 'lucide-react';
import { cn } from '@/lib/utils';
import { NOT_TAKING_ORDERS, NOT_TAKING_ORDERS_DETAIL } from './shipping-availability';

/** The cart's and checkout's notice when the shop has no delivery options: no order can be placed yet. */
export function NotTakingOrders({ className }: { className?: string }) {
  return (
    <div role="status" className={cn('flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:p-5', className)}>
      <Store className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
      <div>
        <p className="font-semibold">{NOT_TAKING_ORDERS}</p>
        <p className="mt-1 text-sm text-amber-900">{NOT_TAKING_ORDERS_DETAIL}</p>
      </div>
    </div>
  );
}
