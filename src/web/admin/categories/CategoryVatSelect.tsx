import { forwardRef, type SelectHTMLAttributes } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { VAT_RATE_LABELS } from '@shared/vat';
import type { CategoryVatChoice } from './category-form';

const CHOICES: { value: CategoryVatChoice; label: string }[] = [
  { value: '', label: VAT_RATE_LABELS.standard },
  { value: 'reduced', label: VAT_RATE_LABELS.reduced },
  { value: 'zero', label: VAT_RATE_LABELS.zero },
  { value: 'exempt', label: VAT_RATE_LABELS.exempt },
];

/** "Default VAT rate" (issue 25): the rate of the category's products that set none of their own. */
export const CategoryVatSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { error?: string }>(({ error, ...props }, ref) => (
  <FormField label="Default VAT rate" error={error} hint="Products whose main category this is use it unless they set their own rate.">
    <Select ref={ref} {...props}>
      {CHOICES.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
    </Select>
  </FormField>
));
CategoryVatSelect.displayName = 'CategoryVatSelect';
