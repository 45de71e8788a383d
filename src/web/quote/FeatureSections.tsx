import { Check, Plus } from 'lucide-react';
import type { PublicQuote } from '@shared/crm/quotes';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { Section } from './Section';
import { money } from './format';

/** What the build includes, and the optional extras with the chosen ones marked. */
export function FeatureSections({ quote }: { quote: PublicQuote }) {
  const selected = new Set(quote.selected_features);
  return (
    <>
      {quote.included_features.length > 0 && (
        <Section id="included" eyebrow="What you get" title={quote.kit === 'agency' ? 'Included in your build' : 'What is included'}>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {quote.included_features.map((f) => (
              <li key={f.id} className="break-inside-avoid rounded-xl border border-zinc-200 bg-white p-5">
                <span className="grid size-8 place-items-center rounded-lg bg-accent-soft text-accent">
                  <Check className="size-4" aria-hidden />
                </span>
                <h3 className="mt-4 font-medium text-zinc-900">{f.name}</h3>
                {f.description && <p className="mt-1.5 text-sm leading-relaxed text-zinc-600">{f.description}</p>}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {quote.additional_features.length > 0 && (
        <Section id="addons" eyebrow="Add-ons" title="Tailor the project" intro="Extras priced on their own. The ones marked Included are part of your total.">
          <ul className="divide-y divide-zinc-200 overflow-hidden rounded-xl border border-zinc-200 bg-white">
            {quote.additional_features.map((f) => {
              const on = selected.has(f.id);
              return (
                <li key={f.id} className={cn('flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between', on && 'bg-indigo-50/40')}>
                  <div className="flex items-start gap-3">
                    <span className={cn('mt-0.5 grid size-6 shrink-0 place-items-center rounded-full', on ? 'bg-accent text-white' : 'bg-zinc-100 text-zinc-500')}>
                      {on ? <Check className="size-3.5" aria-hidden /> : <Plus className="size-3.5" aria-hidden />}
                    </span>
                    <div>
                      <h3 className="font-medium text-zinc-900">{f.name}</h3>
                      {f.description && <p className="mt-1 text-sm text-zinc-600">{f.description}</p>}
                    </div>
                  </div>
                  <div className="flex items-center gap-3 pl-9 sm:pl-0">
                    <Badge variant={on ? 'default' : 'secondary'}>{on ? 'Included' : 'Optional'}</Badge>
                    <span className="font-medium tabular-nums text-zinc-900">{money(f.price)}</span>
                  </div>
                </li>
              );
            })}
          </ul>
        </Section>
      )}
    </>
  );
}
