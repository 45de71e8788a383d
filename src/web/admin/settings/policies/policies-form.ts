import { z } from 'zod';
import type { Path } from 'react-hook-form';
import { ApiError } from '@/lib/api';
import { updatePoliciesBody, type PoliciesResponse } from '@shared/store-policies';
import { freeDeliveryLine, processingLine, refundLine, returnsLine, type DayRange } from '@shared/store-promises';

// Settings > Policies: the form's values (numbers as typed) to and from the API's. The form has the
// PUT body's shape, so the server's field errors (`refund_days.max`) name the form's own fields.

export interface DayRangeValues {
  min: string;
  max: string;
}

export interface PoliciesFormValues {
  /** Off: no returns beyond the law (returns_days null); the typed window is kept for switching back. */
  accept_returns: boolean;
  returns_days: string;
  refund_days: DayRangeValues;
  dispatch_days: DayRangeValues;
  delivery_note: string;
}

export type StoredPolicies = PoliciesResponse['policies'];

const text = (n: number | null | undefined) => (n == null ? '' : String(n));
const rangeValues = (r: DayRange | null): DayRangeValues => ({ min: text(r?.min), max: text(r?.max) });

/** The saved policies as the form shows them; a range not stated is two empty boxes. */
export function formValuesOf(p: StoredPolicies): PoliciesFormValues {
  return {
    accept_returns: p.returns_days !== null,
    returns_days: text(p.returns_days),
    refund_days: rangeValues(p.refund_days),
    dispatch_days: rangeValues(p.dispatch_days),
    delivery_note: p.delivery_note,
  };
}

/** Text to a number for the schema: blank is missing (undefined), other text stays text (so it is refused). */
function wholeNumber(value: string): number | string | undefined {
  const clean = value.trim();
  if (clean === '') return undefined;
  const n = Number(clean);
  return Number.isFinite(n) ? n : value;
}

/** Both boxes empty: not stated (null). One filled: exactly that many days. */
function rangeOf({ min, max }: DayRangeValues) {
  const from = wholeNumber(min);
  const to = wholeNumber(max);
  if (from === undefined && to === undefined) return null;
  return { min: from ?? to, max: to ?? from };
}

/** The PUT body as typed, before the schema checks it. */
export function bodyOf(values: PoliciesFormValues) {
  return {
    returns_days: values.accept_returns ? wholeNumber(values.returns_days) : null,
    refund_days: rangeOf(values.refund_days),
    dispatch_days: rangeOf(values.dispatch_days),
    delivery_note: values.delivery_note,
  };
}

const rangeText = z.object({ min: z.string(), max: z.string() });

/**
 * The form's schema: its values turned into the body, then checked with the server's own schema, so
 * the messages are the server's and land on the same paths (`returns_days`, `refund_days.max`).
 */
export const policiesFormSchema = z
  .object({ accept_returns: z.boolean(), returns_days: z.string(), refund_days: rangeText, dispatch_days: rangeText, delivery_note: z.string() })
  .transform(bodyOf)
  .pipe(updatePoliciesBody);

/** Every field the server may name in `error.fields`, in the order the form shows them. */
export const POLICY_FIELDS = [
  'returns_days',
  'refund_days.min',
  'refund_days.max',
  'dispatch_days.min',
  'dispatch_days.max',
  'delivery_note',
] as const satisfies readonly Path<PoliciesFormValues>[];

export type PolicyField = (typeof POLICY_FIELDS)[number];

/** A server field path as a form field: a whole range's error goes on its first box. */
export function formFieldOf(path: string): PolicyField | null {
  const field = path === 'refund_days' || path === 'dispatch_days' ? `${path}.min` : path;
  return (POLICY_FIELDS as readonly string[]).includes(field) ? (field as PolicyField) : null;
}

/** The server's error with its field paths renamed to the form's, for applyServerFieldErrors. */
export function onFormFields(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const field = formFieldOf(path);
    if (field && !(field in fields)) fields[field] = message;
  }
  return new ApiError(error.status, error.code, error.message, fields);
}

// ---- What shoppers see ----

/** The store's delivery options, as far as the promises need them. */
export interface DeliveryOptionFacts {
  is_active: boolean;
  free_over: number | null;
  delivery_max_days: number;
}

/** What the active delivery options promise, worked out as the server does (lowest free-over amount, any next-day option). */
export function shippingFacts(options: readonly DeliveryOptionFacts[]): { free_delivery_over: number | null; next_day: boolean } {
  const active = options.filter((o) => o.is_active);
  const amounts = active.map((o) => o.free_over).filter((n): n is number => n !== null);
  return { free_delivery_over: amounts.length > 0 ? Math.min(...amounts) : null, next_day: active.some((o) => o.delivery_max_days <= 1) };
}

export type ShopperLineKind = 'free_delivery' | 'next_day' | 'dispatch' | 'note' | 'returns' | 'cancel' | 'refund';

export interface ShopperLine {
  kind: ShopperLineKind;
  text: string;
  /** Where the line comes from when it is not this form: Shipping options or the law. */
  source: 'policies' | 'shipping' | 'law';
}

const schema = updatePoliciesBody.shape;

/**
 * The lines shoppers are shown, worded as the storefront words them, from the form as typed: a value
 * still being typed (or wrong) makes no line, the rest show. `shipping` is null while it is unknown.
 */
export function shopperLines(values: PoliciesFormValues, shipping: { free_delivery_over: number | null; next_day: boolean } | null): ShopperLine[] {
  const body = bodyOf(values);
  const returns = schema.returns_days.safeParse(body.returns_days);
  const refund = schema.refund_days.safeParse(body.refund_days);
  const dispatch = schema.dispatch_days.safeParse(body.dispatch_days);
  const note = schema.delivery_note.safeParse(body.delivery_note);
  const lines: ShopperLine[] = [];
  const add = (kind: ShopperLineKind, line: string | null, source: ShopperLine['source'] = 'policies') => {
    if (line) lines.push({ kind, text: line, source });
  };
  if (shipping) {
    add('free_delivery', freeDeliveryLine(shipping), 'shipping');
    add('next_day', shipping.next_day ? 'Next-day delivery' : null, 'shipping');
  }
  if (dispatch.success) add('dispatch', processingLine({ dispatch_days: dispatch.data }));
  if (note.success) add('note', note.data);
  if (!values.accept_returns) add('cancel', '14 days to change your mind', 'law');
  else if (returns.success) add('returns', returnsLine({ returns_days: returns.data }));
  if (refund.success) add('refund', refundLine({ refund_days: refund.data }));
  return lines;
}
