/**
 * UK postal addresses (storefront spec §2 Checkout: country defaults to GB). Shared so the checkout
 * form rejects a postcode with the same rule as the server before a round trip.
 */
import type { z } from 'zod';
import type { postalAddressSchema } from './order-schemas';

export const UK_POSTCODE_PATTERN = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;

export function isUkPostcode(value: string): boolean {
  return UK_POSTCODE_PATTERN.test(value.trim());
}

/** Capitals with one space before the last three characters: "sw1a1aa" -> "SW1A 1AA". */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** The one country the shops deliver to for now. */
export const COUNTRIES = [{ code: 'GB', name: 'United Kingdom' }] as const;

/** A postal address as the checkout collects it and an order keeps it (orders.shipping_address, billing_address). */
export type PostalAddress = z.infer<typeof postalAddressSchema>;
