import type { QuoteTotals } from '@shared/crm/quote-pricing';
import { QUOTE_PRICING_DEFAULTS } from '@shared/crm/quote-pricing';
import type { PaymentStructure } from '@shared/crm/quotes';
import type { CrmKit } from '@shared/crm/settings';
import { money } from './format';

/** The live figures (spec §9), as computeQuoteTotals gives them, rounded for display. */
export function TotalsSummary({ totals, structure, label = 'Quote totals', kit = 'agency' }: { totals: QuoteTotals; structure: PaymentStructure; label?: string; kit?: CrmKit }) {
  const store = kit === 'store';
  const plan = structure === 'payment_plan';
  const months = QUOTE_PRICING_DEFAULTS.paymentPlanMonths;
  const rows: [string, string][] = [
    [store ? 'Price and add-ons' : 'Custom build and add-ons', money(totals.customSubtotal)],
    ...(plan ? ([['Payment plan surcharge', money(totals.surcharge)]] as [string, string][]) : []),
    [store ? 'Total' : 'Custom total', money(totals.total)],
    [plan ? 'First payment (deposit)' : `Deposit (${QUOTE_PRICING_DEFAULTS.upfrontDepositPercent}%)`, money(totals.deposit)],
    plan ? [`Monthly instalment (${months} months)`, money(totals.monthlyInstalment ?? 0)] : ['Balance on delivery', money(totals.balance)],
    // The hosted-shop comparison is the web-agency kit's (decision 044): a store's quote has none.
    ...(store
      ? []
      : ([
          ['Shopify one-off (build and theme)', money(totals.shopifyOneOff)],
          ['Shopify monthly (plan and apps)', `${money(totals.shopifyMonthly)}/month`],
        ] as [string, string][])),
  ];
  return (
    <dl aria-label={label} className="grid gap-1.5 rounded-lg border border-zinc-200 bg-white p-4 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex items-baseline justify-between gap-4">
          <dt className="text-zinc-600">{term}</dt>
          <dd className="font-medium whitespace-nowrap text-zinc-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
