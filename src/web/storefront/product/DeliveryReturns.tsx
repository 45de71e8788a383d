import { Link } from 'react-router';
import { useStore } from '../store-context';
import { Clock, MapPin, RotateCcw, Truck, Wallet } from 'lucide-react';
import { freeDeliveryLine, processingLine, refundLine, returnsLine, type StorePromises } from '@shared/store-promises';
import type { PromiseItem } from '../store-promises';

/** The product page's delivery and returns terms: the store's own (Settings > Policies, delivery options). */
export function DeliveryReturns() {
  const { promises } = useStore();
  const { delivery, returns } = deliveryAndReturns(promises);
  const page = (kind: 'delivery' | 'returns') => promises.legal_pages.find((p) => p.kind === kind);
  return (
    <div className="grid gap-10 md:grid-cols-2">
      <TermsList title="Delivery" items={delivery} more={page('delivery')} />
      <TermsList title="Returns" items={returns} more={page('returns')} />
    </div>
  );
}

function TermsList({ title, items, more }: { title: string; items: PromiseItem[]; more?: { slug: string; title: string } }) {
  return (
    <section>
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-4 grid gap-4">
        {items.map(({ icon: Icon, title: heading, detail }) => (
          <li key={heading} className="flex gap-3">
            <div className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft">
              <Icon className="size-4 text-accent" aria-hidden />
            </div>
            <div>
              <p className="font-medium text-zinc-900">{heading}</p>
              <p className="mt-0.5 text-sm text-zinc-500">{detail}</p>
            </div>
          </li>
        ))}
      </ul>
      {more ? (
        <Link to={`/pages/${more.slug}`} className="mt-4 inline-block text-sm font-medium text-accent underline-offset-4 hover:underline">
          Read the full {more.title.toLowerCase()}
        </Link>
      ) : null}
    </section>
  );
}

const RETURN_TO_CARD = 'Once your return reaches us, the refund goes back to your original payment method.';

/** The product page's "Delivery" and "Returns" lists. */
export function deliveryAndReturns(p: StorePromises): { delivery: PromiseItem[]; returns: PromiseItem[] } {
  const delivery: PromiseItem[] = [];
  const free = freeDeliveryLine(p);
  if (free) delivery.push({ icon: Truck, title: free, detail: 'Delivery options and costs for smaller orders are shown at checkout.' });
  if (p.next_day) delivery.push({ icon: Clock, title: 'Next-day delivery', detail: 'Need it sooner? Choose next-day delivery at checkout.' });
  const processing = processingLine(p);
  if (processing) delivery.push({ icon: Clock, title: processing, detail: 'Delivery time is counted from dispatch.' });
  if (p.delivery_note) delivery.push({ icon: MapPin, title: 'Good to know', detail: p.delivery_note });
  if (delivery.length === 0) delivery.push({ icon: Truck, title: 'Delivery', detail: 'The delivery options for your address and their costs are shown at checkout.' });

  const returns: PromiseItem[] = [];
  const window = returnsLine(p);
  if (window) returns.push({ icon: RotateCcw, title: window, detail: `Changed your mind? Return unused items within ${p.returns_days} days of delivery.` });
  // UK law (Consumer Contracts Regulations 2013) gives every online shopper this right, whatever the store offers.
  else returns.push({ icon: RotateCcw, title: '14 days to change your mind', detail: 'You can cancel an online order within 14 days of delivery, as UK law allows.' });
  const refund = refundLine(p);
  if (refund) returns.push({ icon: Wallet, title: refund, detail: RETURN_TO_CARD });
  return { delivery, returns };
}
