import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { CATEGORY_LIMITS } from '@shared/admin-categories';
import type { FieldErrors, WizardContent } from './wizard-state';

/** The category's public copy as editable fields, with the SEO limits counted as you type. */
export function CopyFields({ value, errors = {}, onChange }: { value: WizardContent; errors?: FieldErrors; onChange: (value: WizardContent) => void }) {
  const set = (patch: Partial<WizardContent>) => onChange({ ...value, ...patch });
  const count = (text: string, max: number) => `${text.length}/${max} characters`;
  return (
    <div className="grid gap-4">
      <FormField label="Description" error={errors.description}>
        <Textarea rows={5} value={value.description} onChange={(e) => set({ description: e.target.value })} />
      </FormField>
      <FormField label="SEO Title" error={errors.meta_title} hint={count(value.meta_title, CATEGORY_LIMITS.metaTitle)}>
        <Input autoComplete="off" value={value.meta_title} onChange={(e) => set({ meta_title: e.target.value })} />
      </FormField>
      <FormField label="SEO Description" error={errors.meta_description} hint={count(value.meta_description, CATEGORY_LIMITS.metaDescription)}>
        <Textarea rows={3} className="min-h-20" value={value.meta_description} onChange={(e) => set({ meta_description: e.target.value })} />
      </FormField>
    </div>
  );
}
