import type { Path, Validate } from 'react-hook-form';
import { isUkPostcode } from '@shared/address';
import type { CheckoutAddress, CheckoutPayload } from '@/lib/orders';

/**
 * The checkout form's values, named like POST /api/checkout's body so the server's field errors
 * ('shippingAddress.postcode') land on the right input without a translation table.
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

// The server's own wording (src/server/modules/orders/checkout-input.ts), so both sides read alike.
export const REQUIRED_MESSAGE = {
  email: 'Email is required',
  first_name: 'First name is required',
  last_name: 'Last name is required',
  address_line1: 'Address is required',
  city: 'City is required',
  postcode: 'Postcode is required',
} as const;
export const INVALID_EMAIL = 'Enter a valid email address';
export const INVALID_POSTCODE = 'Enter a valid UK postcode';

// Deliberately loose: one @ with text either side and a dot in the domain. The server has the last word.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Rules = { validate: Validate<string, CheckoutValues> };

export function emailRules(): Rules {
  return { validate: (value) => (value.trim() ? EMAIL_SHAPE.test(value.trim()) || INVALID_EMAIL : REQUIRED_MESSAGE.email) };
}

/**
 * Rules for one address field. Billing fields are checked only while billing differs from shipping:
 * the box hides them, and a hidden field must never block the order.
 */
export function addressRules(prefix: AddressPrefix, key: keyof AddressValues): Rules {
  const required = key in REQUIRED_MESSAGE ? REQUIRED_MESSAGE[key as keyof typeof REQUIRED_MESSAGE] : null;
  return {
    validate: (value, values) => {
      if (prefix === 'billingAddress' && values.billingSameAsShipping) return true;
      const text = value.trim();
      if (!text) return required ?? true;
      if (key === 'postcode' && !isUkPostcode(text)) return INVALID_POSTCODE;
      return true;
    },
  };
}

const orNull = (text: string) => text.trim() || null;

function toAddress(a: AddressValues): CheckoutAddress {
  return {
    first_name: a.first_name.trim(),
    last_name: a.last_name.trim(),
    company: orNull(a.company),
    address_line1: a.address_line1.trim(),
    address_line2: orNull(a.address_line2),
    city: a.city.trim(),
    postcode: a.postcode.trim(),
    country: 'GB',
  };
}

/** The request body. Nothing about money: the server prices its own copy of the cart. */
export function toPayload(values: CheckoutValues, shippingMethodId: string | null): CheckoutPayload {
  return {
    contact: { email: values.contact.email.trim(), phone: orNull(values.contact.phone) },
    shippingAddress: toAddress(values.shippingAddress),
    billingAddress: values.billingSameAsShipping ? null : toAddress(values.billingAddress),
    billingSameAsShipping: values.billingSameAsShipping,
    ...(shippingMethodId ? { shipping_method_id: shippingMethodId } : {}),
  };
}
