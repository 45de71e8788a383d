import { z } from 'zod';
import { UK_POSTCODE_PATTERN, normalisePostcode } from '../../../shared/address';

/** Storefront spec §2 (Checkout): what the form sends. Amounts in it are never used (DESIGN rule 3). */
const text = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, `Must be ${max} characters or fewer`);
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be ${max} characters or fewer`)
    .nullish()
    .transform((v) => v || null);

/** A UK postcode, normalised to capitals with one space before the last three characters. */
const postcode = text(10, 'Postcode is required')
  .refine((v) => UK_POSTCODE_PATTERN.test(v), 'Enter a valid UK postcode')
  .transform(normalisePostcode);

export const addressInput = z.strictObject({
  first_name: text(100, 'First name is required'),
  last_name: text(100, 'Last name is required'),
  company: optional(200),
  address_line1: text(200, 'Address is required'),
  address_line2: optional(200),
  city: text(100, 'City is required'),
  postcode,
  country: z
    .string()
    .trim()
    .toUpperCase()
    .default('GB')
    .refine((v) => v === 'GB', 'We deliver to UK addresses only'),
});

/** A line as the storefront sends it. Only its shape is checked: the server checks out its own cart. */
const clientLine = z.looseObject({ product_id: z.string().max(64).optional(), quantity: z.unknown().optional() });
const methodId = z.string().trim().min(1).max(64);

export const checkoutInput = z
  .strictObject({
    contact: z.strictObject({
      email: z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(254).pipe(z.email('Enter a valid email address')),
      phone: optional(40),
    }),
    shippingAddress: addressInput,
    billingAddress: addressInput.nullish(),
    billingSameAsShipping: z.boolean().default(true),
    shipping_method_id: methodId.optional(),
    shippingMethodId: methodId.optional(),
    items: z.array(clientLine).max(200).optional(),
    success_url: z.string().max(2000).optional(),
    cancel_url: z.string().max(2000).optional(),
  })
  .refine((v) => v.billingSameAsShipping || v.billingAddress, { message: 'Billing address is required', path: ['billingAddress'] });

export type CheckoutInput = z.infer<typeof checkoutInput>;
export type AddressInput = z.infer<typeof addressInput>;
