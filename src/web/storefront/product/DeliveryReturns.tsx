import { Clock, MapPin, RotateCcw, Store, Truck, Wallet } from 'lucide-react';

// Storefront spec §9: the shop's delivery and returns terms, word for word where it quotes them.
const DELIVERY = [
  { icon: Truck, title: 'Free delivery on orders over £100', text: 'Delivery options and costs for smaller orders are shown at checkout.' },
  { icon: Clock, title: 'Next-day delivery', text: 'Need it sooner? Choose next-day delivery at checkout.' },
  { icon: Store, title: 'Click & collect', text: 'Order online and collect when it suits you.' },
  { icon: MapPin, title: 'Delivery to most UK postcodes', text: 'The delivery options for your address are shown at checkout.' },
];

const RETURNS = [
  { icon: RotateCcw, title: '30-day return policy', text: 'Changed your mind? Return unused items within 30 days of delivery.' },
  { icon: Wallet, title: 'Refunds within 5-7 business days', text: 'Once your return reaches us, the refund goes back to your original payment method.' },
];

export function DeliveryReturns() {
  return (
    <div className="grid gap-10 md:grid-cols-2">
      <TermsList title="Delivery" items={DELIVERY} />
      <TermsList title="Returns" items={RETURNS} />
    </div>
  );
}

function TermsList({ title, items }: { title: string; items: typeof DELIVERY }) {
  return (
    <section>
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-4 grid gap-4">
        {items.map(({ icon: Icon, title: heading, text }) => (
          <li key={heading} className="flex gap-3">
            <div className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft">
              <Icon className="size-4 text-accent" aria-hidden />
            </div>
            <div>
              <p className="font-medium text-zinc-900">{heading}</p>
              <p className="mt-0.5 text-sm text-zinc-500">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
