import { VAT_RATE_LABELS, type VatRate } from '@shared/vat';

// The product form's "VAT rate" select (issue 25): the product's own rate, or its main category's
// default (standard when the category names none). The server decides the rate a product is sold at;
// this only says, next to "Category default", what that default comes to.

/** What the saved product says about its VAT: its categories (main first), own rate and the rate it is sold at. */
export interface SavedProductVat {
  category_ids: string[];
  vat_rate: VatRate | null;
  effective_vat_rate: VatRate;
}

/** A category as the form's picker has it; vat_rate null or absent: standard. */
export interface CategoryVat {
  id: string;
  vat_rate?: VatRate | null;
}

/**
 * The rate "Category default" comes to for the categories ticked now (the first is the main one), or
 * null while it cannot be told (the categories are still loading). While the product takes its
 * category's rate and its main category is the saved one, the server's own answer is used.
 */
export function categoryDefaultRate(categoryIds: readonly string[], categories: readonly CategoryVat[] | undefined, saved: SavedProductVat | null): VatRate | null {
  const main = categoryIds[0];
  if (saved && saved.vat_rate === null && saved.category_ids[0] === main) return saved.effective_vat_rate;
  if (main === undefined) return 'standard';
  if (!categories) return null;
  const category = categories.find((c) => c.id === main);
  return category ? (category.vat_rate ?? 'standard') : null;
}

/** The first option's text: "Category default: Standard (20%)", or just "Category default" when unknown. */
export function categoryDefaultLabel(rate: VatRate | null): string {
  return rate ? `Category default: ${VAT_RATE_LABELS[rate]}` : 'Category default';
}
