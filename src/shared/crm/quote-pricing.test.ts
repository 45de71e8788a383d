import { describe, expect, it } from 'vitest';
import { computeQuoteTotals, defaultQuoteContent, QUOTE_PRICING_DEFAULTS } from './quote-pricing';
import { quoteContentSchema, type QuoteContent } from './quotes';

// Admin spec §9: every quote default and how the totals follow from them.

const defaults = (): QuoteContent => quoteContentSchema.parse(defaultQuoteContent());
const totals = (over: Partial<QuoteContent> = {}) => computeQuoteTotals({ ...defaults(), ...over });

describe('quote defaults (spec §9)', () => {
  it('prices the custom build at 7500 and the hosted build at 4500', () => {
    const c = defaults();
    expect(c.base_price_custom).toBe(7500);
    expect(c.base_price).toBe(7500);
    expect(c.base_price_shopify).toBe(4500);
  });

  it('offers add-ons at 480, 720 and 420, the first selected by default', () => {
    const c = defaults();
    expect(c.additional_features.map((f) => f.price)).toEqual([480, 720, 420]);
    expect(c.selected_features).toEqual(c.additional_features.filter((f) => f.includedByDefault).map((f) => f.id));
  });

  it('offers apps at 69, 29 and 49 a month, as selected', () => {
    const c = defaults();
    expect(c.shopify_apps.map((a) => a.monthly)).toEqual([69, 29, 49]);
    expect(c.selected_shopify_apps).toEqual(c.shopify_apps.filter((a) => a.selected).map((a) => a.id));
  });

  it('has the theme at 320, the plan at 69 a month, care plans 249 and 549, a 10% surcharge', () => {
    const c = defaults();
    expect(c.shopify_theme_oneoff).toBe(320);
    expect(c.shopify_plan_monthly).toBe(69);
    expect(c.care_plan_monthly).toBe(249);
    expect(c.care_plan_plus_monthly).toBe(549);
    expect(c.payment_plan_surcharge_percent).toBe(10);
    expect(c.payment_structure).toBe('upfront_delivery');
    expect(QUOTE_PRICING_DEFAULTS).toMatchObject({ paymentPlanMonths: 6, upfrontDepositPercent: 40 });
  });
});

describe('computeQuoteTotals', () => {
  it('adds only the selected add-ons to the custom build', () => {
    expect(totals({ selected_features: [] }).customSubtotal).toBe(7500);
    expect(totals().customSubtotal).toBe(7980);
    expect(totals({ selected_features: ['addon-1', 'addon-2', 'addon-3'] }).customSubtotal).toBe(9120);
    // An id that names no add-on adds nothing.
    expect(totals({ selected_features: ['addon-9'] }).customSubtotal).toBe(7500);
  });

  it('upfront and delivery: 40% deposit now, the rest on delivery, no surcharge', () => {
    const t = totals({ selected_features: [] });
    expect(t).toMatchObject({ surcharge: 0, total: 7500, deposit: 3000, balance: 4500, monthlyInstalment: null });
  });

  it('payment plan: 10% surcharge over 6 monthly payments, the first one is the deposit', () => {
    const t = totals({ payment_structure: 'payment_plan', selected_features: [] });
    expect(t).toMatchObject({ surcharge: 750, total: 8250, monthlyInstalment: 1375, deposit: 1375, balance: 1375 });
    const withAddOns = totals({ payment_structure: 'payment_plan' });
    expect(withAddOns).toMatchObject({ customSubtotal: 7980, surcharge: 798, total: 8778, monthlyInstalment: 1463, deposit: 1463 });
  });

  it('hosted shop: build plus theme now, plan plus selected apps monthly, deposit the build only', () => {
    expect(totals()).toMatchObject({ shopifyOneOff: 4820, shopifyMonthly: 167, shopifyDeposit: 4500 });
    expect(totals({ selected_shopify_apps: [] }).shopifyMonthly).toBe(69);
    expect(totals({ selected_shopify_apps: ['app-1', 'app-2', 'app-3'] }).shopifyMonthly).toBe(216);
  });

  it('rounds to whole pence without drifting', () => {
    const odd = totals({ base_price_custom: 1000.01, selected_features: [] });
    expect(odd.deposit).toBe(400); // 40% of 100001p = 40000.4p
    expect(odd.balance).toBe(600.01);
    expect(odd.deposit + odd.balance).toBeCloseTo(odd.total, 10);
    const plan = totals({ base_price_custom: 1000, selected_features: [], payment_structure: 'payment_plan', payment_plan_surcharge_percent: 7.5 });
    expect(plan.total).toBe(1075);
    expect(plan.monthlyInstalment).toBe(179.17); // 107500p / 6 = 17916.67p
    for (const v of Object.values(plan)) if (typeof v === 'number') expect(Math.round(v * 100) / 100).toBe(v);
    // Prices come in rounded to pence by the schema.
    expect(quoteContentSchema.parse({ ...defaultQuoteContent(), base_price_custom: 12.345 }).base_price_custom).toBe(12.35);
  });

  it('handles zero prices', () => {
    const zero = totals({ base_price_custom: 0, base_price_shopify: 0, selected_features: [], shopify_theme_oneoff: 0, shopify_plan_monthly: 0, selected_shopify_apps: [] });
    expect(zero).toEqual({ customSubtotal: 0, surcharge: 0, total: 0, deposit: 0, balance: 0, monthlyInstalment: null, shopifyOneOff: 0, shopifyMonthly: 0, shopifyDeposit: 0 });
    expect(totals({ payment_plan_surcharge_percent: 0, payment_structure: 'payment_plan', selected_features: [] })).toMatchObject({ total: 7500, deposit: 1250 });
  });
});
