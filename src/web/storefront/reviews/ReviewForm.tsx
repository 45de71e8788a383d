import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Lock } from 'lucide-react';
import { toast } from '@/lib/toast';
import { REVIEW_TEXT } from '@shared/catalog';
import { checkReview, type ReviewField } from '@shared/review-check';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { useSubmitReview } from '@/lib/reviews';
import { applyServerFieldErrors } from '@/lib/forms';
import { StarRatingInput } from './StarRatingInput';

type Values = { rating: number; title: string; body: string; customer_email: string };
const EMPTY: Values = { rating: 5, title: '', body: '', customer_email: '' };
const FIELDS = ['rating', 'title', 'body', 'customer_email'] as const;

/** What each required field says when it is left empty (the toast says the spec's words). */
const REQUIRED: Record<'title' | 'body' | 'customer_email', string> = {
  title: 'Give your review a title',
  body: 'Write a few words about the product',
  customer_email: 'Enter your email address',
};

/** Write Review (storefront spec §2, §5): rating, title, review and email; reviews wait for moderation. */
export function ReviewForm({ productId, onCancel, onSubmitted }: { productId: string; onCancel: () => void; onSubmitted: () => void }) {
  const submitReview = useSubmitReview(productId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const missing = (['title', 'body', 'customer_email'] as const).filter((field) => !values[field].trim());
    if (missing.length > 0) {
      missing.forEach((field, index) => form.setError(field, { type: 'required', message: REQUIRED[field] }, { shouldFocus: index === 0 }));
      toast.error(REVIEW_TEXT.missingTitle, { description: REVIEW_TEXT.missing });
      return;
    }
    // The server's own rules (lengths, email format) checked here first, to answer without a round trip.
    const checked = checkReview(values);
    if (!checked.success) {
      for (const [field, message] of Object.entries(checked.errors)) form.setError(field as ReviewField, { type: 'validate', message });
      return;
    }
    try {
      const result = await submitReview.mutateAsync(checked.data);
      toast.success(result.message || REVIEW_TEXT.moderation);
      form.reset(EMPTY);
      onSubmitted();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
      const message = errorMessage(error, REVIEW_TEXT.submitFailed);
      setFormError(message);
      toast.error(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5 rounded-xl border border-zinc-200 bg-zinc-50/60 p-5 sm:p-6">
      <h3 className="text-lg font-semibold">Write a review</h3>
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <Controller control={form.control} name="rating" render={({ field }) => <StarRatingInput value={field.value} onChange={field.onChange} />} />
      {errors.rating ? <p className="-mt-3 text-xs text-red-600">{errors.rating.message}</p> : null}
      <FormField label="Title" error={errors.title?.message}>
        <Input maxLength={120} placeholder="Sum it up in a few words" {...form.register('title')} />
      </FormField>
      <FormField label="Review" error={errors.body?.message}>
        <Textarea maxLength={4000} rows={5} placeholder="What did you like or dislike? How have you used it?" {...form.register('body')} />
      </FormField>
      <div className="grid gap-2">
        <FormField label="Email" error={errors.customer_email?.message}>
          <Input type="email" autoComplete="email" placeholder="you@example.co.uk" {...form.register('customer_email')} />
        </FormField>
        {/* Kept outside the field's hint so it stays on screen when the field shows an error. */}
        <p className="flex gap-2 text-xs text-zinc-500">
          <Lock className="mt-px size-3.5 shrink-0" aria-hidden />
          Your email address is not published. Next to your review it is shown masked: the first two characters, then asterisks.
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>Cancel</Button>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Submitting...' : 'Submit review'}</Button>
      </div>
    </form>
  );
}
