import type { Path } from 'react-hook-form';
import { z } from 'zod/mini';
import { checkoutInput, type AddressBody, type CheckoutBody } from '@shared/checkout-schemas';

/**
 * The checkout form's values, named like POST /api/checkout's body so the schema's and the server's
 * field errors ('shippingAddress.postcode') land on the right input without a translation table.
 */
export interface AddressValues {
  first_name: string;
  last_name: string;
  company: string;
  address_line1: string;
  address_line2: string;
  city: string;
  postcode: string;
}

export interface CheckoutValues {
  contact: { email: string; phone: string };
  shippingAddress: AddressValues;
  billingSameAsShipping: boolean;
  billingAddress: AddressValues;
}

export type AddressPrefix = 'shippingAddress' | 'billingAddress';

const EMPTY_ADDRESS: AddressValues = { first_name: '', last_name: '', company: '', address_line1: '', address_line2: '', city: '', postcode: '' };

export function emptyCheckout(email = ''): CheckoutValues {
  return { contact: { email, phone: '' }, shippingAddress: { ...EMPTY_ADDRESS }, billingSameAsShipping: true, billingAddress: { ...EMPTY_ADDRESS } };
}

/** Every field the server may name in `error.fields`. */
export const CHECKOUT_FIELDS: readonly Path<CheckoutValues>[] = [
  'contact.email',
  'contact.phone',
  ...(['shippingAddress', 'billingAddress'] as const).flatMap((prefix) => (Object.keys(EMPTY_ADDRESS) as (keyof AddressValues)[]).map((key) => `${prefix}.${key}` as const)),
];

const toAddress = (a: AddressValues): AddressBody => ({ ...a, country: 'GB' });

/**
 * The request body as typed, before the schema trims it: the billing address only while it differs
 * (the box hides it, and a hidden field must never block the order), no shipping method (the caller
 * adds the cart's) and nothing about money (the server prices its own copy of the cart).
 */
export function toBody(values: CheckoutValues): CheckoutBody {
  return {
    contact: values.contact,
    shippingAddress: toAddress(values.shippingAddress),
    billingAddress: values.billingSameAsShipping ? null : toAddress(values.billingAddress),
    billingSameAsShipping: values.billingSameAsShipping,
  };
}

/** The form's schema: its values as the body, checked by the route's own schema (trimmed, nulls for empty optional text, postcode normalised). */
export const checkoutForm = z.pipe(z.transform(toBody), checkoutInput);
