import { Link } from 'react-router';
import { useStore } from '../store-context';
import { deliveryAndReturns, type PromiseItem } from '../store-promises';

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
