import { z } from 'zod/mini';
import { savedAddressInput, type SavedAddress, type SavedAddressBody } from '@shared/saved-addresses';
import type { AddressValues } from '../checkout/checkout-form';

/**
 * The address book's form. The address sits under `shippingAddress` so the checkout's own address
 * fields (AddressFields) serve both forms: a saved address is a delivery address.
 */
export interface AddressBookValues {
  shippingAddress: AddressValues;
  phone: string;
  is_default: boolean;
}

export function addressBookValues(address: SavedAddress | null): AddressBookValues {
  return {
    shippingAddress: {
      first_name: address?.first_name ?? '',
      last_name: address?.last_name ?? '',
      company: address?.company ?? '',
      address_line1: address?.address_line1 ?? '',
      address_line2: address?.address_line2 ?? '',
      city: address?.city ?? '',
      postcode: address?.postcode ?? '',
    },
    phone: address?.phone ?? '',
    is_default: address?.is_default ?? false,
  };
}

export function toSavedAddressBody(values: AddressBookValues): SavedAddressBody {
  return { ...values.shippingAddress, country: 'GB', phone: values.phone, is_default: values.is_default };
}

/** The route's schema, with its field errors placed on the form's names. */
export const addressBookForm = z.pipe(z.transform(toSavedAddressBody), savedAddressInput);

/** A server field error's name on this form: the address fields live under shippingAddress. */
export const formFieldOf = (field: string) => (field === 'phone' || field === 'is_default' ? field : `shippingAddress.${field}`);
