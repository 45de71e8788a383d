import { useStore } from '../store-context';
import { Clock, RotateCcw, ShieldCheck, Truck } from 'lucide-react';
import { businessDays, freeDeliveryLine, refundLine, returnsLine, type StorePromises as Promises } from '@shared/store-promises';
import type { PromiseItem } from '../store-promises';
import { cn } from '@/lib/utils';

/** What the store promises (its Settings > Policies and delivery options), as cards under the hero. */
export function StorePromises() {
  const cards = promiseCards(useStore().promises);
  return (
    <section aria-label="Why shop with us" className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
      <ul className={cn('grid gap-4 sm:grid-cols-2', cards.length >= 4 ? 'lg:grid-cols-4' : cards.length === 3 ? 'lg:grid-cols-3' : '')}>
        {cards.map(({ icon: Icon, title, detail }) => (
          <li key={title} className="rounded-xl border border-zinc-200 p-5">
            <Icon className="size-5 text-accent" aria-hidden />
            <p className="mt-3 font-medium">{title}</p>
            <p className="mt-1 text-sm text-zinc-500">{detail}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The home page's cards: delivery, dispatch, returns, and the card payments every store takes. */
export function promiseCards(p: Promises): PromiseItem[] {
  const cards: PromiseItem[] = [];
  const free = freeDeliveryLine(p);
  if (free) cards.push({ icon: Truck, title: free, detail: p.delivery_note ?? (p.next_day ? 'Next-day delivery is available at checkout.' : 'Delivery options are shown at checkout.') });
  else if (p.delivery_note) cards.push({ icon: Truck, title: p.next_day ? 'Next-day delivery' : 'Delivery', detail: p.delivery_note });
  else if (p.next_day) cards.push({ icon: Truck, title: 'Next-day delivery', detail: 'Choose next-day delivery at checkout.' });
  if (p.dispatch_days) cards.push({ icon: Clock, title: `Dispatched within ${businessDays(p.dispatch_days)}`, detail: 'We pack your order and send it on its way.' });
  const returns = returnsLine(p);
  if (returns) cards.push({ icon: RotateCcw, title: returns, detail: refundLine(p) ? `${refundLine(p)}.` : `Return unused items within ${p.returns_days} days of delivery.` });
  cards.push({ icon: ShieldCheck, title: 'Secure card payments', detail: 'Checkout through a trusted card payment provider.' });
  return cards;
}
