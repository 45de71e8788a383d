import { Controller, useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Plus, Trash2, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { ProductFormValues } from './product-form-values';
import { VariantPicture, type VariantPictures } from './VariantPicture';

const MAX_OPTIONS = 5;
const NEW_VARIANT = { variant_id: '', sku: '', price: '', sale_price: '', stock_quantity: '', image_id: '', options: [{ name: '', value: '' }] };

interface EditorProps {
  control: Control<ProductFormValues>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}

/**
 * Variants: each row is one button on the product page, labelled by its option values ("Sage",
 * "Large / Sage"). Each keeps its own stock (empty is none); the product's is their sum. Each may show
 * one of the product's pictures when chosen.
 */
export function VariantsEditor({ control, register, errors, pictures }: EditorProps & { pictures: VariantPictures }) {
  const rows = useFieldArray({ control, name: 'variants' });
  return (
    <div className="grid gap-3">
      {rows.fields.length === 0 ? (
        <p className="text-sm text-zinc-500">No variants: the product is sold as it is. Add variants for choices such as colour or size.</p>
      ) : null}
      {rows.fields.map((field, index) => {
        const rowErrors = errors.variants?.[index];
        const n = index + 1;
        return (
          <fieldset key={field.id} className="grid gap-3 rounded-lg border border-zinc-200 bg-zinc-50/50 p-3">
            <div className="flex items-center justify-between">
              <legend className="text-sm font-medium">Variant {n}</legend>
              <Button type="button" size="sm" variant="ghost" className="text-zinc-500 hover:text-red-600" onClick={() => rows.remove(index)} aria-label={`Remove variant ${n}`}>
                <Trash2 aria-hidden /> Remove
              </Button>
            </div>
            <VariantOptions control={control} register={register} errors={errors} index={index} />
            <div className="grid grid-cols-2 items-start gap-3 md:grid-cols-4">
              <FormField label="SKU" error={rowErrors?.sku?.message}>
                <Input autoComplete="off" aria-label={`Variant ${n} SKU`} {...register(`variants.${index}.sku`)} />
              </FormField>
              <FormField label="Price (£)" error={rowErrors?.price?.message}>
                <Input aria-label={`Variant ${n} price (£)`} type="number" inputMode="decimal" step="0.01" min="0" {...register(`variants.${index}.price`)} />
              </FormField>
              <FormField label="Sale price (£)" error={rowErrors?.sale_price?.message}>
                <Input aria-label={`Variant ${n} sale price (£)`} type="number" inputMode="decimal" step="0.01" min="0" {...register(`variants.${index}.sale_price`)} />
              </FormField>
              <FormField label="Stock" error={rowErrors?.stock_quantity?.message}>
                <Input aria-label={`Variant ${n} stock`} type="number" inputMode="numeric" step="1" min="0" placeholder="0" {...register(`variants.${index}.stock_quantity`)} />
              </FormField>
            </div>
            <Controller
              control={control}
              name={`variants.${index}.image_id`}
              render={({ field: picture }) => <VariantPicture n={n} pictures={pictures} value={picture.value} onChange={picture.onChange} error={rowErrors?.image_id?.message} />}
            />
            {rowErrors?.root?.message || rowErrors?.message ? <p className="text-xs text-red-600">{rowErrors.root?.message ?? rowErrors.message}</p> : null}
          </fieldset>
        );
      })}
      {errors.variants?.root?.message || errors.variants?.message ? (
        <p className="text-xs text-red-600" role="alert">{errors.variants.root?.message ?? errors.variants.message}</p>
      ) : null}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => rows.append(NEW_VARIANT)}>
          <Plus aria-hidden /> Add variant
        </Button>
      </div>
    </div>
  );
}

/** A variant's option pairs, e.g. Colour: Sage and Size: Large. */
function VariantOptions({ control, register, errors, index }: EditorProps & { index: number }) {
  const options = useFieldArray({ control, name: `variants.${index}.options` });
  const n = index + 1;
  return (
    <div className="grid gap-2">
      {options.fields.map((field, o) => {
        const optionErrors = errors.variants?.[index]?.options?.[o];
        return (
          <div key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <FormField label="Option" error={optionErrors?.name?.message}>
              <Input aria-label={`Variant ${n} option ${o + 1} name`} placeholder="Colour" autoComplete="off" {...register(`variants.${index}.options.${o}.name`)} />
            </FormField>
            <FormField label="Value" error={optionErrors?.value?.message}>
              <Input aria-label={`Variant ${n} option ${o + 1} value`} placeholder="Sage" autoComplete="off" {...register(`variants.${index}.options.${o}.value`)} />
            </FormField>
            <Button type="button" size="icon" variant="ghost" className="mt-6 text-zinc-500" onClick={() => options.remove(o)} aria-label={`Remove option ${o + 1} of variant ${n}`}>
              <X aria-hidden />
            </Button>
          </div>
        );
      })}
      {options.fields.length < MAX_OPTIONS ? (
        <div>
          <Button type="button" size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={() => options.append({ name: '', value: '' })}>
            <Plus aria-hidden /> Add option
          </Button>
        </div>
      ) : null}
    </div>
  );
}
