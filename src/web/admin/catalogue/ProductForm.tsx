import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { SwitchRow } from '@/components/ui/switch-row';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { useSaveProduct, type SuggestGoal } from '@/lib/admin-products';
import { cn } from '@/lib/utils';
import { slugify } from '@shared/slugify';
import { META_DESCRIPTION_MAX, META_TITLE_MAX, type NewProductImageInput } from '@shared/admin-products';
import { useProductImages } from '@/lib/admin-media';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { AiSuggestButton } from './AiSuggestButton';
import { CategoryPicker } from './CategoryPicker';
import { VariantsEditor } from './VariantsEditor';
import { NewProductImages } from './NewProductImages';
import { ProductImages } from './ProductImages';
import { useNewProductImages } from './use-new-product-images';
import type { VariantPictures } from './VariantPicture';
import { toFormValues, validateForm, type ProductFormValues } from './product-form-values';
import type { SavedProductVat } from './product-vat';
import { VatRateField } from './VatRateField';
import { ProductSuggestions } from './ProductSuggestions';
import { VariantPricingNote } from './VariantPricingNote';

const LIST = '/admin/catalogue/products';

/** Admin spec §2 "Product form": create when productId is null, else edit that product. */
export function ProductForm({ productId, initial, savedVat = null }: { productId: string | null; initial: ProductFormValues; savedVat?: SavedProductVat | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSaveProduct(productId ?? undefined);
  const newImages = useNewProductImages();
  const savedImages = useProductImages(productId);
  const variantPictures: VariantPictures =
    productId === null ? { state: 'new' }
    : savedImages.data ? { state: 'ready', images: savedImages.data.images }
    : savedImages.isError ? { state: 'failed' }
    : { state: 'loading' };
  const form = useForm<ProductFormValues>({ defaultValues: initial });
  const { register, control, setValue, getValues, setError, clearErrors, formState } = form;
  const { errors } = formState;
  const editing = productId !== null;
  const [slugEdited, setSlugEdited] = useState(editing);
  // A new product's chosen pictures are unsaved work too (they upload on Save).
  const guard = useUnsavedChanges(formState.isDirty || newImages.items.length > 0, editing ? 'this product' : 'this new product');

  // Create mode: the slug follows the name until it is edited by hand (edit mode: it stays fixed).
  const name = useWatch({ control, name: 'name' });
  const slug = useWatch({ control, name: 'slug' });
  useEffect(() => {
    if (!slugEdited) setValue('slug', slugify(name));
  }, [name, slugEdited, setValue]);

  // The list's 'Adjust' link lands on the stock field.
  useEffect(() => {
    if (location.hash !== '#stock') return;
    const section = document.getElementById('stock');
    section?.scrollIntoView({ block: 'center' });
    section?.querySelector<HTMLInputElement>('input[name="stock_quantity"]')?.focus();
  }, [location.hash]);

  const submit = form.handleSubmit(async (values) => {
    clearErrors();
    const { body, errors: problems } = validateForm(values);
    const keys = Object.keys(problems);
    if (keys.length) {
      keys.forEach((key, i) => setError(key as Path<ProductFormValues>, { type: 'validate', message: problems[key] }, { shouldFocus: i === 0 }));
      return;
    }
    // A new product's chosen pictures are uploaded first and created with it (decision 010).
    let images: NewProductImageInput[] = [];
    if (!editing) {
      try {
        images = await newImages.uploadAll();
      } catch (error) {
        toast.error('Failed to upload image', { description: errorMessage(error, 'Please try again.') });
        return;
      }
    }
    try {
      const saved = await save.mutateAsync(images.length ? { ...body, images } : body);
      toast.success(editing ? 'Product updated successfully' : 'Product created successfully');
      // Saved: the form is clean from here. The list renders in a transition, so a quick Back can find
      // this same form still mounted; it must not then ask about changes that were saved.
      form.reset(toFormValues(saved));
      guard.withoutAsking(() => navigate(LIST));
    } catch (error) {
      if (error instanceof ApiError) {
        Object.entries(error.fields).forEach(([key, message], i) => setError(key as Path<ProductFormValues>, { type: 'server', message }, { shouldFocus: i === 0 }));
      }
      toast.error('Error', { description: errorMessage(error, 'Failed to save product') });
    }
  });

  /** What the AI helpers are told about the product: every field but the one being written. */
  const contextFor = (field: keyof ProductFormValues) => () => {
    const { variants: _variants, category_ids: _categories, ...rest } = getValues();
    void _variants;
    void _categories;
    return Object.fromEntries(Object.entries(rest).filter(([key]) => key !== field));
  };
  const ai = (field: 'name' | 'description' | 'bullets' | 'meta_title' | 'meta_description', goal: SuggestGoal, label: string) => (
    <AiSuggestButton
      field={field}
      goal={goal}
      label={label}
      productId={productId}
      context={contextFor(field)}
      onSuggestion={(text) => {
        setValue(field, text, { shouldDirty: true });
        if (field === 'name' && !slugEdited) setValue('slug', slugify(text));
      }}
    />
  );

  const tracking = useWatch({ control, name: 'track_inventory' });
  // A product with variants has no stock of its own: the form shows theirs added up (decision 042).
  const variantRows = useWatch({ control, name: 'variants' });
  const variantStock = variantRows.reduce((n, v) => n + (Number.parseInt(v.stock_quantity, 10) || 0), 0);
  const metaTitle = useWatch({ control, name: 'meta_title' });
  const metaDescription = useWatch({ control, name: 'meta_description' });
  const busy = formState.isSubmitting;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-label={editing ? 'Edit Product' : 'Add Product'}>
      <div className="flex items-center gap-3">
        <Button variant="ghost" size="icon" asChild>
          <Link to={LIST} aria-label="Back to products"><ArrowLeft aria-hidden /></Link>
        </Button>
        <h1 className="flex-1 text-2xl font-semibold tracking-tight">{editing ? 'Edit Product' : 'Add Product'}</h1>
        <Button type="submit" disabled={busy}>{busy ? 'Saving...' : 'Save'}</Button>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Section title="Basic Information">
            <FieldWithAi label="Product Name*" error={errors.name?.message} action={ai('name', 'product_title', 'a product name')}>
              <Input autoComplete="off" {...register('name')} />
            </FieldWithAi>
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <FormField label="SKU*" error={errors.sku?.message}>
                <Input autoComplete="off" {...register('sku')} />
              </FormField>
              <FormField label="Brand" error={errors.brand?.message}>
                <Input autoComplete="off" {...register('brand')} />
              </FormField>
            </div>
            <FormField label="Slug*" error={errors.slug?.message} hint={editing ? `The product page address: /p/${slug || '…'}` : 'Follows the name until you change it.'}>
              <Input
                autoComplete="off"
                {...register('slug', {
                  onChange: () => setSlugEdited(true),
                  onBlur: (e) => setValue('slug', slugify(e.target.value)),
                })}
              />
            </FormField>
            <Controller
              control={control}
              name="category_ids"
              render={({ field }) => <CategoryPicker value={field.value} onChange={field.onChange} error={errors.category_ids?.message} />}
            />
          </Section>

          <Section title="Description">
            <FieldWithAi label="Description" error={errors.description?.message} action={ai('description', 'product_description', 'a description')}>
              <Textarea rows={7} {...register('description')} />
            </FieldWithAi>
          </Section>

          {productId !== null ? <ProductImages productId={productId} /> : <NewProductImages pictures={newImages} saving={formState.isSubmitting} />}

          <Section title="Pricing">
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <FormField label="Base Price (£)*" error={errors.base_price?.message}>
                <Input type="number" inputMode="decimal" step="0.01" min="0" {...register('base_price')} />
              </FormField>
              <FormField label="Sale Price (£)" error={errors.sale_price?.message} hint="Sale price must be lower than base price. Leave empty if not on sale.">
                <Input type="number" inputMode="decimal" step="0.01" min="0" {...register('sale_price')} />
              </FormField>
              <VariantPricingNote control={control} setValue={setValue} savedBasePrice={initial.base_price} />
              <VatRateField control={control} register={register} error={errors.vat_rate?.message} saved={savedVat} />
            </div>
          </Section>

          <Section title="Inventory" id="stock">
            <Controller
              control={control}
              name="track_inventory"
              render={({ field }) => (
                <SwitchRow
                  label="Track inventory"
                  hint="Disable this if you sell unlimited or made-to-order items. Stock levels and alerts will be ignored."
                  checked={field.value}
                  onChange={(on) => {
                    field.onChange(on);
                    if (!on) setValue('stock_quantity', '');
                  }}
                />
              )}
            />
            {tracking && variantRows.length > 0 ? (
              <p className="text-sm text-zinc-700" data-testid="variant-stock-sum">
                Stock: <span className="font-semibold tabular-nums">{variantStock}</span>, the sum of the variants&apos; stock. Set each variant&apos;s stock under Variants.
                {errors.stock_quantity?.message ? <span className="block text-red-600">{errors.stock_quantity.message}</span> : null}
              </p>
            ) : tracking ? (
              <FormField label="Stock Quantity" error={errors.stock_quantity?.message}>
                <Input type="number" inputMode="numeric" step="1" min="0" className="sm:max-w-48" {...register('stock_quantity')} />
              </FormField>
            ) : null}
            {productId !== null ? (
              <Link to={`/admin/catalogue/products/${productId}/stock`} className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">
                Stock history and adjustments
              </Link>
            ) : null}
          </Section>

          <Section title="Variants" description="Choices such as colour or size, each with its own SKU and price.">
            <VariantsEditor control={control} register={register} errors={errors} pictures={variantPictures} />
          </Section>

          <Section title="Product Highlights">
            <FieldWithAi label="Highlights" hint="One per line." error={errors.bullets?.message} action={ai('bullets', 'product_features', 'highlights')}>
              <Textarea rows={5} {...register('bullets')} />
            </FieldWithAi>
          </Section>

          <Section title="SEO">
            <FieldWithAi
              label="Meta Title"
              error={errors.meta_title?.message}
              action={ai('meta_title', 'seo_title', 'a meta title')}
              counter={<Counter value={metaTitle.length} max={META_TITLE_MAX} />}
            >
              <Input autoComplete="off" {...register('meta_title')} />
            </FieldWithAi>
            <FieldWithAi
              label="Meta Description"
              error={errors.meta_description?.message}
              action={ai('meta_description', 'seo_description', 'a meta description')}
              counter={<Counter value={metaDescription.length} max={META_DESCRIPTION_MAX} />}
            >
              <Textarea rows={3} {...register('meta_description')} />
            </FieldWithAi>
          </Section>
        </div>

        <div className="flex flex-col gap-6 lg:sticky lg:top-6 lg:self-start">
          <Section title="Publishing">
            <FormField label="Product Status*" error={errors.status?.message}>
              <Select {...register('status')}>
                <option value="draft">Draft</option>
                <option value="active">Active</option>
                <option value="archived">Archived</option>
              </Select>
            </FormField>
            <FormField label="Visibility*" error={errors.visibility?.message}>
              <Select {...register('visibility')}>
                <option value="public">Public</option>
                <option value="private">Private</option>
              </Select>
            </FormField>
            <Controller
              control={control}
              name="is_featured"
              render={({ field }) => <SwitchRow label="Show on Homepage" hint="Display in featured products section" checked={field.value} onChange={field.onChange} />}
            />
          </Section>
          {productId ? <ProductSuggestions productId={productId} /> : null}
        </div>
      </div>
    </form>
  );
}

function Section({ title, description, id, children }: { title: string; description?: string; id?: string; children: ReactNode }) {
  return (
    <Card id={id} className="scroll-mt-20">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** A FormField whose label row also holds the AI helper and, for SEO fields, the character counter. */
function FieldWithAi({ label, error, hint, action, counter, children }: { label: string; error?: string; hint?: string; action: ReactNode; counter?: ReactNode; children: ReactElement<Record<string, unknown>> }) {
  return (
    <div className="relative">
      <div className="absolute top-[-5px] right-0 flex items-center gap-2">
        {counter}
        {action}
      </div>
      <FormField label={label} error={error} hint={hint}>
        {children}
      </FormField>
    </div>
  );
}

function Counter({ value, max }: { value: number; max: number }) {
  return <span className={cn('text-xs tabular-nums', value > max ? 'font-medium text-red-600' : 'text-zinc-500')}>{value}/{max}</span>;
}

