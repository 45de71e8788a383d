import { formatGBP } from './money';

// What a store promises its shoppers about delivery and returns (issue 25). Each store states its own:
// the returns window, refund and dispatch times and a delivery note are its settings (Settings >
// Policies); the free-delivery threshold and next-day delivery come from its active delivery options.
// Nothing here is a promise itself: every line below is built from a store's own facts, and a fact the
// store has not given makes no line. No Zod here: the storefront imports this file (decision 004).

/** A span of business days, min <= max. */
export interface DayRange {
  min: number;
  max: number;
}

export const LEGAL_PAGE_KINDS = ['terms', 'privacy', 'returns', 'delivery'] as const;
export type LegalPageKind = (typeof LEGAL_PAGE_KINDS)[number];

/** settings_json.policies as stored: what the merchant chose. Null or '' means "not stated". */
export interface StorePolicies {
  /** Days after delivery a shopper may return goods for a refund; null: no returns beyond the law. */
  returns_days: number | null;
  /** Business days a refund takes once the return arrives. */
  refund_days: DayRange | null;
  /** Business days before an order is dispatched. */
  dispatch_days: DayRange | null;
  /** A sentence or two about delivery (areas, collection, couriers), shown as written. */
  delivery_note: string;
  /** The content pages made from the legal templates, by kind (ids, so a renamed slug still counts). */
  legal_pages: Partial<Record<LegalPageKind, string>>;
}

export const NO_POLICIES: StorePolicies = { returns_days: null, refund_days: null, dispatch_days: null, delivery_note: '', legal_pages: {} };

/** A published legal page, as the footer links to it. */
export interface LegalPageLink {
  kind: LegalPageKind;
  slug: string;
  title: string;
}

/** What shoppers are told, worked out from the store's policies and its active delivery options. */
export interface StorePromises {
  /** Pounds: the lowest "free over" amount among the active delivery options, or null when none has one. */
  free_delivery_over: number | null;
  /** An active delivery option arrives the next business day. */
  next_day: boolean;
  delivery_note: string | null;
  returns_days: number | null;
  refund_days: DayRange | null;
  dispatch_days: DayRange | null;
  legal_pages: LegalPageLink[];
}

export const NO_PROMISES: StorePromises = { free_delivery_over: null, next_day: false, delivery_note: null, returns_days: null, refund_days: null, dispatch_days: null, legal_pages: [] };

/** £100, £39.50: whole pounds without pence. */
export const poundsShort = (pounds: number) => formatGBP(pounds).replace(/\.00$/, '');

/** "5-7 business days", "3 business days", "1 business day". */
export function businessDays({ min, max }: DayRange): string {
  if (min >= max) return max === 1 ? '1 business day' : `${max} business days`;
  return `${min}-${max} business days`;
}

/**
 * The store's own dispatch and refund times (Settings > Policies) as its email templates' variables;
 * '' and false when it states none. Real order emails and the test email fill them alike.
 */
export function promiseEmailValues(p: { dispatch_days: DayRange | null; refund_days: DayRange | null }): Record<'processing_time' | 'refund_time', string> & Record<'has_processing_time' | 'has_refund_time', boolean> {
  return {
    processing_time: p.dispatch_days ? businessDays(p.dispatch_days) : '',
    has_processing_time: p.dispatch_days !== null,
    refund_time: p.refund_days ? businessDays(p.refund_days) : '',
    has_refund_time: p.refund_days !== null,
  };
}

/** "Free delivery on orders over £100" (storefront spec §9's wording), or null. */
export function freeDeliveryLine(p: Pick<StorePromises, 'free_delivery_over'>): string | null {
  return p.free_delivery_over === null ? null : `Free delivery on orders over ${poundsShort(p.free_delivery_over)}`;
}

/** "30-day return policy", or null when the store offers no returns beyond the law. */
export function returnsLine(p: Pick<StorePromises, 'returns_days'>): string | null {
  return p.returns_days === null ? null : `${p.returns_days}-day return policy`;
}

/** "Refunds within 5-7 business days", or null. */
export function refundLine(p: Pick<StorePromises, 'refund_days'>): string | null {
  return p.refund_days === null ? null : `Refunds within ${businessDays(p.refund_days)}`;
}

/** "Orders are processed within 1-2 business days" (storefront spec §2's wording), or null. */
export function processingLine(p: Pick<StorePromises, 'dispatch_days'>): string | null {
  return p.dispatch_days === null ? null : `Orders are processed within ${businessDays(p.dispatch_days)}`;
}
