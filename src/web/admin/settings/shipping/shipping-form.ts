import type { Path, UseFormSetError } from 'react-hook-form';
import { shippingMethodBody, type AdminShippingMethod, type ShippingMethodBody } from '@shared/admin-shipping';
import { applyServerFieldErrors, applyZodIssues } from '@/lib/forms';
import type { ShippingVatMode } from '@shared/vat';

/** The dialog's inputs as typed: amounts in pounds as text, days as text. */
export interface ShippingFormValues {
  name: string;
  description: string;
  flat_rate: string;
  free_over: string;
  delivery_min_days: string;
  delivery_max_days: string;
  /** VAT on the charge (issue 25): the standard rate, or the goods' rates split by value. */
  vat_mode: ShippingVatMode;
  is_active: boolean;
}

export const SHIPPING_FORM_FIELDS = ['name', 'description', 'flat_rate', 'free_over', 'delivery_min_days', 'delivery_max_days', 'vat_mode', 'is_active'] as const;

/** Pounds shown with their pence ("3.99", "100.00"); new options start at the spec's 3-5 days. */
export function formValuesOf(method: AdminShippingMethod | null): ShippingFormValues {
  return {
    name: method?.name ?? '',
    description: method?.description ?? '',
    flat_rate: method ? method.flat_rate.toFixed(2) : '',
    free_over: method?.free_over == null ? '' : method.free_over.toFixed(2),
    delivery_min_days: String(method?.delivery_min_days ?? 3),
    delivery_max_days: String(method?.delivery_max_days ?? 5),
    vat_mode: method?.vat_mode ?? 'standard',
    is_active: method?.is_active ?? true,
  };
}

/** Text to a number for the schema: blank is missing (undefined), "£3.99" and "3.99" are 3.99, other text stays text (refused). */
function amount(text: string): number | string | undefined {
  const clean = text.trim().replace(/^£/, '').replace(/,/g, '');
  if (clean === '') return undefined;
  const n = Number(clean);
  return Number.isFinite(n) ? n : text;
}

/**
 * The request body from the inputs, checked with the server's own schema; failures go onto the fields
 * and the answer is null. A blank free-over amount means "never free".
 */
export function shippingBodyFrom<T extends ShippingFormValues>(values: ShippingFormValues, setError: UseFormSetError<T>): ShippingMethodBody | null {
  const body = {
    name: values.name,
    description: values.description,
    flat_rate: amount(values.flat_rate),
    free_over: amount(values.free_over) ?? null,
    delivery_min_days: amount(values.delivery_min_days),
    delivery_max_days: amount(values.delivery_max_days),
    vat_mode: values.vat_mode,
    is_active: values.is_active,
  };
  const parsed = shippingMethodBody.safeParse(body);
  if (!parsed.success) {
    applyZodIssues(parsed.error.issues, setError);
    return null;
  }
  return body as ShippingMethodBody;
}

export function applyShippingServerErrors<T extends ShippingFormValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  return applyServerFieldErrors(error, setError, SHIPPING_FORM_FIELDS as unknown as Path<T>[]);
}
