import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useCategoryOptions } from '@/lib/admin-products';
import { useStoreSettings } from '@/lib/admin-settings';
import { VAT_RATE_LABELS, VAT_RATES } from '@shared/vat';
import type { ProductFormValues } from './product-form-values';
import { categoryDefaultLabel, categoryDefaultRate, type SavedProductVat } from './product-vat';

interface Props {
  control: Control<ProductFormValues>;
  register: UseFormRegister<ProductFormValues>;
  error?: string;
  /** The saved product's VAT (edit mode); null for a new product. */
  saved: SavedProductVat | null;
}

/** "VAT rate" (issue 25): the category default, which it names, or one of the four rates. Sent as vat_rate. */
export function VatRateField({ control, register, error, saved }: Props) {
  const categoryIds = useWatch({ control, name: 'category_ids' });
  const categories = useCategoryOptions();
  const settings = useStoreSettings();
  const fallback = categoryDefaultRate(categoryIds, categories.data, saved);
  const registered = settings.data?.settings.settings_json.business.vat_registered;
  const hint =
    registered === false
      ? 'Your store is not VAT registered, so shoppers see no VAT. The rate is used once you register (Settings > Store Info).'
      : 'Prices include VAT. The category default is the main category’s rate, or standard.';
  return (
    <FormField label="VAT rate" error={error} hint={hint}>
      <Select {...register('vat_rate')}>
        <option value="">{categoryDefaultLabel(fallback)}</option>
        {VAT_RATES.map((rate) => <option key={rate} value={rate}>{VAT_RATE_LABELS[rate]}</option>)}
      </Select>
    </FormField>
  );
}
