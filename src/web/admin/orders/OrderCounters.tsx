import type { AdminOrderRow } from '@shared/admin-orders';
import { countOrdersOnPage } from '@shared/order-status';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * Admin spec §2: Total Orders is the server's total; Pending, Processing (confirmed, processing or
 * shipped) and Completed (delivered) are counted over the page being shown, as the spec defines them.
 */
export function OrderCounters({ total, orders }: { total: number | undefined; orders: AdminOrderRow[] | undefined }) {
  const counts = orders ? countOrdersOnPage(orders) : null;
  const items: [string, number | undefined][] = [
    ['Total Orders', total],
    ['Pending', counts?.pending],
    ['Processing', counts?.processing],
    ['Completed', counts?.completed],
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map(([label, value]) => (
        <Card key={label} className="p-4">
          <p className="text-sm text-zinc-500">{label}</p>
          {value === undefined ? <Skeleton className="mt-2 h-7 w-12" /> : <p className="mt-1 text-2xl font-semibold tabular-nums" aria-label={`${label}: ${value}`}>{value}</p>}
        </Card>
      ))}
    </div>
  );
}
