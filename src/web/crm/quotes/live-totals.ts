import { computeQuoteTotals, type QuoteTotals } from '@shared/crm/quote-pricing';
import type { QuoteContentInput } from '@shared/crm/quotes';

/**
 * The builder's live figures: the same computeQuoteTotals the server saves with, fed the pricing
 * fields only; a figure the schema would refuse while someone is typing (negative, not a number) counts
 * as 0 and the surcharge stops at 100%, so the preview never shows NaN.
 */
export function liveTotals(content: QuoteContentInput): QuoteTotals {
  const n = (v: number) => (Number.isFinite(v) && v >= 0 ? v : 0);
  return computeQuoteTotals({
    base_price_custom: n(content.base_price_custom),
    base_price_shopify: n(content.base_price_shopify),
    payment_structure: content.payment_structure,
    payment_plan_surcharge_percent: Math.min(100, n(content.payment_plan_surcharge_percent)),
    additional_features: content.additional_features.map((f) => ({ ...f, price: n(f.price) })),
    selected_features: content.selected_features,
    shopify_apps: content.shopify_apps.map((a) => ({ ...a, monthly: n(a.monthly) })),
    selected_shopify_apps: content.selected_shopify_apps,
    shopify_theme_oneoff: n(content.shopify_theme_oneoff),
    shopify_plan_monthly: n(content.shopify_plan_monthly),
  });
}
