import { useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BookUser, Plus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useDeleteAddress, useSaveAddress, useSavedAddresses } from '@/lib/saved-addresses';
import { ADDRESS_TEXT, SAVED_ADDRESS_LIMIT, type SavedAddress, type SavedAddressInput } from '@shared/saved-addresses';
import { SettingsSection } from '@/account/SettingsSection';
import { AddressFields } from '../checkout/AddressFields';
import { addressBookForm, addressBookValues, formFieldOf, toSavedAddressBody, type AddressBookValues } from './address-book-form';

/** Saved delivery addresses in this shop: offered at checkout. Add, edit, delete, choose the default. */
export function AddressBook() {
  const addresses = useSavedAddresses();
  const remove = useDeleteAddress();
  const save = useSaveAddress();
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const list = addresses.data?.addresses ?? [];

  const makeDefault = (address: SavedAddress) =>
    save.mutate(
      { id: address.id, body: { ...toSavedAddressBody(addressBookValues(address)), is_default: true } },
      { onSuccess: () => toast.success(`${address.address_line1} is now your default address`), onError: (error) => toast.error(errorMessage(error, 'Could not change your default address.')) },
    );
  const del = (address: SavedAddress) =>
    remove.mutate(address.id, { onSuccess: () => toast.success(ADDRESS_TEXT.deleted), onError: (error) => toast.error(errorMessage(error, 'Could not delete the address.')) });

  return (
    <SettingsSection
      icon={BookUser}
      title="Saved addresses"
      description="Offered at checkout, so you need not type them again."
      action={
        list.length < SAVED_ADDRESS_LIMIT && !addresses.isPending ? (
          <Button size="sm" variant="outline" onClick={() => setEditing('new')} className="shrink-0">
            <Plus aria-hidden /> Add address
          </Button>
        ) : null
      }
    >
      {addresses.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : addresses.isError ? (
        <Alert variant="destructive">
          <span>{errorMessage(addresses.error, 'Could not load your addresses.')}</span>
          <Button size="sm" variant="outline" onClick={() => void addresses.refetch()}>Try again</Button>
        </Alert>
      ) : list.length === 0 ? (
        <p className="rounded-md border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-500">No saved addresses yet. Add one to check out faster.</p>
      ) : (
        <ul aria-label="Saved addresses" className="grid gap-3 sm:grid-cols-2">
          {list.map((address) => (
            <li key={address.id} className="flex flex-col justify-between gap-3 rounded-md border border-zinc-200 p-4">
              <div className="grid gap-0.5 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {address.first_name} {address.last_name}
                  {address.is_default ? <Badge variant="secondary">Default</Badge> : null}
                </p>
                {address.company ? <p className="text-zinc-600">{address.company}</p> : null}
                <p className="text-zinc-600">{address.address_line1}</p>
                {address.address_line2 ? <p className="text-zinc-600">{address.address_line2}</p> : null}
                <p className="text-zinc-600">{address.city} {address.postcode}</p>
                {address.phone ? <p className="text-zinc-500">{address.phone}</p> : null}
              </div>
              <div className="flex flex-wrap gap-1">
                <Button size="sm" variant="ghost" onClick={() => setEditing(address)} aria-label={`Edit ${address.address_line1}`}>
                  Edit
                </Button>
                {address.is_default ? null : (
                  <Button size="sm" variant="ghost" onClick={() => makeDefault(address)} aria-label={`Make ${address.address_line1} the default`}>
                    Make default
                  </Button>
                )}
                <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => del(address)} aria-label={`Delete ${address.address_line1}`}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? <AddressEditor key={editing === 'new' ? 'new' : editing.id} address={editing === 'new' ? null : editing} first={list.length === 0} onClose={() => setEditing(null)} /> : null}
    </SettingsSection>
  );
}

/** Adding or editing one address, below the list (a form of its own, so the page keeps its place). */
function AddressEditor({ address, first, onClose }: { address: SavedAddress | null; first: boolean; onClose: () => void }) {
  const save = useSaveAddress();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AddressBookValues, unknown, SavedAddressInput>({ defaultValues: addressBookValues(address), mode: 'onTouched', resolver: zodResolver(addressBookForm) });
  const { register, formState } = form;

  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await save.mutateAsync({ id: address?.id ?? null, body });
      toast.success(ADDRESS_TEXT.saved);
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
      for (const [field, message] of fields) form.setError(formFieldOf(field) as Path<AddressBookValues>, { type: 'server', message });
      if (fields.length === 0) setFormError(errorMessage(error, 'Could not save the address.'));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={address ? 'Edit address' : 'Add an address'} className="mt-4 grid gap-4 rounded-md border border-zinc-200 bg-zinc-50/60 p-4 sm:p-5">
        <div>
          <h3 className="text-sm font-semibold text-zinc-900">{address ? 'Edit address' : 'Add an address'}</h3>
          <p className="text-xs text-zinc-500">UK delivery addresses only.</p>
        </div>
        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        <AddressFields prefix="shippingAddress" />
        <FormField label="Phone (optional)" error={formState.errors.phone?.message}>
          <Input type="tel" autoComplete="shipping tel" maxLength={40} {...register('phone')} />
        </FormField>
        {first || address?.is_default ? null : (
          <label className="flex cursor-pointer items-center gap-3 text-sm font-medium text-zinc-800">
            <input type="checkbox" className="size-4 rounded accent-indigo-600" {...register('is_default')} />
            Use as my default address
          </label>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Saving...' : 'Save address'}</Button>
          <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}
