import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Info, Scale } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { useSavePolicies } from '@/lib/admin-policies';
import { useShippingMethods } from '@/lib/admin-shipping';
import { applyServerFieldErrors } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { POLICY_LIMITS, POLICY_MESSAGES, type UpdatePoliciesBody } from '@shared/store-policies';
import { freeDeliveryLine } from '@shared/store-promises';
import { ShopperPreview } from './ShopperPreview';
import { formValuesOf, onFormFields, POLICY_FIELDS, policiesFormSchema, shippingFacts, type PoliciesFormValues, type StoredPolicies } from './policies-form';

/**
 * The store's promises (issue 25): a returns window or none, refund and dispatch times, a delivery
 * note, beside a live preview of the storefront's wording. Checked with the server's own schema before
 * sending; the server's field errors land on the same fields.
 */
export function PoliciesForm({ policies }: { policies: StoredPolicies }) {
  const save = useSavePolicies();
  const form = useForm<PoliciesFormValues, unknown, UpdatePoliciesBody>({ defaultValues: formValuesOf(policies), resolver: zodResolver(policiesFormSchema) });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedChanges(isDirty, 'your policies');
  const [formError, setFormError] = useState<string | null>(null);
  const values = useWatch({ control: form.control }) as PoliciesFormValues;
  const methods = useShippingMethods();
  const shipping = methods.data ? shippingFacts(methods.data) : null;

  const focusFirstError = () => {
    const first = POLICY_FIELDS.find((field) => form.getFieldState(field).error);
    if (first) form.setFocus(first);
  };

  const submit = form.handleSubmit(
    async (body) => {
      setFormError(null);
      try {
        const saved = await save.mutateAsync(body);
        // The server's tidy note (spaces collapsed) becomes the form's.
        form.reset(formValuesOf(saved.policies));
        toast.success(POLICY_MESSAGES.saved);
      } catch (error) {
        const message = errorMessage(error, 'Failed to save policies');
        toast.error(message);
        if (applyServerFieldErrors(onFormFields(error), form.setError, POLICY_FIELDS)) focusFirstError();
        else setFormError(message);
      }
    },
    () => focusFirstError(),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Policies" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <div className="grid min-w-0 gap-6">
        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        <ReturnsCard control={form.control} register={form.register} errors={errors} acceptReturns={values.accept_returns} />
        <DeliveryCard register={form.register} errors={errors} note={values.delivery_note ?? ''} shipping={shipping} />
      </div>
      {/* On a phone the preview sits between the fields and the buttons; wider, it stays beside the fields. */}
      <ShopperPreview values={values} shipping={shipping} className="lg:sticky lg:top-6 lg:col-start-2 lg:row-span-2 lg:row-start-1" />
      <div className="flex flex-col-reverse gap-2 border-t border-zinc-200 pt-5 sm:flex-row sm:justify-end lg:col-start-1">
        <Button type="button" variant="outline" disabled={!isDirty || isSubmitting} onClick={() => { setFormError(null); form.reset(formValuesOf(policies)); }}>
          Discard changes
        </Button>
        <Button type="submit" disabled={!isDirty || isSubmitting}>{isSubmitting ? 'Saving…' : 'Save policies'}</Button>
      </div>
    </form>
  );
}

type Register = UseFormRegister<PoliciesFormValues>;

function ReturnsCard({ control, register, errors, acceptReturns }: { control: Control<PoliciesFormValues, unknown, UpdatePoliciesBody>; register: Register; errors: FieldErrors<PoliciesFormValues>; acceptReturns: boolean }) {
  const id = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Returns</CardTitle>
        <CardDescription>Whether shoppers can send items back for a refund, and how soon the money reaches them.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex items-start justify-between gap-4">
          <div>
            <Label htmlFor={`${id}-accept`}>Accept returns for a refund</Label>
            <p id={`${id}-accept-hint`} className="mt-0.5 text-xs text-zinc-500">Shown as a returns promise on your home page, product pages and footer.</p>
          </div>
          <Controller
            control={control}
            name="accept_returns"
            render={({ field }) => (
              <Switch id={`${id}-accept`} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} aria-describedby={`${id}-accept-hint`} />
            )}
          />
        </div>
        {acceptReturns ? (
          <FormField label="Returns window (days)" error={errors.returns_days?.message} hint={`Counted from delivery, 1 to ${POLICY_LIMITS.returnsDays} days.`}>
            <Input className="w-28 tabular-nums" inputMode="numeric" autoComplete="off" {...register('returns_days')} />
          </FormField>
        ) : (
          <Alert>
            <Scale aria-hidden />
            <span>Shoppers still have 14 days to cancel an online order by law (Consumer Contracts Regulations 2013).</span>
          </Alert>
        )}
        <DayRangeField legend="Refund time (business days)" name="refund_days" register={register} errors={errors} hint="From the day a return reaches you. Leave both empty to say nothing." />
      </CardContent>
    </Card>
  );
}

function DeliveryCard({ register, errors, note, shipping }: { register: Register; errors: FieldErrors<PoliciesFormValues>; note: string; shipping: { free_delivery_over: number | null; next_day: boolean } | null }) {
  const id = useId();
  const noteError = errors.delivery_note?.message;
  const over = note.length > POLICY_LIMITS.deliveryNote;
  const offers = shipping ? [freeDeliveryLine(shipping), shipping.next_day ? 'next-day delivery' : null].filter((o): o is string => Boolean(o)) : [];
  const offerText = offers.length > 0 ? `${capitalise(offers.join(' and '))} ${offers.length > 1 ? 'come' : 'comes'}` : 'A free-delivery amount and next-day delivery come';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Delivery</CardTitle>
        <CardDescription>How soon orders leave you, and anything shoppers should know before they buy.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <DayRangeField legend="Dispatch time (business days)" name="dispatch_days" register={register} errors={errors} hint="From the order to it leaving you. Leave both empty to say nothing." />
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-note`}>Delivery note</Label>
          <Textarea
            id={`${id}-note`}
            rows={3}
            className="min-h-20"
            placeholder="We deliver to mainland UK addresses. Click & collect from our Leeds workshop."
            aria-invalid={noteError ? true : undefined}
            aria-describedby={`${id}-note-hint ${id}-note-count`}
            {...register('delivery_note')}
          />
          <div className="flex items-start justify-between gap-4 text-xs">
            <p id={`${id}-note-hint`} className={noteError ? 'text-red-600' : 'text-zinc-500'}>
              {noteError ?? 'Shown on product pages and in the footer, for example areas you deliver to or click & collect.'}
            </p>
            <p id={`${id}-note-count`} className={cn('shrink-0 tabular-nums', over ? 'font-medium text-red-600' : 'text-zinc-500')} aria-live="polite">
              {note.length}/{POLICY_LIMITS.deliveryNote}
            </p>
          </div>
        </div>
        <div className="flex gap-3 rounded-md bg-zinc-50 p-3 text-sm text-zinc-600">
          <Info className="mt-0.5 size-4 shrink-0 text-zinc-400" aria-hidden />
          <p>
            {offerText} from your delivery options, not from this page.{' '}
            <Link to="?tab=shipping" className="font-medium text-accent underline-offset-4 hover:underline">Change them in Shipping</Link>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

function DayRangeField({ legend, name, register, errors, hint }: { legend: string; name: 'refund_days' | 'dispatch_days'; register: Register; errors: FieldErrors<PoliciesFormValues>; hint: string }) {
  const id = useId();
  const minError = errors[name]?.min?.message;
  const maxError = errors[name]?.max?.message;
  const error = minError ?? maxError;
  const box = (end: 'min' | 'max', label: string, invalid: boolean) => (
    <Input
      className="w-20 text-center tabular-nums"
      inputMode="numeric"
      autoComplete="off"
      aria-label={label}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={`${id}-message`}
      {...register(`${name}.${end}`)}
    />
  );
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-zinc-800">{legend}</legend>
      <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-600">
        {box('min', 'From', Boolean(minError))}
        <span aria-hidden>to</span>
        {box('max', 'To', Boolean(maxError))}
        <span>business days</span>
      </div>
      <p id={`${id}-message`} className={cn('text-xs', error ? 'text-red-600' : 'text-zinc-500')}>{error ?? hint}</p>
    </fieldset>
  );
}
