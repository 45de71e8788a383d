import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useCreateCategory, useUpdateCategory, type AdminCategory } from '@/lib/admin-categories';
import { slugify } from '@shared/slugify';
import { CATEGORY_LIMITS } from '@shared/admin-categories';
import { applyCategoryServerErrors, CATEGORY_FORM_FIELDS, categoryBodyFrom, formValuesOf, type CategoryFormValues } from './category-form';
import { CategoryVatSelect } from './CategoryVatSelect';
import { FeaturedCheckbox } from './FeaturedCheckbox';
import { HeroImagePreview } from './HeroImagePreview';
import { MediaPickerButton } from '../media/MediaPickerButton';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The category being edited; null creates a new one. */
  category: AdminCategory | null;
  /** Every category, for the parent picker. */
  categories: AdminCategory[];
}

/** Spec §2 'Manual Create' dialog: 'Create New Category' or 'Edit Category'. */
export function CategoryFormDialog({ open, onOpenChange, category, categories }: Props) {
  const editing = category !== null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Category' : 'Create New Category'}</DialogTitle>
          <DialogDescription>{editing ? 'Change how this category appears in your store.' : 'Add a category by hand. Fields marked * are required.'}</DialogDescription>
        </DialogHeader>
        {/* Mounted afresh each time the dialog opens, so every opening starts from the category's values. */}
        <CategoryForm category={category} categories={categories} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CategoryForm({ category, categories, onDone }: { category: AdminCategory | null; categories: AdminCategory[]; onDone: () => void }) {
  const editing = category !== null;
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const form = useForm<CategoryFormValues>({ defaultValues: formValuesOf(category) });
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChanges(isDirty, editing ? 'this category' : 'this new category');
  const [formError, setFormError] = useState<string | null>(null);
  // While creating, the slug follows the name until the slug is typed in by hand (spec §5).
  const [slugTyped, setSlugTyped] = useState(false);
  const metaTitle = useWatch({ control: form.control, name: 'meta_title' });
  const metaDescription = useWatch({ control: form.control, name: 'meta_description' });
  const heroUrl = useWatch({ control: form.control, name: 'hero_image_url' });
  // Top-level categories other than this one can be parents; one with children stays at the top.
  const hasChildren = editing && categories.some((c) => c.parent_id === category.id);
  const parents = categories.filter((c) => c.parent_id === null && c.id !== category?.id);

  // A long form in a scrolling dialog: take the person to the first field that needs fixing.
  const focusFirstError = () => {
    const first = CATEGORY_FORM_FIELDS.find((field) => form.getFieldState(field).error);
    if (first) form.setFocus(first);
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body = categoryBodyFrom(values, form.setError);
    if (!body) return focusFirstError();
    try {
      if (editing) await update.mutateAsync({ id: category.id, body });
      else await create.mutateAsync(body);
      toast.success(editing ? 'Category updated successfully' : 'Category created successfully');
      onDone();
    } catch (error) {
      const placed = applyCategoryServerErrors(error, form.setError);
      const message = errorMessage(error, 'Failed to save category');
      toast.error('Failed to save category', message !== 'Failed to save category' ? { description: message } : undefined);
      if (placed) focusFirstError();
      else setFormError(message);
    }
  });

  const nameField = form.register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!editing && !slugTyped) form.setValue('slug', slugify(event.target.value), { shouldValidate: false });
    },
  });
  const slugField = form.register('slug', {
    onChange: (event: { target: { value: string } }) => setSlugTyped(event.target.value !== ''),
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <FormField label="Name *" error={errors.name?.message}>
          <Input autoComplete="off" placeholder="Garden Tools" {...nameField} />
        </FormField>
        <FormField label="Slug *" error={errors.slug?.message} hint={editing ? 'Changing it changes the category’s web address.' : 'Filled in from the name; lowercase letters, digits and hyphens.'}>
          <Input autoComplete="off" placeholder="garden-tools" {...slugField} />
        </FormField>
      </div>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea rows={4} placeholder="What shoppers will find in this category." {...form.register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <FormField label="Display Order" error={errors.display_order?.message} hint="Lower numbers come first.">
          <Input type="number" inputMode="numeric" step={1} {...form.register('display_order')} />
        </FormField>
        <FormField label="Parent Category" error={errors.parent_id?.message} hint={hasChildren ? 'This category has sub-categories, so it stays at the top level.' : undefined}>
          <Select disabled={hasChildren} {...form.register('parent_id')}>
            <option value="">None (top level)</option>
            {parents.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </Select>
        </FormField>
        <CategoryVatSelect error={errors.vat_rate?.message} {...form.register('vat_rate')} />
      </div>
      <div className="grid gap-2">
        <FormField label="Hero Image URL" error={errors.hero_image_url?.message} hint="An https:// link or a path on this site, or choose a picture from the media library.">
          <Input type="url" inputMode="url" autoComplete="off" placeholder="https://" {...form.register('hero_image_url')} />
        </FormField>
        <div className="flex items-center gap-3">
          <HeroImagePreview url={heroUrl ?? ''} />
          <MediaPickerButton kind="images" onPick={(file) => form.setValue('hero_image_url', file.url, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })} />
        </div>
      </div>
      <FeaturedCheckbox {...form.register('is_featured')} />
      <fieldset className="grid gap-4 rounded-lg border border-zinc-200 p-4">
        <legend className="px-1 text-sm font-semibold">SEO Settings</legend>
        <FormField label="Meta Title" error={errors.meta_title?.message} hint={`${metaTitle.length}/${CATEGORY_LIMITS.metaTitle} characters`}>
          <Input autoComplete="off" {...form.register('meta_title')} />
        </FormField>
        <FormField label="Meta Description" error={errors.meta_description?.message} hint={`${metaDescription.length}/${CATEGORY_LIMITS.metaDescription} characters`}>
          <Textarea rows={3} className="min-h-20" {...form.register('meta_description')} />
        </FormField>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Saving…' : editing ? 'Update Category' : 'Create Category'}</Button>
      </DialogFooter>
    </form>
  );
}
