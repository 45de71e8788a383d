import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { ArrowLeft, Shuffle } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { SwitchRow } from '@/components/ui/switch-row';
import { errorMessage } from '@/lib/api';
import { useSaveDiscount, type AdminDiscountDetail } from '@/lib/admin-discounts';
import { toast } from '@/lib/toast';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { DISCOUNT_LIMITS } from '@shared/admin-discounts';
import { formatGBP } from '@shared/money';
import { DISCOUNT_KINDS, DISCOUNT_KIND_LABELS, type DiscountKind } from '@shared/discounts';
import { londonZoneName } from '@shared/london-time';
import { applyDiscountServerErrors, DISCOUNT_FORM_FIELDS, discountBodyFrom, formValuesOf, generateDiscountCode, type DiscountFormValues } from './discount-form';
import { CategoryTargetsPicker, ProductTargetsPicker } from './TargetPickers';
import { DiscountStatusBadge, usesText } from './DiscountRow';

const LIST = '/admin/discounts';

const VALUE_LABELS: Record<Exclude<DiscountKind, 'free_delivery'>, { label: string; hint: string; placeholder: string }> = {
  percentage: { label: 'Percentage off (%) *', hint: 'A whole number from 1 to 100.', placeholder: '20' },
  fixed: { label: 'Amount off (£) *', hint: 'Taken off the goods it applies to, never more than they cost.', placeholder: '5.00' },
};

/**
 * Create (discount null) or edit a discount code: every field the server checks, checked here first
 * with the same schema; the server's own field errors replace them when it answers. Dates are UK time.
 */
export function DiscountForm({ discount }: { discount: AdminDiscountDetail | null }) {
  const navigate = useNavigate();
  const save = useSaveDiscount();
  const editing = discount !== null;
  const form = useForm<DiscountFormValues>({ defaultValues: formValuesOf(discount) });
  const { register, control, setValue, setError, clearErrors, formState } = form;
  const { errors, isSubmitting, isDirty } = formState;
  const guard = useUnsavedChanges(isDirty, editing ? 'this discount code' : 'this new discount code');
  const [formError, setFormError] = useState<string | null>(null);
  // What each chosen product is called: the saved code's, then each one picked.
  const [productNames, setProductNames] = useState<Record<string, string>>(() => Object.fromEntries((discount?.products ?? []).map((p) => [p.id, p.name])));

  const kind = useWatch({ control, name: 'kind' });
  const appliesTo = useWatch({ control, name: 'applies_to' });
  const startsAt = useWatch({ control, name: 'starts_at' });
  const endsAt = useWatch({ control, name: 'ends_at' });

  const focusFirstError = () => {
    const first = DISCOUNT_FORM_FIELDS.find((field) => form.getFieldState(field).error);
    if (first === 'product_ids' || first === 'category_ids') document.getElementById('discount-targets')?.scrollIntoView({ block: 'center' });
    else if (first) form.setFocus(first as Path<DiscountFormValues>);
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    clearErrors();
    const body = discountBodyFrom(values, setError);
    if (!body) return focusFirstError();
    try {
      const saved = await save.mutateAsync({ id: discount?.id ?? null, body });
      toast.success(editing ? `${saved.code} saved` : `${saved.code} created`);
      // Saved: the list opens without asking, although the form still holds the typed values.
      guard.withoutAsking(() => navigate(LIST));
    } catch (error) {
      const message = errorMessage(error, 'Failed to save the discount code');
      toast.error(message);
      if (applyDiscountServerErrors(error, setError)) focusFirstError();
      else setFormError(message);
    }
  });

  const zone = (value: string) => {
    const name = londonZoneName(value);
    return name ? `UK time (${name === 'BST' ? 'British Summer Time' : 'Greenwich Mean Time'}).` : 'UK time.';
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-label={editing ? 'Edit discount' : 'Create discount'}>
      <div className="flex items-center gap-3">
        <Button variant="ghost" size="icon" asChild>
          <Link to={LIST} aria-label="Back to discounts"><ArrowLeft aria-hidden /></Link>
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold tracking-tight">{editing ? 'Edit discount' : 'Create discount'}</h1>
          {discount ? (
            <p className="mt-0.5 flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm font-semibold break-all text-zinc-700">{discount.code}</span>
              <DiscountStatusBadge status={discount.status} />
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Saving…' : editing ? 'Save changes' : 'Create discount'}</Button>
      </div>

      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      {discount && (discount.uses > 0 || discount.orders > 0) ? (
        <Alert>
          This code has been used. Changes apply to carts and checkouts from now on; orders already placed keep the discount they were given.
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Section title="Code" description="What shoppers type in the cart or at checkout. Letters are upper-cased; the code is matched whatever its case.">
            <div className="grid gap-1.5">
              <Label htmlFor="discount-code">Code *</Label>
              <div className="flex gap-2">
                <Input
                  id="discount-code"
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono uppercase"
                  maxLength={DISCOUNT_LIMITS.codeMax + 8}
                  aria-invalid={errors.code ? true : undefined}
                  aria-describedby="discount-code-msg"
                  {...register('code')}
                />
                <Button type="button" variant="outline" onClick={() => setValue('code', generateDiscountCode(), { shouldDirty: true, shouldValidate: false })}>
                  <Shuffle aria-hidden /> Generate
                </Button>
              </div>
              {errors.code ? (
                <p id="discount-code-msg" className="text-xs text-red-600">{errors.code.message}</p>
              ) : (
                <p id="discount-code-msg" className="text-xs text-zinc-500">3 to 32 letters, digits, hyphens or underscores, such as SPRING20.</p>
              )}
            </div>
          </Section>

          <Section title="Discount">
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <FormField label="Type *" error={errors.kind?.message}>
                <Select {...register('kind')}>
                  {DISCOUNT_KINDS.map((k) => <option key={k} value={k}>{DISCOUNT_KIND_LABELS[k]}</option>)}
                </Select>
              </FormField>
              {kind === 'free_delivery' ? (
                <p className="text-sm text-zinc-600 sm:pt-6">The shopper’s delivery charge is waived, whichever delivery option they choose.</p>
              ) : (
                <FormField label={VALUE_LABELS[kind].label} error={errors.value?.message} hint={VALUE_LABELS[kind].hint}>
                  <Input inputMode="decimal" autoComplete="off" placeholder={VALUE_LABELS[kind].placeholder} {...register('value')} />
                </FormField>
              )}
            </div>
            <fieldset id="discount-targets" className="grid gap-2">
              <legend className="mb-1.5 text-sm font-medium text-zinc-800">Applies to</legend>
              <Choice {...register('applies_to')} value="order" label="The whole order" hint="Every item in the cart." />
              <Choice {...register('applies_to')} value="items" label="Chosen products and categories" hint="Only those items; the rest of the cart is full price." />
            </fieldset>
            {appliesTo === 'items' ? (
              <div className="grid gap-4 rounded-lg border border-zinc-200 bg-zinc-50/60 p-3">
                <Controller
                  control={control}
                  name="product_ids"
                  render={({ field }) => (
                    <ProductTargetsPicker
                      value={field.value}
                      names={productNames}
                      error={errors.product_ids?.message}
                      onChange={(ids, picked) => {
                        if (picked) setProductNames((names) => ({ ...names, [picked.id]: picked.name }));
                        field.onChange(ids);
                      }}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="category_ids"
                  render={({ field }) => <CategoryTargetsPicker value={field.value} onChange={field.onChange} error={errors.category_ids?.message} />}
                />
              </div>
            ) : null}
          </Section>

          <Section title="Requirements and limits">
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <FormField label="Minimum spend (£)" error={errors.min_subtotal?.message} hint="Goods in the cart before the discount. Leave empty for none.">
                <Input inputMode="decimal" autoComplete="off" placeholder="50.00" {...register('min_subtotal')} />
              </FormField>
              <FormField label="Total uses" error={errors.usage_limit?.message} hint="How many orders may use it. Leave empty for no limit.">
                <Input inputMode="numeric" autoComplete="off" placeholder="No limit" {...register('usage_limit')} />
              </FormField>
            </div>
            <Controller
              control={control}
              name="once_per_customer"
              render={({ field }) => (
                <SwitchRow label="One use per customer" hint="By the email on the order, whether the shopper has an account or checks out as a guest." checked={field.value} onChange={field.onChange} />
              )}
            />
          </Section>

          <Section title="Dates" description="Shown and entered in UK time; leave either empty for no start or no end.">
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <FormField label="Starts" error={errors.starts_at?.message} hint={zone(startsAt)}>
                <Input type="datetime-local" {...register('starts_at')} />
              </FormField>
              <FormField label="Ends" error={errors.ends_at?.message} hint={zone(endsAt)}>
                <Input type="datetime-local" {...register('ends_at')} />
              </FormField>
            </div>
          </Section>
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <Section title="Status">
            <Controller
              control={control}
              name="is_active"
              render={({ field }) => <SwitchRow label="Active" hint="Switched off, shoppers cannot use the code; it stays here with its orders and figures." checked={field.value} onChange={field.onChange} />}
            />
          </Section>
          {discount ? (
            <Section title="Performance">
              <dl className="grid grid-cols-2 gap-3 text-sm">
                <Figure label="Uses">{usesText(discount)}</Figure>
                <Figure label="Orders">{discount.orders}</Figure>
                <Figure label="Sales">{formatGBP(discount.sales)}</Figure>
                <Figure label="Discount given">{formatGBP(discount.discount_given)}</Figure>
              </dl>
            </Section>
          ) : null}
        </div>
      </div>
    </form>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}


type ChoiceProps = ReturnType<ReturnType<typeof useForm<DiscountFormValues>>['register']> & { value: string; label: string; hint: string };

/** One radio button of a group, with its label and a line under it. */
function Choice({ label, hint, value, ...field }: ChoiceProps) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex cursor-pointer items-start gap-3 rounded-lg border border-zinc-200 p-3 hover:bg-zinc-50 has-[:checked]:border-indigo-300 has-[:checked]:bg-indigo-50/50">
      <input id={id} type="radio" value={value} className="mt-0.5 size-4 accent-indigo-600" {...field} />
      <span>
        <span className="block text-sm font-medium text-zinc-900">{label}</span>
        <span className="block text-xs text-zinc-500">{hint}</span>
      </span>
    </label>
  );
}
