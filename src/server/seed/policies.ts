import type { StorePolicies } from '../../shared/store-promises';

/**
 * The demo stores' policies: the promises storefront spec §9 gives the demo shop (30-day returns,
 * refunds within 5-7 business days, orders processed within 1-2, next-day delivery and click &
 * collect mentioned). They are these stores' own settings, edited in Settings > Policies; a new store
 * starts with none (migration 0028 writes the same for databases seeded before it).
 */
export const DEMO_POLICIES: StorePolicies = {
  returns_days: 30,
  refund_days: { min: 5, max: 7 },
  dispatch_days: { min: 1, max: 2 },
  delivery_note: 'Next-day delivery to most UK postcodes, and click & collect when it suits you.',
  legal_pages: {},
};
