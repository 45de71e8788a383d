import { z } from 'zod/mini';
import { addressInput } from './checkout-schemas';

// A shopper's saved delivery addresses in one store (issue 26 item 2): kept from /account, offered at
// checkout. Zod Mini like the checkout's own schema, whose address rules these are.

export const SAVED_ADDRESS_LIMIT = 20;

export const ADDRESS_TEXT = {
  limit: `You can save up to ${SAVED_ADDRESS_LIMIT} addresses. Delete one you no longer use first.`,
  saved: 'Address saved',
  deleted: 'Address deleted',
  notFound: 'Address not found',
} as const;

const phone = z.pipe(
  z.nullish(z.string().check(z.trim(), z.maxLength(40, 'Must be 40 characters or fewer'))),
  z.transform((v: string | null | undefined) => v || null),
);

/** POST /api/account/addresses and PUT /api/account/addresses/{id} */
export const savedAddressInput = z.extend(addressInput, { phone, is_default: z._default(z.boolean(), false) });
export type SavedAddressBody = z.input<typeof savedAddressInput>;
export type SavedAddressInput = z.output<typeof savedAddressInput>;

export interface SavedAddress {
  id: string;
  first_name: string;
  last_name: string;
  company: string | null;
  address_line1: string;
  address_line2: string | null;
  city: string;
  postcode: string;
  country: string;
  phone: string | null;
  is_default: boolean;
}

/** GET /api/account/addresses: the default first, then the newest. */
export interface SavedAddressList {
  addresses: SavedAddress[];
}
