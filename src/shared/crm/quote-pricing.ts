import type { QuoteContent, QuoteContentInput } from './quotes';

// Quote pricing (admin spec §9). Issue 16: implemented with unit tests for every default by the quotes
// work; the server computes totals with it on save, the builder's Preview shows the same figures.

/** Spec §9 defaults, pounds. */
export const QUOTE_PRICING_DEFAULTS = {
  customBuild: 7500,
  shopifyBuild: 4500,
  paymentPlanSurchargePercent: 10,
  paymentPlanMonths: 6,
  upfrontDepositPercent: 40,
  carePlanMonthly: 249,
  carePlanPlusMonthly: 549,
  shopifyThemeOneOff: 320,
  shopifyPlanMonthly: 69,
  addOnPrices: [480, 720, 420],
  shopifyAppMonthly: [69, 29, 49],
} as const;

/** Every figure the Preview, the public page and the saved row need, in pounds (2 decimals). */
export interface QuoteTotals {
  /** Custom build plus the selected add-ons. */
  customSubtotal: number;
  /** The surcharge a payment plan adds (0 for upfront and delivery). */
  surcharge: number;
  /** What the client pays for the custom build overall (total_amount). */
  total: number;
  /** Due now (deposit_amount): 40% upfront, or the first of 6 monthly payments on a plan. */
  deposit: number;
  /** Upfront and delivery: the rest on delivery; payment plan: each monthly payment. */
  balance: number;
  monthlyInstalment: number | null;
  /** The hosted-shop comparison: build plus theme now, plan plus selected apps monthly. */
  shopifyOneOff: number;
  shopifyMonthly: number;
  /** Shopify's deposit is the build only (spec §9). */
  shopifyDeposit: number;
}

type PricingInput = Pick<
  QuoteContent,
  | 'base_price_custom'
  | 'base_price_shopify'
  | 'payment_structure'
  | 'payment_plan_surcharge_percent'
  | 'additional_features'
  | 'selected_features'
  | 'shopify_apps'
  | 'selected_shopify_apps'
  | 'shopify_theme_oneoff'
  | 'shopify_plan_monthly'
>;

/** Works in pence so sums never drift; answers pounds with 2 decimals. */
const pence = (pounds: number) => Math.round(pounds * 100);
const pounds = (p: number) => Math.round(p) / 100;

export function computeQuoteTotals(content: PricingInput): QuoteTotals {
  const D = QUOTE_PRICING_DEFAULTS;
  const selectedFeatures = new Set(content.selected_features);
  const selectedApps = new Set(content.selected_shopify_apps);
  const addOns = content.additional_features.filter((f) => selectedFeatures.has(f.id)).reduce((sum, f) => sum + pence(f.price), 0);
  const customSubtotal = pence(content.base_price_custom) + addOns;
  const plan = content.payment_structure === 'payment_plan';
  const surcharge = plan ? Math.round((customSubtotal * content.payment_plan_surcharge_percent) / 100) : 0;
  const total = customSubtotal + surcharge;
  const monthly = plan ? Math.round(total / D.paymentPlanMonths) : null;
  const deposit = plan ? monthly! : Math.round((total * D.upfrontDepositPercent) / 100);
  const apps = content.shopify_apps.filter((a) => selectedApps.has(a.id)).reduce((sum, a) => sum + pence(a.monthly), 0);
  const shopifyBuild = pence(content.base_price_shopify);
  return {
    customSubtotal: pounds(customSubtotal),
    surcharge: pounds(surcharge),
    total: pounds(total),
    deposit: pounds(deposit),
    balance: pounds(plan ? monthly! : total - deposit),
    monthlyInstalment: monthly === null ? null : pounds(monthly),
    shopifyOneOff: pounds(shopifyBuild + pence(content.shopify_theme_oneoff)),
    shopifyMonthly: pounds(pence(content.shopify_plan_monthly) + apps),
    shopifyDeposit: pounds(shopifyBuild),
  };
}

/** A new quote's content with every §9 default (add-ons and apps preselected as the defaults say). */
export function defaultQuoteContent(): QuoteContentInput {
  const D = QUOTE_PRICING_DEFAULTS;
  const additional_features = [
    { id: 'addon-1', name: 'Product import and set-up', description: 'Your existing catalogue moved across, checked and tidied.', price: D.addOnPrices[0], includedByDefault: true },
    { id: 'addon-2', name: 'Custom integrations', description: 'Connect your stock, accounting or delivery software.', price: D.addOnPrices[1], includedByDefault: false },
    { id: 'addon-3', name: 'Staff training session', description: 'A half-day walkthrough of running the shop day to day.', price: D.addOnPrices[2], includedByDefault: false },
  ];
  const shopify_apps = [
    { id: 'app-1', name: 'Reviews app', description: 'Product reviews and star ratings.', monthly: D.shopifyAppMonthly[0], selected: true },
    { id: 'app-2', name: 'Email marketing', description: 'Newsletters and abandoned-basket emails.', monthly: D.shopifyAppMonthly[1], selected: true },
    { id: 'app-3', name: 'Subscriptions', description: 'Repeat orders and memberships.', monthly: D.shopifyAppMonthly[2], selected: false },
  ];
  return {
    header_title: 'Your new online shop',
    header_subtitle: 'A fast, custom-built shop that you own, compared with a hosted-shop stack.',
    hero_bullets: ['Built around how you sell', 'No monthly app fees', 'Fast pages that rank well'],
    included_features: [
      { id: 'feat-1', name: 'Custom design', description: 'A storefront designed for your brand, on every screen size.' },
      { id: 'feat-2', name: 'Card payments', description: 'Secure checkout with payouts to your own account.' },
      { id: 'feat-3', name: 'Stock and orders', description: 'Stock levels, orders, refunds and emails in one place.' },
    ],
    additional_features,
    comparison_title: 'Custom build compared with a hosted shop',
    comparison_items: [
      { id: 'cmp-1', feature: 'Monthly platform fees', shopify: 'Plan plus paid apps', custom: 'Care plan only' },
      { id: 'cmp-2', feature: 'Page speed', shopify: 'Depends on theme and apps', custom: 'Built for speed' },
      { id: 'cmp-3', feature: 'Ownership', shopify: 'Rented platform', custom: 'You own the code' },
    ],
    base_price: D.customBuild,
    base_price_custom: D.customBuild,
    base_price_shopify: D.shopifyBuild,
    payment_structure: 'upfront_delivery',
    payment_plan_surcharge_percent: D.paymentPlanSurchargePercent,
    care_plan_overview: 'Hosting, updates, backups and support after launch.',
    care_plan_inclusions: ['Secure hosting', 'Security updates', 'Daily backups', 'Email support'],
    care_plan_monthly: D.carePlanMonthly,
    care_plan_plus_monthly: D.carePlanPlusMonthly,
    shopify_apps,
    shopify_theme_oneoff: D.shopifyThemeOneOff,
    shopify_plan_monthly: D.shopifyPlanMonthly,
    custom_summary_text: 'One price for a shop built around your business, with a care plan when you want one.',
    shopify_summary_text: 'A lower build price, with a monthly plan and app fees for as long as the shop runs.',
    shopify_caution_note: 'App prices change and add up; the monthly figure is today\'s price for the apps chosen.',
    testimonial_quote: '',
    testimonial_author: '',
    testimonial_logos: [],
    cta_primary_label: 'Pay deposit and start',
    cta_secondary_label: 'Book a call',
    cta_secondary_url: '',
    selected_features: additional_features.filter((f) => f.includedByDefault).map((f) => f.id),
    selected_shopify_apps: shopify_apps.filter((a) => a.selected).map((a) => a.id),
  };
}
