import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { CATEGORY_MESSAGES, createCategoryBody, type AdminCategory, type CreateCategoryBody } from '@shared/admin-categories';
import { applyServerFieldErrors, applyZodIssues } from '@/lib/forms';
import type { VatRate } from '@shared/vat';

/** The manual form's fields as the inputs hold them (text, and one checkbox). */
export interface CategoryFormValues {
  name: string;
  slug: string;
  description: string;
  display_order: string;
  hero_image_url: string;
  is_featured: boolean;
  meta_title: string;
  meta_description: string;
  parent_id: string;
  /** Its products' VAT rate when they set none: '' is standard (sent as null). */
  vat_rate: CategoryVatChoice;
}

/** The "Default VAT rate" select's values: '' is standard. */
export type CategoryVatChoice = Exclude<VatRate, 'standard'> | '';

/** A stored rate as the select shows it: none and standard are both "Standard (20%)". */
export const vatChoiceOf = (rate: VatRate | null | undefined): CategoryVatChoice => (!rate || rate === 'standard' ? '' : rate);

export const CATEGORY_FORM_FIELDS = ['name', 'slug', 'description', 'display_order', 'parent_id', 'vat_rate', 'hero_image_url', 'is_featured', 'meta_title', 'meta_description'] as const;

export function formValuesOf(category: AdminCategory | null): CategoryFormValues {
  return {
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    display_order: String(category?.display_order ?? 0),
    hero_image_url: category?.hero_image_url ?? '',
    is_featured: category?.is_featured ?? false,
    meta_title: category?.meta_title ?? '',
    meta_description: category?.meta_description ?? '',
    parent_id: category?.parent_id ?? '',
    vat_rate: vatChoiceOf(category?.vat_rate),
  };
}

/** Spec §5: display order is an integer, default 0 when left empty. */
export function displayOrderOf(text: string): number {
  return text.trim() === '' ? 0 : Number(text);
}

/**
 * The request body from the inputs, checked with the server's own schema. Spec §5 makes the slug
 * required on this form (the server would derive an empty one; the form derives it while typing).
 * Failures go onto the fields and the result is null.
 */
export function categoryBodyFrom<T extends FieldValues>(
  values: Omit<CategoryFormValues, 'parent_id'> & { parent_id?: string },
  setError: UseFormSetError<T>,
): CreateCategoryBody | null {
  const body = {
    name: values.name,
    slug: values.slug,
    description: values.description,
    display_order: displayOrderOf(values.display_order),
    is_featured: values.is_featured,
    hero_image_url: values.hero_image_url,
    meta_title: values.meta_title,
    meta_description: values.meta_description,
    vat_rate: values.vat_rate || null,
    ...(values.parent_id === undefined ? {} : { parent_id: values.parent_id || null }),
  };
  const parsed = createCategoryBody.safeParse(body);
  let ok = parsed.success;
  if (!parsed.success) applyZodIssues(parsed.error.issues, setError);
  if (!values.slug.trim() && !(!parsed.success && parsed.error.issues.some((i) => i.path[0] === 'slug'))) {
    setError('slug' as Path<T>, { type: 'validate', message: CATEGORY_MESSAGES.slugRequired });
    ok = false;
  }
  // The raw body goes to the server, which trims and nulls empty text the same way.
  return ok ? body : null;
}

/** The server's field errors onto the form; true when any was placed. */
export function applyCategoryServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  return applyServerFieldErrors(error, setError, CATEGORY_FORM_FIELDS as unknown as Path<T>[]);
}
