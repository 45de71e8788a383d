import type { PublicQuote } from '@shared/crm/quotes';
import { Section } from './Section';

/** Custom build against a hosted Shopify shop, feature by feature. */
export function ComparisonSection({ quote }: { quote: PublicQuote }) {
  if (quote.comparison_items.length === 0) return null;
  return (
    <Section id="comparison" eyebrow="Compare" title={quote.comparison_title || 'Custom build compared with Shopify'}>
      <div className="overflow-x-auto rounded-xl border border-zinc-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-zinc-200 bg-zinc-50 text-xs tracking-wide text-zinc-500 uppercase">
              <th scope="col" className="px-3 py-3 sm:px-5 font-semibold">Feature</th>
              <th scope="col" className="px-3 py-3 sm:px-5 font-semibold text-accent">Custom build</th>
              <th scope="col" className="px-3 py-3 sm:px-5 font-semibold">Shopify</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {quote.comparison_items.map((row) => (
              <tr key={row.id}>
                <th scope="row" className="px-3 py-4 sm:px-5 font-medium text-zinc-900">{row.feature}</th>
                <td className="bg-indigo-50/30 px-5 py-4 text-zinc-800">{row.custom}</td>
                <td className="px-3 py-4 sm:px-5 text-zinc-600">{row.shopify}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
