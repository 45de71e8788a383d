import { CalendarClock, Clock, MapPin, RotateCcw, Scale, Truck, Wallet, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { shopperLines, type PoliciesFormValues, type ShopperLineKind } from './policies-form';

const ICONS: Record<ShopperLineKind, LucideIcon> = {
  free_delivery: Truck,
  next_day: CalendarClock,
  dispatch: Clock,
  note: MapPin,
  returns: RotateCcw,
  cancel: Scale,
  refund: Wallet,
};

const SOURCE_NOTE = { shipping: 'From your delivery options', law: 'Every shopper’s right by law' } as const;

/** "What shoppers see": the storefront's own wording of the promises, as the form stands (not yet saved). */
export function ShopperPreview({ values, shipping, className }: { values: PoliciesFormValues; shipping: { free_delivery_over: number | null; next_day: boolean } | null; className?: string }) {
  const lines = shopperLines(values, shipping);
  return (
    <Card className={cn('bg-zinc-50/60', className)}>
      <CardHeader>
        <CardTitle>What shoppers see</CardTitle>
        <CardDescription>The wording on your home page, product pages and footer, as you type.</CardDescription>
      </CardHeader>
      <CardContent>
        {lines.length === 0 ? (
          <p className="text-sm text-zinc-500">Nothing stated yet: shoppers see your delivery options and their costs at checkout.</p>
        ) : (
          <ul aria-label="What shoppers see" className="grid gap-3">
            {lines.map(({ kind, text, source }) => {
              const Icon = ICONS[kind];
              return (
                <li key={kind} className="flex gap-3 text-sm">
                  <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-white ring-1 ring-zinc-200">
                    <Icon className="size-3.5 text-zinc-600" aria-hidden />
                  </span>
                  <span className="min-w-0 pt-1 text-zinc-800">
                    <span className="block break-words">{text}</span>
                    {source === 'policies' ? null : <span className="mt-0.5 block text-xs text-zinc-500">{SOURCE_NOTE[source]}</span>}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
