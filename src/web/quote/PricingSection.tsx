import { AlertTriangle } from 'lucide-react';
import type { PublicQuote } from '@shared/crm/quotes';
import { QUOTE_PRICING_DEFAULTS, type QuoteTotals } from '@shared/crm/quote-pricing';
import { Section } from './Section';
import { money } from './format';

function Row({ label, value, strong, muted }: { label: string; value: string; strong?: boolean; muted?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 py-2 ${strong ? 'border-t border-zinc-200 pt-3 font-semibold text-zinc-900' : muted ? 'text-zinc-500' : 'text-zinc-700'}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** The figures: the custom build with its payment structure, and the hosted shop's one-off and monthly costs. */
export function PricingSection({ quote, totals }: { quote: PublicQuote; totals: QuoteTotals }) {
  const D = QUOTE_PRICING_DEFAULTS;
  const plan = quote.payment_structure === 'payment_plan';
  const addOns = quote.additional_features.filter((f) => quote.selected_features.includes(f.id));
  const apps = quote.shopify_apps.filter((a) => quote.selected_shopify_apps.includes(a.id));
  // A store's own quote (decision 044) is one price: no custom build against a Shopify stack.
  const agency = quote.kit === 'agency';
  return (
    <Section id="pricing" eyebrow="Pricing" title="Investment">
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <article className="break-inside-avoid rounded-2xl border-2 border-accent bg-white p-6 shadow-sm sm:p-8 print:border">
          <div className="flex items-center justify-between gap-3">
            <h3 className="text-lg font-semibold text-zinc-900">{agency ? 'Custom build' : 'Your quote'}</h3>
            {agency ? <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-medium text-white">Recommended</span> : null}
          </div>
          <p className="mt-4 text-4xl font-semibold tracking-tight tabular-nums text-zinc-900">{money(quote.total_amount)}</p>
          {quote.custom_summary_text && <p className="mt-3 text-sm leading-relaxed text-zinc-600">{quote.custom_summary_text}</p>}
          <dl className="mt-6 text-sm">
            <Row label={agency ? 'Custom build' : 'Price'} value={money(quote.base_price_custom)} />
            {addOns.map((f) => (
              <Row key={f.id} label={f.name} value={money(f.price)} />
            ))}
            {plan && totals.surcharge > 0 && <Row label={`Payment plan (${quote.payment_plan_surcharge_percent}%)`} value={money(totals.surcharge)} />}
            <Row label="Total" value={money(quote.total_amount)} strong />
          </dl>
          <div className="mt-6 rounded-xl bg-zinc-50 p-5">
            <h4 className="text-sm font-semibold text-zinc-900">{plan ? 'Payment plan' : 'Upfront and delivery'}</h4>
            {plan ? (
              <p className="mt-2 text-sm leading-relaxed text-zinc-600">
                {D.paymentPlanMonths} monthly payments of <strong className="text-zinc-900 tabular-nums">{money(totals.monthlyInstalment ?? 0)}</strong>, the first due today to start the project.
              </p>
            ) : (
              <p className="mt-2 text-sm leading-relaxed text-zinc-600">
                A {D.upfrontDepositPercent}% deposit of <strong className="text-zinc-900 tabular-nums">{money(quote.deposit_amount)}</strong> today, and the balance of{' '}
                <strong className="text-zinc-900 tabular-nums">{money(totals.balance)}</strong> on delivery.
              </p>
            )}
          </div>
        </article>

        {agency ? (
        <article className="break-inside-avoid rounded-2xl border border-zinc-200 bg-white p-6 sm:p-8">
          <h3 className="text-lg font-semibold text-zinc-900">Shopify</h3>
          <p className="mt-4 flex flex-wrap items-baseline gap-x-2 text-4xl font-semibold tracking-tight tabular-nums text-zinc-900">
            {money(totals.shopifyOneOff)}
            <span className="text-base font-normal text-zinc-500">+ {money(quote.shopify_monthly_total)}/month</span>
          </p>
          {quote.shopify_summary_text && <p className="mt-3 text-sm leading-relaxed text-zinc-600">{quote.shopify_summary_text}</p>}
          <dl className="mt-6 text-sm">
            <Row label="Shopify build" value={money(quote.base_price_shopify)} />
            <Row label="Theme (one-off)" value={money(quote.shopify_theme_oneoff)} />
            <Row label="One-off total" value={money(totals.shopifyOneOff)} strong />
            <Row label="Shopify plan" value={`${money(quote.shopify_plan_monthly)}/month`} />
            {apps.map((a) => (
              <Row key={a.id} label={a.name} value={`${money(a.monthly)}/month`} />
            ))}
            <Row label="Monthly total" value={`${money(quote.shopify_monthly_total)}/month`} strong />
            <Row label="Deposit (build only)" value={money(totals.shopifyDeposit)} muted />
          </dl>
          {quote.shopify_caution_note && (
            <p className="mt-6 flex gap-3 rounded-xl bg-amber-50 p-4 text-sm leading-relaxed text-amber-900">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {quote.shopify_caution_note}
            </p>
          )}
        </article>
        ) : null}
      </div>
    </Section>
  );
}
