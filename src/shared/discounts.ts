import { formatGBP } from './money';

// Discount codes (issue 28): the words and rules the storefront, the admin and the server share.
// No Zod here: the storefront imports this file (decision 004); the admin's schemas are in
// admin-discounts.ts.

export const DISCOUNT_KINDS = ['percentage', 'fixed', 'free_delivery'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
/** 'order': the whole order; 'items': only chosen products and categories. */
export const DISCOUNT_SCOPES = ['order', 'items'] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];
export const REDEMPTION_STATES = ['held', 'used', 'released'] as const;
export const DISCOUNT_STATUSES = ['active', 'scheduled', 'expired', 'used_up', 'switched_off'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

export const DISCOUNT_STATUS_LABELS: Record<DiscountStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
  switched_off: 'Switched off',
};

export const DISCOUNT_KIND_LABELS: Record<DiscountKind, string> = {
  percentage: 'Percentage off',
  fixed: 'Amount off',
  free_delivery: 'Free delivery',
};

/** 3-32 of A-Z, 0-9, - and _ (after upper-casing): what a shopper can read out and type. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;
/** Longest text the apply field takes (a code plus stray spaces); longer is refused unread. */
export const DISCOUNT_CODE_INPUT_MAX = 64;

/** A code as typed, as the store keeps and matches it: trimmed, upper case. */
export const normaliseDiscountCode = (typed: string) => typed.trim().toUpperCase();

/** The status a code has at `now` (list badges and filters; the server's checks say the same). */
export function discountStatus(code: { is_active: boolean; starts_at: string | null; ends_at: string | null; usage_limit: number | null; uses: number }, now = Date.now()): DiscountStatus {
  if (!code.is_active) return 'switched_off';
  if (code.ends_at && Date.parse(code.ends_at) <= now) return 'expired';
  if (code.usage_limit !== null && code.uses >= code.usage_limit) return 'used_up';
  if (code.starts_at && Date.parse(code.starts_at) > now) return 'scheduled';
  return 'active';
}

/** "20% off", "£5.00 off", "Free delivery": a code's value in a list or a summary. */
export function discountValueText(kind: DiscountKind, value: number): string {
  if (kind === 'percentage') return `${value}% off`;
  if (kind === 'fixed') return `${formatGBP(value)} off`;
  return 'Free delivery';
}

/** A London date and time as a shopper or merchant reads it: "1 Dec 2026, 09:00". */
export const londonDateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** Why a code cannot be used: each reason's words for the shopper (issue 28 item 3). */
export const DISCOUNT_TEXT = {
  empty: 'Enter a discount code',
  unknown: 'This discount code is not valid. Check it and try again.',
  switchedOff: 'This discount code is no longer available.',
  expired: 'This discount code has expired.',
  notStarted: (startsAt: string) => `This discount code starts on ${londonDateTime(startsAt)}.`,
  usedUp: 'This discount code has been used the most times it can be.',
  usedByYou: 'You have already used this discount code.',
  belowMinimum: (shortPounds: number) => `Spend ${formatGBP(shortPounds)} more to use this code.`,
  notApplicable: 'This discount code does not apply to anything in your cart.',
  tooManyTries: 'Too many discount codes tried. Please wait a few minutes and try again.',
  freeDeliveryHint: (shortPounds: number) => `Spend ${formatGBP(shortPounds)} more for free delivery`,
  applied: 'Discount code applied',
  removed: 'Discount code removed',
} as const;

/** Why a code was refused, as the API's error code says it. */
export const DISCOUNT_REFUSALS = ['unknown', 'switched_off', 'expired', 'not_started', 'used_up', 'used_by_you', 'below_minimum', 'not_applicable'] as const;
export type DiscountRefusal = (typeof DISCOUNT_REFUSALS)[number];

/** The summary line of an order's goods discount: "Discount (SPRING20)", or "Discount" with no code kept. */
export const discountLineLabel = (code: string | null) => (code ? `Discount (${code})` : 'Discount');

/** The delivery charge a free-delivery code waived: "Free (FREESHIP)", or "Free" with no code kept. */
export const freeDeliveryText = (code: string | null) => (code ? `Free (${code})` : 'Free');
