import { Check as CheckIcon } from 'lucide-react';
import type { QuoteContentInput } from '@shared/crm/quotes';
import type { CrmKit } from '@shared/crm/settings';
import { money } from './format';
import { liveTotals } from './live-totals';
import { TotalsSummary } from './TotalsSummary';

/** 'Preview': a compact rendering of the proposal the client will see, with the live figures. */
export function PreviewTab({ content, clientName, kit = 'agency' }: { content: QuoteContentInput; clientName: string | null; kit?: CrmKit }) {
  const agency = kit === 'agency';
  const totals = liveTotals(content);
  const selected = new Set(content.selected_features);
  const addOns = content.additional_features.filter((f) => selected.has(f.id));
  const apps = content.shopify_apps.filter((a) => content.selected_shopify_apps.includes(a.id));
  return (
    <article aria-label="Quote preview" className="grid grid-cols-1 gap-5 rounded-lg border border-zinc-200 bg-white p-4 sm:p-6">
      <header>
        {clientName ? <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Prepared for {clientName}</p> : null}
        <h3 className="mt-1 text-xl font-semibold text-zinc-900 sm:text-2xl">{content.header_title || 'Untitled quote'}</h3>
        {content.header_subtitle ? <p className="mt-1 text-sm text-zinc-600">{content.header_subtitle}</p> : null}
        {content.hero_bullets.length ? (
          <ul className="mt-3 grid gap-1 text-sm text-zinc-700">
            {content.hero_bullets.filter(Boolean).map((b, i) => (
              <li key={i} className="flex gap-2"><CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />{b}</li>
            ))}
          </ul>
        ) : null}
      </header>
      {content.included_features.length ? (
        <section>
          <h4 className="text-sm font-semibold text-zinc-900">Included</h4>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {content.included_features.map((f) => (
              <li key={f.id} className="rounded-md bg-zinc-50 p-3 text-sm"><span className="font-medium">{f.name}</span><span className="block text-zinc-600">{f.description}</span></li>
            ))}
          </ul>
        </section>
      ) : null}
      {addOns.length ? (
        <section>
          <h4 className="text-sm font-semibold text-zinc-900">Add-ons</h4>
          <ul className="mt-2 grid gap-1 text-sm">
            {addOns.map((f) => <li key={f.id} className="flex justify-between gap-4"><span>{f.name}</span><span className="tabular-nums">{money(f.price)}</span></li>)}
          </ul>
        </section>
      ) : null}
      {content.comparison_items.length ? (
        <section className="min-w-0">
          <h4 className="text-sm font-semibold text-zinc-900">{content.comparison_title}</h4>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-zinc-500"><tr><th className="py-1 pr-3 font-medium">Feature</th><th className="py-1 pr-3 font-medium">Shopify</th><th className="py-1 font-medium">Custom</th></tr></thead>
              <tbody className="divide-y divide-zinc-100">
                {content.comparison_items.map((c) => <tr key={c.id}><td className="py-1.5 pr-3 font-medium">{c.feature}</td><td className="py-1.5 pr-3 text-zinc-600">{c.shopify}</td><td className="py-1.5 text-zinc-900">{c.custom}</td></tr>)}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {agency ? (
      <section className="grid gap-3 sm:grid-cols-2">
        <div>
          <h4 className="text-sm font-semibold text-zinc-900">Custom build</h4>
          {content.custom_summary_text ? <p className="mt-1 text-sm text-zinc-600">{content.custom_summary_text}</p> : null}
        </div>
        <div>
          <h4 className="text-sm font-semibold text-zinc-900">Shopify stack</h4>
          {content.shopify_summary_text ? <p className="mt-1 text-sm text-zinc-600">{content.shopify_summary_text}</p> : null}
          {apps.length ? <p className="mt-1 text-xs text-zinc-500">Apps: {apps.map((a) => a.name).join(', ')}</p> : null}
          {content.shopify_caution_note ? <p className="mt-1 text-xs text-amber-800">{content.shopify_caution_note}</p> : null}
        </div>
      </section>
      ) : content.custom_summary_text ? <p className="text-sm text-zinc-600">{content.custom_summary_text}</p> : null}
      <TotalsSummary totals={totals} structure={content.payment_structure} label="Preview totals" kit={kit} />
      {agency ? (
      <section>
        <h4 className="text-sm font-semibold text-zinc-900">Care plan</h4>
        <p className="mt-1 text-sm text-zinc-600">{content.care_plan_overview}</p>
        <p className="mt-1 text-sm text-zinc-700">{money(content.care_plan_monthly)}/month, or Plus at {money(content.care_plan_plus_monthly)}/month</p>
        {content.care_plan_inclusions.length ? <p className="mt-1 text-xs text-zinc-500">{content.care_plan_inclusions.filter(Boolean).join(' · ')}</p> : null}
      </section>
      ) : null}
      {content.testimonial_quote ? (
        <blockquote className="border-l-2 border-zinc-300 pl-3 text-sm text-zinc-700 italic">
          “{content.testimonial_quote}”{content.testimonial_author ? <footer className="mt-1 text-xs text-zinc-500 not-italic">— {content.testimonial_author}</footer> : null}
        </blockquote>
      ) : null}
      {/* Shown as they will look; they act only on the client's page. */}
      <div className="flex flex-wrap gap-2" aria-hidden>
        {content.cta_primary_label ? <span className="rounded-md bg-accent px-4 py-2 text-sm font-medium text-white">{content.cta_primary_label} · {money(totals.deposit)}</span> : null}
        {content.cta_secondary_label ? <span className="rounded-md border border-zinc-300 px-4 py-2 text-sm font-medium text-zinc-900">{content.cta_secondary_label}</span> : null}
      </div>
    </article>
  );
}
