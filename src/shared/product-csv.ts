// The product CSV format (issue 15): one set of columns for the sample template, the export and the
// import's field mapping, so export -> edit -> import round-trips. Pure data, no Zod: the web app's
// import screens and the server both read it.

/** A product field a CSV column can be mapped to. */
export type ProductCsvField =
  | 'sku'
  | 'name'
  | 'slug'
  | 'description'
  | 'base_price'
  | 'sale_price'
  | 'stock_quantity'
  | 'track_inventory'
  | 'status'
  | 'visibility'
  | 'is_featured'
  | 'brand'
  | 'category'
  | 'image_urls'
  | 'bullets'
  | 'gtin'
  | 'mpn'
  | 'meta_title'
  | 'meta_description'
  | 'option1_name'
  | 'option1_value'
  | 'option2_name'
  | 'option2_value'
  | 'option3_name'
  | 'option3_value'
  | 'variant_sku'
  | 'variant_price'
  | 'variant_sale_price'
  | 'variant_stock';

export interface ProductCsvColumn {
  field: ProductCsvField;
  /** The header the template and the export write. */
  header: string;
  /** Other headers matched to this field automatically (compared lower-cased, without spaces, dashes or underscores). */
  aliases: string[];
  /** What the merchant is told about the column on the mapping screen. */
  hint: string;
  required?: boolean;
}

/** Several values in one cell (image URLs, highlights): separated by a vertical bar. */
export const CSV_LIST_SEPARATOR = '|';
/** A category path: parent and child (two levels at most), as in "Kitchen > Mugs". */
export const CSV_CATEGORY_SEPARATOR = '>';
export const CSV_CATEGORY_DEPTH = 2;

/**
 * Rows of one product share its SKU. The first row carries the product's fields; every row that has a
 * Variant SKU adds one variant (its options, price and stock), like Shopify's one-row-per-variant files.
 */
export const PRODUCT_CSV_COLUMNS: ProductCsvColumn[] = [
  { field: 'sku', header: 'SKU', aliases: ['productsku', 'parentsku', 'code', 'productcode', 'itemcode'], hint: 'The product’s own code. Rows with the same SKU are one product; an existing SKU is updated.', required: true },
  { field: 'name', header: 'Name', aliases: ['title', 'productname', 'producttitle'], hint: 'Product name, up to 200 characters.', required: true },
  { field: 'slug', header: 'Slug', aliases: ['handle', 'url', 'urlhandle', 'urlkey'], hint: 'Web address after /p/. Made from the name when empty.' },
  { field: 'description', header: 'Description', aliases: ['body', 'bodyhtml', 'longdescription', 'details'], hint: 'Plain text, up to 20,000 characters.' },
  { field: 'base_price', header: 'Price', aliases: ['baseprice', 'regularprice', 'rrp', 'priceinclvat', 'price(gbp)'], hint: 'In pounds, e.g. 24.99 or £1,250.00.', required: true },
  { field: 'sale_price', header: 'Sale Price', aliases: ['saleprice', 'offerprice', 'specialprice', 'discountprice'], hint: 'Lower than Price; empty when not on sale.' },
  { field: 'stock_quantity', header: 'Stock', aliases: ['stockquantity', 'quantity', 'qty', 'inventory', 'stocklevel', 'onhand'], hint: 'Whole number of units in stock.' },
  { field: 'track_inventory', header: 'Track Inventory', aliases: ['trackinventory', 'trackstock', 'inventorytracking', 'managestock'], hint: 'yes or no (default yes).' },
  { field: 'status', header: 'Status', aliases: ['productstatus', 'state'], hint: 'draft, active or archived (default draft).' },
  { field: 'visibility', header: 'Visibility', aliases: ['visible', 'published'], hint: 'public or private (default public).' },
  { field: 'is_featured', header: 'Featured', aliases: ['isfeatured', 'featuredproduct', 'homepage'], hint: 'yes or no (default no).' },
  { field: 'brand', header: 'Brand', aliases: ['vendor', 'manufacturer', 'make'], hint: 'Up to 120 characters.' },
  { field: 'category', header: 'Category', aliases: ['categories', 'categorypath', 'producttype', 'type', 'collection'], hint: 'Category, or parent and child as "Kitchen > Mugs". Missing categories are created.' },
  { field: 'image_urls', header: 'Image URLs', aliases: ['images', 'imageurl', 'image', 'imagesrc', 'pictures', 'photos'], hint: 'https:// addresses separated by |, first is the main picture.' },
  { field: 'bullets', header: 'Highlights', aliases: ['bullets', 'features', 'keyfeatures', 'bulletpoints'], hint: 'Short selling points separated by |.' },
  { field: 'gtin', header: 'GTIN', aliases: ['barcode', 'ean', 'upc', 'isbn', 'gtin13'], hint: 'Barcode number (8, 12, 13 or 14 digits).' },
  { field: 'mpn', header: 'MPN', aliases: ['manufacturerpartnumber', 'partnumber'], hint: 'Manufacturer part number.' },
  { field: 'meta_title', header: 'Meta Title', aliases: ['metatitle', 'seotitle', 'pagetitle'], hint: 'Search engine title, up to 60 characters.' },
  { field: 'meta_description', header: 'Meta Description', aliases: ['metadescription', 'seodescription'], hint: 'Search engine description, up to 160 characters.' },
  { field: 'option1_name', header: 'Option1 Name', aliases: ['option1name', 'optionname1'], hint: 'First variant option, e.g. Colour.' },
  { field: 'option1_value', header: 'Option1 Value', aliases: ['option1value', 'optionvalue1'], hint: 'Its value on this row, e.g. Blue.' },
  { field: 'option2_name', header: 'Option2 Name', aliases: ['option2name', 'optionname2'], hint: 'Second variant option, e.g. Size.' },
  { field: 'option2_value', header: 'Option2 Value', aliases: ['option2value', 'optionvalue2'], hint: 'Its value on this row, e.g. Large.' },
  { field: 'option3_name', header: 'Option3 Name', aliases: ['option3name', 'optionname3'], hint: 'Third variant option.' },
  { field: 'option3_value', header: 'Option3 Value', aliases: ['option3value', 'optionvalue3'], hint: 'Its value on this row.' },
  { field: 'variant_sku', header: 'Variant SKU', aliases: ['variantsku', 'childsku', 'optionsku'], hint: 'The variant’s own code; empty on a product without variants.' },
  { field: 'variant_price', header: 'Variant Price', aliases: ['variantprice'], hint: 'The variant’s price in pounds.' },
  { field: 'variant_sale_price', header: 'Variant Sale Price', aliases: ['variantsaleprice', 'variantcompareatprice'], hint: 'Lower than Variant Price; empty when not on sale.' },
  { field: 'variant_stock', header: 'Variant Stock', aliases: ['variantstock', 'variantquantity', 'variantinventoryqty'], hint: 'Units of this variant; empty for none. The product’s Stock is the sum of its variants’.' },
];

/** A header as the automatic matching compares it. */
export const normaliseHeader = (header: string) => header.replace(/^\uFEFF/, '').toLowerCase().replace(/[\s_\-.]+/g, '');

/** The field a file's column matches by name (its header or an alias), or null. */
export function matchColumn(header: string): ProductCsvField | null {
  const key = normaliseHeader(header);
  if (!key) return null;
  const column = PRODUCT_CSV_COLUMNS.find((c) => normaliseHeader(c.header) === key || c.aliases.includes(key));
  return column?.field ?? null;
}

/** Upload limits (issue 15: at least 50 MB, streamed; the spec's 10 MB is only what the screen says). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
