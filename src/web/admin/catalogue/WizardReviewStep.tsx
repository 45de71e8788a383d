import { useState } from 'react';
import { AlertCircle, ArrowLeft, Loader2, Rocket } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from '@shared/ai';
import { slugify } from '@shared/slugify';
import { reviewErrors, WIZARD_TEXT, type Essentials, type Review, type ReviewErrors } from './product-wizard-state';

interface Props {
  value: Review;
  /** Step 1's answers: the brand and category go into the body that is checked and published. */
  essentials: Essentials;
  onChange: (next: Review) => void;
  publishing: boolean;
  error: string | null;
  onBack: () => void;
  onPublish: (review: Review) => void;
}

/** Step 3, 'Review & publish' (admin spec §2): every text editable, nothing saved until Publish. */
export function WizardReviewStep({ value, essentials, onChange, publishing, error, onBack, onPublish }: Props) {
  const [errors, setErrors] = useState<ReviewErrors>({});
  const set = (key: keyof Review) => (e: { target: { value: string } }) => {
    onChange({ ...value, [key]: e.target.value });
    if (errors[key] || errors.form) setErrors({ ...errors, [key]: undefined, form: undefined });
  };
  const slug = slugify(value.name);

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const found = reviewErrors(value, essentials);
        setErrors(found);
        if (Object.keys(found).length === 0) onPublish(value);
      }}
    >
      <div>
        <h3 className="font-semibold">{WIZARD_TEXT.reviewTitle}</h3>
        <p className="text-sm text-zinc-500">{WIZARD_TEXT.reviewNote}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField label="Product name" error={errors.name}>
            <Input value={value.name} onChange={set('name')} maxLength={200} />
          </FormField>
        </div>
        <FormField label="SKU" error={errors.sku}>
          <Input value={value.sku} onChange={set('sku')} maxLength={64} />
        </FormField>
        <FormField label="Price (£)" error={errors.price}>
          <Input value={value.price} onChange={set('price')} inputMode="decimal" />
        </FormField>
      </div>
      <div className="grid gap-1.5">
        <span className="text-sm font-medium text-zinc-800" id="wizard-slug-label">Slug preview</span>
        <p aria-labelledby="wizard-slug-label" className="truncate rounded-md border border-dashed border-zinc-300 bg-zinc-50 px-3 py-2 font-mono text-xs text-zinc-700" data-testid="slug-preview">
          /p/{slug || '…'}
        </p>
      </div>
      <FormField label="Description" error={errors.description}>
        <Textarea value={value.description} onChange={set('description')} className="min-h-36" />
      </FormField>
      <FormField label="Meta title" error={errors.metaTitle} hint={`${value.metaTitle.length}/${META_TITLE_MAX}`}>
        <Input value={value.metaTitle} onChange={set('metaTitle')} maxLength={META_TITLE_MAX} />
      </FormField>
      <FormField label="Meta description" error={errors.metaDescription} hint={`${value.metaDescription.length}/${META_DESCRIPTION_MAX}`}>
        <Textarea value={value.metaDescription} onChange={set('metaDescription')} maxLength={META_DESCRIPTION_MAX} className="min-h-20" />
      </FormField>
      <FormField label="Suggested bullets" hint="One per line." error={errors.bulletsText}>
        <Textarea value={value.bulletsText} onChange={set('bulletsText')} className="min-h-24" />
      </FormField>
      {errors.form ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <span>{errors.form}</span>
        </Alert>
      ) : null}
      {error ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <span>
            <strong className="block font-medium">{WIZARD_TEXT.publishFailed}</strong>
            {error !== WIZARD_TEXT.publishFailed ? error : null}
          </span>
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onBack} disabled={publishing} className="sm:mr-auto">
          <ArrowLeft aria-hidden /> Back
        </Button>
        <Button type="submit" disabled={publishing}>
          {publishing ? <Loader2 className="animate-spin" aria-hidden /> : <Rocket aria-hidden />}
          {publishing ? WIZARD_TEXT.publishing : WIZARD_TEXT.publish}
        </Button>
      </div>
    </form>
  );
}
