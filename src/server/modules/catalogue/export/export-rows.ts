import { CSV_CATEGORY_SEPARATOR, CSV_LIST_SEPARATOR, PRODUCT_CSV_COLUMNS, type ProductCsvField } from '../../../../shared/product-csv';
import { formatCsvPrice } from '../../../../shared/import/values';
import type { ExportProduct } from './export-repo';

// One product to CSV rows in PRODUCT_CSV_COLUMNS order (decision 023): a product without variants is
// one row; a product with variants is one row per variant, the product's fields on the first row only
// and its SKU on every row. The import (src/shared/import/rows.ts) reads these rows back to the same
// product.

/** The option columns the file has (a variant's 4th and 5th options have no column and are not exported). */
const OPTION_COLUMNS = 3;

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const orEmpty = (value: string | null | undefined) => value ?? '';
const price = (pence: number | null) => (pence === null ? '' : formatCsvPrice(pence));
const count = (n: number | null) => (n === null ? '' : String(n));

/** A stored picture address as the file shows it: site paths made absolute on the store's origin. */
export function absoluteUrl(url: string, origin: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url;
}

export function productCsvRows(product: ExportProduct, origin: string): string[][] {
  const productCells: Partial<Record<ProductCsvField, string>> = {
    sku: product.sku,
    name: product.name,
    slug: product.slug,
    description: orEmpty(product.description),
    base_price: price(product.base_price),
    sale_price: price(product.sale_price),
    stock_quantity: count(product.stock_quantity),
    track_inventory: yesNo(product.track_inventory),
    status: product.status,
    visibility: product.visibility,
    is_featured: yesNo(product.is_featured),
    brand: orEmpty(product.brand),
    category: product.category ? [product.category.parent, product.category.name].filter(Boolean).join(` ${CSV_CATEGORY_SEPARATOR} `) : '',
    image_urls: product.images.map((u) => absoluteUrl(u, origin)).join(CSV_LIST_SEPARATOR),
    bullets: product.bullets.join(CSV_LIST_SEPARATOR),
    gtin: orEmpty(product.gtin),
    mpn: orEmpty(product.mpn),
    meta_title: orEmpty(product.meta_title),
    meta_description: orEmpty(product.meta_description),
  };
  const toRow = (cells: Partial<Record<ProductCsvField, string>>) => PRODUCT_CSV_COLUMNS.map((c) => cells[c.field] ?? '');
  if (product.variants.length === 0) return [toRow(productCells)];
  return product.variants.map((variant, i) => {
    const cells: Partial<Record<ProductCsvField, string>> = i === 0 ? { ...productCells } : { sku: product.sku };
    variant.options.slice(0, OPTION_COLUMNS).forEach((option, n) => {
      cells[`option${n + 1}_name` as ProductCsvField] = option.name;
      cells[`option${n + 1}_value` as ProductCsvField] = option.value;
    });
    cells.variant_sku = variant.sku;
    cells.variant_price = price(variant.price);
    cells.variant_sale_price = price(variant.sale_price);
    cells.variant_stock = count(variant.stock_quantity);
    return toRow(cells);
  });
}

export const PRODUCT_CSV_HEADERS = PRODUCT_CSV_COLUMNS.map((c) => c.header);

/** The download's name: products-YYYY-MM-DD.csv (UTC date). */
export const exportFileName = (now = new Date()) => `products-${now.toISOString().slice(0, 10)}.csv`;
