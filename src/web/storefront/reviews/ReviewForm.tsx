import { useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { toast } from '@/lib/toast';
import { REVIEW_TEXT, type ReviewBody } from '@shared/catalog';
import { REVIEW_LIMITS, reviewBody, type ReviewBodyOutput } from '@shared/review-schemas';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { useSubmitReview } from '@/lib/reviews';
import { applyServerFieldErrors } from '@/lib/forms';
import { StarRatingInput } from './StarRatingInput';

type Values = ReviewBody;
const EMPTY: Values = { rating: 5, title: '', body: '', customer_email: '' };
const FIELDS = ['rating', 'title', 'body', 'customer_email'] as const;

/**
 * Write Review (storefront spec §2, §5): rating, title, review and email; reviews wait for moderation.
 * Checked with the server's own schema (reviewBody, Zod Mini) before the round trip, in its words.
 */
export function ReviewForm({ productId, onCancel, onSubmitted }: { productId: string; onCancel: () => void; onSubmitted: () => void }) {
  const submitReview = useSubmitReview(productId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, ReviewBodyOutput>({ defaultValues: EMPTY, resolver: zodResolver(reviewBody) });
  const { errors, isSubmitting } = form.formState;

  const onValid = async (body: ReviewBodyOutput) => {
    setFormError(null);
    try {
      const result = await submitReview.mutateAsync(body);
      toast.success(result.message || REVIEW_TEXT.moderation);
      form.reset(EMPTY);
      onSubmitted();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
      const message = errorMessage(error, REVIEW_TEXT.submitFailed);
      setFormError(message);
      toast.error(message);
    }
  };
  // A required field left empty also gets the spec's toast (§5): 'Missing Information'.
  const onInvalid = (problems: FieldErrors<Values>) => {
    setFormError(null);
    if (Object.values(problems).some((problem) => problem?.message === REVIEW_TEXT.missing)) toast.error(REVIEW_TEXT.missingTitle, { description: REVIEW_TEXT.missing });
  };

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="grid gap-5 rounded-xl border border-zinc-200 bg-zinc-50/60 p-5 sm:p-6">
      <h3 className="text-lg font-semibold">Write a review</h3>
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <Controller control={form.control} name="rating" render={({ field }) => <StarRatingInput value={field.value ?? 5} onChange={field.onChange} />} />
      {errors.rating ? <p className="-mt-3 text-xs text-red-600">{errors.rating.message}</p> : null}
      <FormField label="Title" error={errors.title?.message}>
        <Input maxLength={REVIEW_LIMITS.title} placeholder="Sum it up in a few words" {...form.register('title')} />
      </FormField>
      <FormField label="Review" error={errors.body?.message}>
        <Textarea maxLength={REVIEW_LIMITS.body} rows={5} placeholder="What did you like or dislike? How have you used it?" {...form.register('body')} />
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
