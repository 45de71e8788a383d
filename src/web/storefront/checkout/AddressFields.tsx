import { useFormContext } from 'react-hook-form';
import { COUNTRIES } from '@shared/address';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { AddressPrefix, AddressValues, CheckoutValues } from './checkout-form';

/**
 * One postal address. The autocomplete section ('shipping' / 'billing') lets the browser fill each
 * address from the right saved entry.
 */
export function AddressFields({ prefix }: { prefix: AddressPrefix }) {
  const { register, formState } = useFormContext<CheckoutValues>();
  const errors = formState.errors[prefix];
  const section = prefix === 'shippingAddress' ? 'shipping' : 'billing';
  const field = (key: keyof AddressValues) => register(`${prefix}.${key}`);
  const error = (key: keyof AddressValues) => errors?.[key]?.message;

  return (
    <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
      <FormField label="First name" error={error('first_name')}>
        <Input autoComplete={`${section} given-name`} maxLength={100} {...field('first_name')} />
      </FormField>
      <FormField label="Last name" error={error('last_name')}>
        <Input autoComplete={`${section} family-name`} maxLength={100} {...field('last_name')} />
      </FormField>
      <div className="sm:col-span-2">
        <FormField label="Company (optional)" error={error('company')}>
          <Input autoComplete={`${section} organization`} maxLength={200} {...field('company')} />
        </FormField>
      </div>
      <div className="sm:col-span-2">
        <FormField label="Address line 1" error={error('address_line1')}>
          <Input autoComplete={`${section} address-line1`} maxLength={200} placeholder="House number and street" {...field('address_line1')} />
        </FormField>
      </div>
      <div className="sm:col-span-2">
        <FormField label="Address line 2 (optional)" error={error('address_line2')}>
          <Input autoComplete={`${section} address-line2`} maxLength={200} placeholder="Flat, suite or building" {...field('address_line2')} />
        </FormField>
      </div>
      <FormField label="City" error={error('city')}>
        <Input autoComplete={`${section} address-level2`} maxLength={100} {...field('city')} />
      </FormField>
      <FormField label="Postcode" error={error('postcode')}>
        <Input autoComplete={`${section} postal-code`} autoCapitalize="characters" maxLength={10} className="uppercase placeholder:normal-case" {...field('postcode')} />
      </FormField>
      <div className="sm:col-span-2">
        {/* GB only for now: shown, not chosen, so nobody wonders where the other countries went. */}
        <FormField label="Country" hint="We deliver to UK addresses only.">
          <Input readOnly value={COUNTRIES[0].name} autoComplete="off" className="bg-zinc-50 text-zinc-600" />
        </FormField>
      </div>
    </div>
  );
}
