import { useEffect, useId, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { useSavedAddresses } from '@/lib/saved-addresses';
import type { SavedAddress } from '@shared/saved-addresses';
import type { AddressValues, CheckoutValues } from './checkout-form';

const summary = (a: SavedAddress) => [`${a.first_name} ${a.last_name}`, a.address_line1, a.city, a.postcode].join(', ');

/**
 * A signed-in shopper's saved addresses (issue 26), offered above the shipping address: choosing one
 * fills the fields. The default fills an empty form once when the page opens.
 */
export function SavedAddressPicker({ signedIn }: { signedIn: boolean }) {
  const id = useId();
  const { getValues, setValue } = useFormContext<CheckoutValues>();
  const saved = useSavedAddresses(signedIn);
  const addresses = saved.data?.addresses ?? [];
  const filledDefault = useRef(false);

  const fill = (address: SavedAddress) => {
    const values: AddressValues = {
      first_name: address.first_name,
      last_name: address.last_name,
      company: address.company ?? '',
      address_line1: address.address_line1,
      address_line2: address.address_line2 ?? '',
      city: address.city,
      postcode: address.postcode,
    };
    for (const [key, value] of Object.entries(values)) setValue(`shippingAddress.${key as keyof AddressValues}`, value, { shouldValidate: true, shouldDirty: true });
    if (address.phone && !getValues('contact.phone')) setValue('contact.phone', address.phone, { shouldDirty: true });
  };

  useEffect(() => {
    const preferred = addresses.find((a) => a.is_default);
    if (filledDefault.current || !preferred) return;
    filledDefault.current = true;
    const typed = Object.values(getValues('shippingAddress')).some((v) => v.trim() !== '');
    if (!typed) fill(preferred);
  });

  if (addresses.length === 0) return null;
  return (
    <div className="mb-5 grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">Use a saved address</label>
      <select
        id={id}
        defaultValue={addresses.find((a) => a.is_default)?.id ?? ''}
        onChange={(e) => {
          const chosen = addresses.find((a) => a.id === e.target.value);
          if (chosen) fill(chosen);
        }}
        className="h-10 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      >
        <option value="">Enter a new address</option>
        {addresses.map((a) => (
          <option key={a.id} value={a.id}>{summary(a)}</option>
        ))}
      </select>
    </div>
  );
}
