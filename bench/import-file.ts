import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { PRODUCT_CSV_COLUMNS } from '../src/shared/product-csv';

// The product import benchmark's file (issue 15): `rows` data rows in the template's columns, written
// as a stream. Every second product has three sizes (three rows sharing its SKU, each a variant with
// its own stock); the others are one row. Names, descriptions, brands, two-level categories (40 of
// them), prices with £ and thousands separators, stock, highlights and SEO fields vary by row, so the
// search index and category matching do real work. No picture addresses: fetching is measured apart.

const BRANDS = ['Hearth & Kiln', 'Field Day', 'Northern Loom', 'Coastline', 'Oak & Ash'];
const PARENTS = ['Kitchen', 'Home', 'Garden', 'Clothing', 'Bath'];
const CHILDREN = ['Mugs', 'Bowls', 'Throws', 'Lamps', 'Planters', 'Tools', 'Towels', 'Candles'];
const WORDS = ['stoneware', 'linen', 'organic', 'handmade', 'oak', 'copper', 'wool', 'glazed', 'rustic', 'speckled', 'woven', 'recycled'];
const SIZES = ['Small', 'Medium', 'Large'];

const fields = PRODUCT_CSV_COLUMNS.map((c) => c.field);
const quote = (v: string) => (/[",\r\n|]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function productRow(i: number): Record<string, string> {
  const w1 = WORDS[i % WORDS.length];
  const w2 = WORDS[(i * 7) % WORDS.length];
  const parent = PARENTS[i % PARENTS.length];
  const child = CHILDREN[(i >> 2) % CHILDREN.length];
  const pence = 499 + ((i * 7919) % 200_000);
  return {
    sku: `BENCH-${String(i).padStart(6, '0')}`,
    name: `${w1[0].toUpperCase()}${w1.slice(1)} ${w2} ${child.toLowerCase().replace(/s$/, '')} ${i}`,
    description: `A ${w1} ${w2} piece from our ${parent.toLowerCase()} range, number ${i}. Made to last, packed without plastic.`,
    base_price: `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    sale_price: i % 10 === 0 ? (pence / 200).toFixed(2) : '',
    stock_quantity: String(i % 90),
    track_inventory: 'yes',
    status: i % 20 === 0 ? 'draft' : 'active',
    visibility: 'public',
    is_featured: i % 50 === 0 ? 'yes' : 'no',
    brand: BRANDS[i % BRANDS.length],
    category: `${parent} > ${child}`,
    bullets: `${w1} finish|Gift boxed|Ships in 2 days`,
    gtin: String(5_000_000_000_000 + i),
    meta_title: `${w1} ${w2} ${i}`,
  };
}

/** Writes the file; answers its size in bytes and the number of products in it. */
export async function writeImportFile(path: string, rows: number): Promise<{ bytes: number; products: number }> {
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (line: string) => {
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, 'drain');
  };
  await write(`${PRODUCT_CSV_COLUMNS.map((c) => quote(c.header)).join(',')}\r\n`);
  let written = 0;
  let products = 0;
  while (written < rows) {
    products += 1;
    const product = productRow(products);
    const sized = products % 2 === 0 && rows - written >= 3;
    const variants = sized ? SIZES : [null];
    for (const [n, size] of variants.entries()) {
      const row: Record<string, string> = n === 0 ? { ...product, stock_quantity: sized ? '' : product.stock_quantity } : { sku: product.sku };
      if (size) Object.assign(row, { option1_name: 'Size', option1_value: size, variant_sku: `${product.sku}-${size[0]}`, variant_stock: String((products + n) % 30) });
      await write(`${fields.map((f) => quote(row[f] ?? '')).join(',')}\r\n`);
      written += 1;
    }
  }
  out.end();
  await once(out, 'finish');
  return { bytes, products };
}
