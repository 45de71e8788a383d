import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { SwitchRow } from '@/components/ui/switch-row';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/forms';
import { useSaveStoreSettings } from '@/lib/admin-settings';
import { toast } from '@/lib/toast';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { BUSINESS_TYPES, STORE_COUNTRIES, STORE_SETTINGS_LIMITS, updateSettingsBody, type StoreSettings } from '@shared/store-settings';
import { STORE_INFO_FIELDS, valuesOf, type StoreInfoOutput, type StoreInfoValues } from './store-info-form';

const NOTIFICATIONS = [
  { key: 'order_notifications', label: 'Order notifications', hint: 'Email the contact address above when an order is paid.', needsEmail: true },
  { key: 'low_stock_alerts', label: 'Low stock alerts', hint: 'Email the contact address when a sale leaves a product with 5 or fewer in stock.', needsEmail: true },
  { key: 'customer_emails', label: 'Customer emails', hint: 'Send customers their order confirmation and their dispatch, cancellation and refund notices.', needsEmail: false },
] as const;

/**
 * Store Info (admin spec §2, §3 Settings, §5): the store name (tenants.name), contact details,
 * description, business address (country defaults to United Kingdom), business details and
 * notification preferences. Checked with the server's own schema before sending; the server's field
 * errors land on the same fields.
 */
export function StoreInfoForm({ settings, tenantUuid }: { settings: StoreSettings; tenantUuid: string }) {
  const save = useSaveStoreSettings();
  const form = useForm<StoreInfoValues, unknown, StoreInfoOutput>({ defaultValues: valuesOf(settings), resolver: zodResolver(updateSettingsBody) });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedChanges(isDirty, 'the store info');
  const [formError, setFormError] = useState<string | null>(null);
  const description = useWatch({ control: form.control, name: 'settings_json.store_description' }) ?? '';
  const contactEmail = useWatch({ control: form.control, name: 'settings_json.contact_email' }) ?? '';
  const vatRegistered = useWatch({ control: form.control, name: 'settings_json.business.vat_registered' }) ?? false;
  const e = errors.settings_json;

  const focusFirstError = () => {
    const first = STORE_INFO_FIELDS.find((field) => form.getFieldState(field).error);
    if (first) form.setFocus(first);
  };

  const submit = form.handleSubmit(
    async (body) => {
      setFormError(null);
      try {
        const saved = await save.mutateAsync({ ...body, settings_json: body.settings_json && { ...body.settings_json, store_name: body.name } });
        // The server's normalised values (postcode in capitals, VAT number with GB) become the form's.
        form.reset(valuesOf(saved));
        toast.success('Settings updated successfully');
      } catch (error) {
        const message = errorMessage(error, 'Failed to save settings');
        toast.error(message);
        if (applyServerFieldErrors(error, form.setError, STORE_INFO_FIELDS)) focusFirstError();
        else setFormError(message);
      }
    },
    () => focusFirstError(),
  );

  return (
    <form onSubmit={submit} noValidate className="grid max-w-4xl gap-6" aria-label="Store Info">
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <Alert>
        <Info aria-hidden />
        <span>Shoppers see your store name, contact details, address and company numbers in your shop’s footer and page titles, in the emails it sends and on its payment page.</span>
      </Alert>

      <Card>
        <CardHeader>
          <CardTitle>Store details</CardTitle>
          <CardDescription>How your store introduces itself and how customers reach you.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 sm:items-start lg:grid-cols-3">
          <FormField label="Store name *" error={errors.name?.message}>
            <Input autoComplete="organization" maxLength={STORE_SETTINGS_LIMITS.name + 20} {...form.register('name')} />
          </FormField>
          <FormField label="Contact email" error={e?.contact_email?.message} hint="Where customers and store notices reach you.">
            <Input type="email" inputMode="email" autoComplete="email" placeholder="hello@yourshop.co.uk" {...form.register('settings_json.contact_email')} />
          </FormField>
          <FormField label="Contact phone" error={e?.contact_phone?.message}>
            <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="020 7946 0958" {...form.register('settings_json.contact_phone')} />
          </FormField>
          <div className="sm:col-span-2 lg:col-span-3">
            <FormField label="Description" error={e?.store_description?.message} hint={`${description.length}/${STORE_SETTINGS_LIMITS.description} characters. Shown on your home page and to search engines.`}>
              <Textarea rows={3} placeholder="What your store sells, in a sentence or two." {...form.register('settings_json.store_description')} />
            </FormField>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Business address</CardTitle>
          <CardDescription>Shown in your footer and emails once line 1, town and postcode are filled in.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 sm:items-start">
          <FormField label="Address line 1" error={e?.address?.line1?.message}>
            <Input autoComplete="address-line1" {...form.register('settings_json.address.line1')} />
          </FormField>
          <FormField label="Address line 2" error={e?.address?.line2?.message}>
            <Input autoComplete="address-line2" {...form.register('settings_json.address.line2')} />
          </FormField>
          <FormField label="Town or city" error={e?.address?.city?.message}>
            <Input autoComplete="address-level2" {...form.register('settings_json.address.city')} />
          </FormField>
          <FormField label="Postcode" error={e?.address?.postcode?.message}>
            <Input autoComplete="postal-code" className="uppercase" placeholder="SW1A 1AA" {...form.register('settings_json.address.postcode')} />
          </FormField>
          <FormField label="Country" error={e?.address?.country?.message}>
            <Select autoComplete="country-name" {...form.register('settings_json.address.country')}>
              {STORE_COUNTRIES.map((country) => <option key={country} value={country}>{country}</option>)}
            </Select>
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Business details</CardTitle>
          <CardDescription>UK companies show their registered number on their website; VAT-registered businesses show their VAT number.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3 sm:items-start">
          <FormField label="Business type" error={e?.business?.business_type?.message} hint="Not shown to shoppers.">
            <Select {...form.register('settings_json.business.business_type')}>
              <option value="">Not set</option>
              {BUSINESS_TYPES.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
            </Select>
          </FormField>
          <FormField label="Company number" error={e?.business?.company_number?.message} hint="From Companies House, such as 01234567.">
            <Input autoComplete="off" className="uppercase" {...form.register('settings_json.business.company_number')} />
          </FormField>
          <div className="grid gap-4 border-t border-zinc-100 pt-4 sm:col-span-3 sm:grid-cols-3 sm:items-start">
            <Controller
              control={form.control}
              name="settings_json.business.vat_registered"
              render={({ field }) => (
                <div className="sm:col-span-3">
                  <div className="flex items-start justify-between gap-4">
                    <div>
                      <Label htmlFor="vat-registered">VAT registered</Label>
                      <p id="vat-registered-hint" className="mt-0.5 text-xs text-zinc-500">
                        {field.value
                          ? 'Your prices include VAT. Receipts are VAT receipts showing the VAT at each rate and your VAT number.'
                          : 'No VAT is shown to shoppers, and receipts are plain receipts.'}
                      </p>
                    </div>
                    <Switch
                      id="vat-registered"
                      ref={field.ref}
                      checked={field.value ?? false}
                      onCheckedChange={(on) => {
                        field.onChange(on);
                        // Switched off, a missing VAT number is no longer a problem.
                        if (!on) form.clearErrors('settings_json.business.vat_number');
                      }}
                      onBlur={field.onBlur}
                      aria-describedby="vat-registered-hint"
                    />
                  </div>
                  {e?.business?.vat_registered?.message ? <p className="mt-1 text-xs text-red-600">{e.business.vat_registered.message}</p> : null}
                </div>
              )}
            />
            <FormField
              label={vatRegistered ? 'VAT number *' : 'VAT number'}
              error={e?.business?.vat_number?.message}
              hint={vatRegistered ? 'Such as GB123456789. Printed on every VAT receipt.' : 'Such as GB123456789. Not shown while you are not VAT registered.'}
            >
              <Input autoComplete="off" className="uppercase" {...form.register('settings_json.business.vat_number')} />
            </FormField>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Notifications</CardTitle>
          <CardDescription>What the store sends, and when.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {NOTIFICATIONS.map((n) => (
            <Controller
              key={n.key}
              control={form.control}
              name={`settings_json.notifications.${n.key}`}
              render={({ field }) => (
                <SwitchRow
                  label={n.label}
                  hint={n.needsEmail && !contactEmail.trim() ? `${n.hint} Add a contact email to receive these.` : n.hint}
                  checked={field.value ?? true}
                  onChange={field.onChange}
                />
              )}
            />
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Sign-in security</CardTitle>
          <CardDescription>How your team signs in to this admin.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Controller
            control={form.control}
            name="settings_json.security.require_two_step"
            render={({ field }) => (
              <SwitchRow
                label="Require two-step sign-in for everyone with admin access"
                hint="Members without it are asked to set it up (a code from an app on their phone) before they can open any admin page, you included."
                checked={field.value ?? false}
                onChange={field.onChange}
              />
            )}
          />
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-3 border-t border-zinc-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-zinc-500">
          Store ID <span className="font-mono text-zinc-700 select-all">{tenantUuid}</span>
        </p>
        <div className="grid gap-2 sm:flex">
          <Button type="button" variant="outline" disabled={!isDirty || isSubmitting} onClick={() => { setFormError(null); form.reset(valuesOf(settings)); }}>
            Discard changes
          </Button>
          <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Saving…' : 'Save changes'}</Button>
        </div>
      </div>
    </form>
  );
}
