import type { ComponentType } from 'react';
import { FileWarning, PackageX, PoundSterling, ShoppingCart } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { DashboardKpis } from '@shared/dashboard';
import { formatGBP } from '@shared/money';

interface Kpi {
  label: string;
  value: string;
  note: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

/** Admin spec §2 "KPI cards", in the spec's order and words. */
function cardsOf(k: DashboardKpis): Kpi[] {
  return [
    { label: 'Revenue (30 days)', value: formatGBP(k.revenue_last_30), note: `From ${k.orders_last_30} orders`, icon: PoundSterling },
    { label: 'Recent Orders', value: String(k.orders_last_30), note: 'Last 30 days', icon: ShoppingCart },
    { label: 'Content Issues', value: String(k.products_missing_description), note: 'Products need descriptions', icon: FileWarning },
    { label: 'Low Stock', value: String(k.low_stock_count), note: 'Products need restocking', icon: PackageX },
  ];
}

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4';

export function KpiCards({ kpis }: { kpis: DashboardKpis }) {
  return (
    <ul className={GRID} aria-label="Key figures">
      {cardsOf(kpis).map(({ label, value, note, icon: Icon }) => (
        <li key={label}>
          <Card className="h-full">
            <CardContent className="flex items-start justify-between gap-3 pt-6">
              <div className="min-w-0">
                <p className="text-sm font-medium text-zinc-600">{label}</p>
                <p className="mt-1 text-2xl font-semibold tracking-tight tabular-nums" data-testid={`kpi-${label}`}>{value}</p>
                <p className="mt-1 text-xs text-zinc-500">{note}</p>
              </div>
              <span className="rounded-md bg-indigo-50 p-2 text-indigo-600"><Icon className="size-4" aria-hidden /></span>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function KpiCardsSkeleton() {
  return (
    <div className={GRID} role="status" aria-label="Loading key figures">
      {[0, 1, 2, 3].map((i) => (
        <Card key={i}>
          <CardContent className="flex flex-col gap-2 pt-6">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-7 w-20" />
            <Skeleton className="h-3 w-32" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
