import type { Path, UseFormSetError } from 'react-hook-form';
import { discountBody, type AdminDiscountDetail, type DiscountBody } from '@shared/admin-discounts';
import { type DiscountKind, type DiscountScope } from '@shared/discounts';
import { londonInputToIso, londonInputValue } from '@shared/london-time';
import { applyServerFieldErrors, applyZodIssues } from '@/lib/forms';

/** The form's inputs as typed: amounts and counts as text, dates as UK (Europe/London) "YYYY-MM-DDTHH:mm". */
export interface DiscountFormValues {
  code: string;
  kind: DiscountKind;
  /** The percentage, or pounds for an amount off; unused for free delivery. */
  value: string;
  applies_to: DiscountScope;
  product_ids: string[];
  category_ids: string[];
  min_subtotal: string;
  starts_at: string;
  ends_at: string;
  usage_limit: string;
  once_per_customer: boolean;
  is_active: boolean;
}

/** In the order the form shows them: the first with an error takes the focus. */
export const DISCOUNT_FORM_FIELDS = ['code', 'kind', 'value', 'applies_to', 'product_ids', 'category_ids', 'min_subtotal', 'starts_at', 'ends_at', 'usage_limit', 'once_per_customer', 'is_active'] as const;

/** A saved code as the form shows it (pounds with pence, London times); a new one: 20% off the whole order. */
export function formValuesOf(discount: AdminDiscountDetail | null): DiscountFormValues {
  if (!discount) {
    return { code: '', kind: 'percentage', value: '', applies_to: 'order', product_ids: [], category_ids: [], min_subtotal: '', starts_at: '', ends_at: '', usage_limit: '', once_per_customer: false, is_active: true };
  }
  return {
    code: discount.code,
    kind: discount.kind,
    value: discount.kind === 'fixed' ? discount.value.toFixed(2) : discount.kind === 'percentage' ? String(discount.value) : '',
    applies_to: discount.applies_to,
    product_ids: discount.product_ids,
    category_ids: discount.category_ids,
    min_subtotal: discount.min_subtotal === null ? '' : discount.min_subtotal.toFixed(2),
    starts_at: londonInputValue(discount.starts_at),
    ends_at: londonInputValue(discount.ends_at),
    usage_limit: discount.usage_limit === null ? '' : String(discount.usage_limit),
    once_per_customer: discount.once_per_customer,
    is_active: discount.is_active,
  };
}

/** Text to a number for the schema: blank is none, "£4.99", "20%" and "1,000" read as numbers, other text stays text (refused). */
function numberOf(text: string): number | string | undefined {
  const clean = text.trim().replace(/^£/, '').replace(/%$/, '').replace(/,/g, '').trim();
  if (clean === '') return undefined;
  const n = Number(clean);
  return Number.isFinite(n) ? n : text;
}

/** A UK date and time as the UTC instant the server keeps; blank is none; anything else stays as typed (refused). */
function instantOf(text: string): string | null {
  if (text.trim() === '') return null;
  return londonInputToIso(text) ?? text;
}

/**
 * The request body from the inputs, checked with the server's own schema; failures go onto the fields
 * and the answer is null. Products and categories are sent only for a code on chosen items.
 */
export function discountBodyFrom<T extends DiscountFormValues>(values: DiscountFormValues, setError: UseFormSetError<T>): DiscountBody | null {
  const items = values.applies_to === 'items';
  const body = {
    code: values.code,
    kind: values.kind,
    value: values.kind === 'free_delivery' ? null : (numberOf(values.value) ?? null),
    applies_to: values.applies_to,
    product_ids: items ? values.product_ids : [],
    category_ids: items ? values.category_ids : [],
    min_subtotal: numberOf(values.min_subtotal) ?? null,
    starts_at: instantOf(values.starts_at),
    ends_at: instantOf(values.ends_at),
    usage_limit: numberOf(values.usage_limit) ?? null,
    once_per_customer: values.once_per_customer,
    is_active: values.is_active,
  };
  const parsed = discountBody.safeParse(body);
  if (!parsed.success) {
    applyZodIssues(parsed.error.issues, setError);
    return null;
  }
  // Sent as checked: the code trimmed and upper-cased, as the store keeps it.
  return { ...body, code: parsed.data.code } as DiscountBody;
}

export function applyDiscountServerErrors<T extends DiscountFormValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  return applyServerFieldErrors(error, setError, DISCOUNT_FORM_FIELDS as unknown as Path<T>[]);
}

/** Letters and digits no one misreads (no 0/O, 1/I/L) for a code read out on a till or a flyer. */
const READABLE = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random readable code, such as "K7MQ-T4XP": 8 characters in two groups (31^8, about 850 billion). */
export function generateDiscountCode(random: (n: number) => Uint32Array = (n) => crypto.getRandomValues(new Uint32Array(n))): string {
  const chars = [...random(8)].map((r) => READABLE[r % READABLE.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}
