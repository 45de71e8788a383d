import Papa from 'papaparse';
import { PRODUCT_CSV_COLUMNS, type ProductCsvField } from '../../../shared/product-csv';
import type { ProductDraft } from '../../../shared/import/rows';
import { EXAMPLE_NAME_PREFIX } from '../../../shared/imports';

type Row = Partial<Record<ProductCsvField, string>>;

/**
 * Example products for the sample template: a simple product, a product on sale, and a T-shirt with
 * two sizes (two rows sharing its SKU: the first carries the product, each adds a variant).
 */
const EXAMPLE_ROWS: Row[] = [
  {
    sku: 'MUG-STONE-01', name: 'Stoneware Coffee Mug', slug: 'stoneware-coffee-mug',
    description: 'Hand-glazed stoneware mug with a speckled finish. Holds 350 ml.',
    base_price: '14.00', stock_quantity: '40', track_inventory: 'yes', status: 'active', visibility: 'public', is_featured: 'yes',
    brand: 'Hearth & Kiln', category: 'Kitchen > Mugs', image_urls: 'https://example.com/images/mug-front.jpg|https://example.com/images/mug-side.jpg',
    bullets: 'Holds 350 ml|Dishwasher safe|Made in Stoke-on-Trent', gtin: '5012345678900', mpn: 'HK-MUG-350',
    meta_title: 'Stoneware Coffee Mug 350 ml', meta_description: 'A hand-glazed stoneware mug with a speckled finish, dishwasher safe.',
  },
  {
    sku: 'TOWEL-LINEN-02', name: 'Linen Tea Towel', slug: 'linen-tea-towel',
    description: 'Stonewashed linen tea towel, 50 x 70 cm.',
    base_price: '12.50', sale_price: '9.99', stock_quantity: '25', track_inventory: 'yes', status: 'active', visibility: 'public', is_featured: 'no',
    brand: 'Hearth & Kiln', category: 'Kitchen > Textiles', image_urls: 'https://example.com/images/tea-towel.jpg',
    bullets: '100% linen|50 x 70 cm',
  },
  {
    sku: 'TEE-ORGANIC', name: 'Organic Cotton T-Shirt', slug: 'organic-cotton-t-shirt',
    description: 'Soft organic cotton T-shirt with a relaxed fit.',
    base_price: '22.00', track_inventory: 'yes', status: 'draft', visibility: 'public', is_featured: 'no',
    brand: 'Field Day', category: 'Clothing > T-Shirts', image_urls: 'https://example.com/images/tee.jpg',
    option1_name: 'Size', option1_value: 'Small', variant_sku: 'TEE-ORGANIC-S', variant_price: '22.00', variant_stock: '12',
  },
  {
    sku: 'TEE-ORGANIC',
    option1_name: 'Size', option1_value: 'Medium', variant_sku: 'TEE-ORGANIC-M', variant_price: '22.00', variant_sale_price: '19.00', variant_stock: '8',
  },
];

export const TEMPLATE_FILENAME = 'product-import-template.csv';

/** The sample template: the shared column headers (PRODUCT_CSV_COLUMNS) and the example rows. */
export function productImportTemplate(): string {
  const fields = PRODUCT_CSV_COLUMNS.map((c) => c.field);
  return `${Papa.unparse({
    fields: PRODUCT_CSV_COLUMNS.map((c) => c.header),
    data: EXAMPLE_ROWS.map((row) => fields.map((f) => row[f] ?? '')),
  })}\r\n`;
}

/** The example products by SKU, with their names: a product is the example only when both match. */
const EXAMPLES = new Map(EXAMPLE_ROWS.filter((row) => row.name).map((row) => [row.sku!.toLowerCase(), row.name!.toLowerCase()]));

/**
 * True when a product of an import file is one of the template's examples, left in by mistake: its SKU
 * and name are the template's (a store's own product that merely shares a SKU is not).
 */
export function isTemplateExample(draft: Pick<ProductDraft, 'sku' | 'name'>): boolean {
  const name = draft.name.trim().toLowerCase();
  return EXAMPLES.get(draft.sku.trim().toLowerCase()) === name || EXAMPLES.get(draft.sku.trim().toLowerCase()) === name.replace(EXAMPLE_NAME_PREFIX.toLowerCase(), '');
}

/**
 * An example product as it is imported (issue 27 item 5): a draft shoppers never see, named
 * "Example: …" so it stands out in the product list, without the sample pictures (their addresses are
 * placeholders that would only fail).
 */
export function asTemplateExample(draft: ProductDraft): ProductDraft {
  const name = draft.name.startsWith(EXAMPLE_NAME_PREFIX) ? draft.name : `${EXAMPLE_NAME_PREFIX}${draft.name}`;
  return { ...draft, name, status: 'draft', image_urls: [] };
}
