import { z } from 'zod/mini';
import { UK_POSTCODE_PATTERN, normalisePostcode } from './address';
import { emailAddress, requiredText } from './mini-fields';

// POST /api/checkout (storefront spec §2 Checkout, §5): what the checkout form sends, validated by the
// form and by the route with this one schema. Zod Mini, for the checkout page's bundle
// (docs/decisions/004-storefront-bundle-budget.md). Amounts are never part of it (DESIGN rule 3).

export const CHECKOUT_MESSAGES = {
  emailRequired: 'Email is required',
  emailTooLong: 'Email is too long',
  emailInvalid: 'Enter a valid email address',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  addressLine1: 'Address is required',
  city: 'City is required',
  postcode: 'Postcode is required',
  postcodeInvalid: 'Enter a valid UK postcode',
  country: 'We deliver to UK addresses only',
  billingAddress: 'Billing address is required',
} as const;

const tooLong = (max: number) => `Must be ${max} characters or fewer`;
const text = (max: number, required: string) => requiredText(max, required, tooLong(max));
/** Optional text: trimmed; empty, null or left out all mean none (null). */
const optional = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, tooLong(max)))),
    z.transform((v: string | null | undefined) => v || null),
  );

/** A UK postcode, normalised to capitals with one space before the last three characters. */
const postcode = z.pipe(
  text(10, CHECKOUT_MESSAGES.postcode).check(z.refine((v) => UK_POSTCODE_PATTERN.test(v), CHECKOUT_MESSAGES.postcodeInvalid)),
  z.transform(normalisePostcode),
);

export const addressInput = z.strictObject({
  first_name: text(100, CHECKOUT_MESSAGES.firstName),
  last_name: text(100, CHECKOUT_MESSAGES.lastName),
  company: optional(200),
  address_line1: text(200, CHECKOUT_MESSAGES.addressLine1),
  address_line2: optional(200),
  city: text(100, CHECKOUT_MESSAGES.city),
  postcode,
  country: z._default(z.string().check(z.trim(), z.toUpperCase()), 'GB').check(z.refine((v) => v === 'GB', CHECKOUT_MESSAGES.country)),
});

/** A line as the storefront sends it. Only its shape is checked: the server checks out its own cart. */
const clientLine = z.looseObject({ product_id: z.optional(z.string().check(z.maxLength(64))), quantity: z.optional(z.unknown()) });
const methodId = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

export const checkoutInput = z
  .strictObject({
    contact: z.strictObject({
      email: emailAddress({ required: CHECKOUT_MESSAGES.emailRequired, tooLong: CHECKOUT_MESSAGES.emailTooLong, invalid: CHECKOUT_MESSAGES.emailInvalid }),
      phone: optional(40),
    }),
    shippingAddress: addressInput,
    billingAddress: z.nullish(addressInput),
    billingSameAsShipping: z._default(z.boolean(), true),
    shipping_method_id: z.optional(methodId),
    shippingMethodId: z.optional(methodId),
    items: z.optional(z.array(clientLine).check(z.maxLength(200))),
    success_url: z.optional(z.string().check(z.maxLength(2000))),
    cancel_url: z.optional(z.string().check(z.maxLength(2000))),
  })
  .check(z.refine((v) => v.billingSameAsShipping || v.billingAddress, { message: CHECKOUT_MESSAGES.billingAddress, path: ['billingAddress'] }));

export type CheckoutInput = z.output<typeof checkoutInput>;
export type CheckoutBody = z.input<typeof checkoutInput>;
export type AddressInput = z.output<typeof addressInput>;
export type AddressBody = z.input<typeof addressInput>;
