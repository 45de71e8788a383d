import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api';
import { useSaveShippingMethod, type AdminShippingMethod } from '@/lib/admin-shipping';
import { toast } from '@/lib/toast';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { SHIPPING_LIMITS } from '@shared/admin-shipping';
import { SHIPPING_VAT_MODE_LABELS, SHIPPING_VAT_MODES } from '@shared/vat';
import { applyShippingServerErrors, formValuesOf, SHIPPING_FORM_FIELDS, shippingBodyFrom, type ShippingFormValues } from './shipping-form';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The option being edited; null adds a new one. */
  method: AdminShippingMethod | null;
}

/** Add or edit a delivery option: name, description, price in pounds, free-over amount, delivery days, on or off. */
export function ShippingMethodDialog({ open, onOpenChange, method }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{method ? 'Edit delivery option' : 'Add delivery option'}</DialogTitle>
          <DialogDescription>Shoppers choose from your active options at checkout. Fields marked * are required.</DialogDescription>
        </DialogHeader>
        {/* Mounted afresh each time the dialog opens, so every opening starts from the option's values. */}
        {open ? <ShippingMethodForm method={method} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ShippingMethodForm({ method, onDone }: { method: AdminShippingMethod | null; onDone: () => void }) {
  const save = useSaveShippingMethod();
  const form = useForm<ShippingFormValues>({ defaultValues: formValuesOf(method) });
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChanges(isDirty, method ? 'this delivery option' : 'this new delivery option');
  const [formError, setFormError] = useState<string | null>(null);

  const focusFirstError = () => {
    const first = SHIPPING_FORM_FIELDS.find((field) => form.getFieldState(field).error);
    if (first) form.setFocus(first);
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body = shippingBodyFrom(values, form.setError);
    if (!body) return focusFirstError();
    try {
      await save.mutateAsync({ id: method?.id ?? null, body });
      toast.success(method ? 'Delivery option updated' : 'Delivery option added');
      onDone();
    } catch (error) {
      const message = errorMessage(error, 'Failed to save delivery option');
      toast.error(message);
      if (applyShippingServerErrors(error, form.setError)) focusFirstError();
      else setFormError(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <FormField label="Name *" error={errors.name?.message} hint="As shoppers see it at checkout, such as Standard Delivery.">
        <Input autoComplete="off" maxLength={SHIPPING_LIMITS.name + 20} {...form.register('name')} />
      </FormField>
      <FormField label="Description" error={errors.description?.message} hint="One line under the name, such as Tracked delivery to most UK postcodes.">
        <Input autoComplete="off" {...form.register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <FormField label="Price (£) *" error={errors.flat_rate?.message} hint="0 for free delivery.">
          <Input inputMode="decimal" placeholder="3.99" {...form.register('flat_rate')} />
        </FormField>
        <FormField label="Free for orders over (£)" error={errors.free_over?.message} hint="Leave blank if it is never free.">
          <Input inputMode="decimal" placeholder="100.00" {...form.register('free_over')} />
        </FormField>
        <FormField label="Delivery from (business days)" error={errors.delivery_min_days?.message}>
          <Input inputMode="numeric" {...form.register('delivery_min_days')} />
        </FormField>
        <FormField label="Delivery up to (business days)" error={errors.delivery_max_days?.message} hint="1 to 1 shows Next business day.">
          <Input inputMode="numeric" {...form.register('delivery_max_days')} />
        </FormField>
      </div>
      <FormField
        label="VAT on this charge"
        error={errors.vat_mode?.message}
        hint="Standard suits most shops. If you sell reduced, zero-rated or exempt goods, the charge can follow the rates of the goods it carries."
      >
        <Select {...form.register('vat_mode')}>
          {SHIPPING_VAT_MODES.map((mode) => <option key={mode} value={mode}>{SHIPPING_VAT_MODE_LABELS[mode]}</option>)}
        </Select>
      </FormField>
      <Controller
        control={form.control}
        name="is_active"
        render={({ field }) => (
          <div className="flex items-start justify-between gap-4 rounded-lg border border-zinc-200 p-3">
            <div>
              <Label htmlFor="shipping-active">Offer at checkout</Label>
              <p id="shipping-active-hint" className="mt-0.5 text-xs text-zinc-500">Switched off, the option stays here but shoppers cannot choose it.</p>
            </div>
            <Switch id="shipping-active" checked={field.value} onCheckedChange={field.onChange} aria-describedby="shipping-active-hint" />
          </div>
        )}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Saving…' : method ? 'Save changes' : 'Add option'}</Button>
      </DialogFooter>
    </form>
  );
}
