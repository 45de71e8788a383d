import { useStore } from '../store-context';
import { promiseCards } from '../store-promises';
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
