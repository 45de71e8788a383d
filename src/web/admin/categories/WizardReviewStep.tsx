import { ArrowLeft, Sparkles } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { VAT_RATE_LABELS } from '@shared/vat';
import { CopyFields } from './CopyFields';
import { wizardSlug, type FieldErrors, type WizardBasics, type WizardContent } from './wizard-state';

interface Props {
  basics: WizardBasics;
  content: WizardContent;
  generated: boolean;
  errors: FieldErrors;
  saving: boolean;
  onContentChange: (content: WizardContent) => void;
  onEditBasics: () => void;
  onBack: () => void;
  onSave: () => void;
}

/** Step 3 'Review & Publish' (spec §2): the basics at a glance, the copy still editable, then create. */
export function WizardReviewStep({ basics, content, generated, errors, saving, onContentChange, onEditBasics, onBack, onSave }: Props) {
  const summary: { label: string; value: string; field: string }[] = [
    { label: 'Name', value: basics.name.trim(), field: 'name' },
    { label: 'Slug', value: wizardSlug(basics), field: 'slug' },
    { label: 'Display Order', value: basics.display_order.trim() || '0', field: 'display_order' },
    { label: 'Featured', value: basics.is_featured ? 'Yes' : 'No', field: 'is_featured' },
    { label: 'Default VAT rate', value: VAT_RATE_LABELS[basics.vat_rate || 'standard'], field: 'vat_rate' },
    ...(basics.hero_image_url.trim() ? [{ label: 'Hero Image', value: basics.hero_image_url.trim(), field: 'hero_image_url' }] : []),
  ];
  const basicsInError = summary.some((item) => errors[item.field]);
  return (
    <div className="grid gap-5">
      <section aria-labelledby="wizard-basics" className="rounded-lg border border-zinc-200 p-4">
        <div className="flex items-center justify-between gap-2">
          <h3 id="wizard-basics" className="text-sm font-semibold">Category Basics</h3>
          <Button variant="link" size="sm" className="h-auto px-0" onClick={onEditBasics}>Edit basics</Button>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
          {summary.map((item) => (
            <div key={item.label} className="min-w-0">
              <dt className="text-xs text-zinc-500">{item.label}</dt>
              <dd className="break-words font-medium">{item.value}</dd>
              {errors[item.field] ? <dd className="text-xs text-red-600">{errors[item.field]}</dd> : null}
            </div>
          ))}
        </dl>
        {basicsInError ? <p className="mt-3 text-xs text-red-600">Use Edit basics to correct this, then come back to create the category.</p> : null}
      </section>
      <section aria-labelledby="wizard-content" className="grid gap-3">
        <div className="flex items-center gap-2">
          <h3 id="wizard-content" className="text-sm font-semibold">Content</h3>
          {generated ? <Badge variant="default"><Sparkles className="size-3" aria-hidden /> AI generated</Badge> : null}
        </div>
        <CopyFields value={content} errors={errors} onChange={onContentChange} />
      </section>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" disabled={saving} onClick={onBack}><ArrowLeft aria-hidden /> Back</Button>
        <Button disabled={saving} onClick={onSave}>{saving ? 'Saving…' : 'Create Category'}</Button>
      </div>
    </div>
  );
}
