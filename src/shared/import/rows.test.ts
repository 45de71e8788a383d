import { describe, expect, it } from 'vitest';
import { autoMap } from './mapping';
import { ProductGrouper, type GroupedProduct } from './rows';

const HEADERS = ['SKU', 'Name', 'Price', 'Sale Price', 'Stock', 'Category', 'Image URLs', 'Highlights', 'Option1 Name', 'Option1 Value', 'Option2 Name', 'Option2 Value', 'Variant SKU', 'Variant Price', 'Variant Stock'];
type Cells = { [header: string]: string | number | undefined };

/** Rows as objects by header; line numbers from 2 (after the header) unless given. */
function group(rows: Cells[], headers = HEADERS): GroupedProduct[] {
  const grouper = new ProductGrouper(headers, autoMap(headers));
  const out: GroupedProduct[] = [];
  rows.forEach((cells, i) => out.push(...grouper.add({ line: typeof cells.line === 'number' ? cells.line : i + 2, values: headers.map((h) => String(cells[h] ?? '')) })));
  const last = grouper.finish();
  if (last) out.push(last);
  return out;
}

describe('ProductGrouper', () => {
  it('makes a product without variants from one row', () => {
    const [p] = group([{ SKU: 'MUG-1', Name: 'Mug', Price: '£12.50', 'Sale Price': '9.99', Stock: '1,200', Category: 'Kitchen > Mugs', 'Image URLs': 'https://a.example/1.jpg|https://a.example/2.jpg', Highlights: 'Holds 350ml | Dishwasher safe' }]);
    expect(p.errors).toEqual([]);
    expect(p.draft).toEqual({
      line: 2, sku: 'MUG-1', name: 'Mug', base_price: 1250, sale_price: 999, stock_quantity: 1200, category: ['Kitchen', 'Mugs'],
      image_urls: ['https://a.example/1.jpg', 'https://a.example/2.jpg'], bullets: ['Holds 350ml', 'Dishwasher safe'], variants: [],
    });
  });

  it('groups variant rows under their product SKU, option names given once', () => {
    const products = group([
      { SKU: 'TEE', Name: 'Tee', Price: '20', 'Option1 Name': 'Colour', 'Option1 Value': 'Red', 'Option2 Name': 'Size', 'Option2 Value': 'S', 'Variant SKU': 'TEE-R-S', 'Variant Stock': '4' },
      { SKU: 'TEE', 'Option1 Value': 'Red', 'Option2 Value': 'M', 'Variant SKU': 'TEE-R-M', 'Variant Price': '22' },
      { SKU: 'TEE', Name: 'Tee', 'Option1 Name': 'Colour', 'Option1 Value': 'Blue', 'Option2 Value': 'S', 'Variant SKU': 'TEE-B-S' },
      { SKU: 'CAP', Name: 'Cap', Price: '8' },
    ]);
    expect(products.map((p) => [p.sku, p.errors])).toEqual([['TEE', []], ['CAP', []]]);
    expect(products[0].draft!.variants).toEqual([
      { line: 2, sku: 'TEE-R-S', price: 2000, sale_price: null, stock_quantity: 4, options: [{ name: 'Colour', value: 'Red' }, { name: 'Size', value: 'S' }] },
      { line: 3, sku: 'TEE-R-M', price: 2200, sale_price: null, stock_quantity: null, options: [{ name: 'Colour', value: 'Red' }, { name: 'Size', value: 'M' }] },
      { line: 4, sku: 'TEE-B-S', price: 2000, sale_price: null, stock_quantity: null, options: [{ name: 'Colour', value: 'Blue' }, { name: 'Size', value: 'S' }] },
    ]);
  });

  it('gives each bad cell an error with its line, column header and a plain reason', () => {
    const [p] = group([{ line: 7, SKU: 'X', Name: 'X', Price: 'abc', Stock: '-2', Category: 'A > B > C', 'Image URLs': 'javascript:alert(1)' }]);
    expect(p.draft).toBeNull();
    expect(p.errors).toEqual([
      { line: 7, column: 'Price', field: 'base_price', message: 'Price must be a number in pounds, such as 24.99' },
      { line: 7, column: 'Stock', field: 'stock_quantity', message: 'Stock must be a whole number of 0 or more, such as 12' },
      { line: 7, column: 'Category', field: 'category', message: 'Category can have at most 2 levels, such as "Kitchen > Mugs"' },
      { line: 7, column: 'Image URLs', field: 'image_urls', message: 'Image URLs must be full web addresses starting with https:// or http://, separated by |' },
    ]);
  });

  it('names the header as the file wrote it', () => {
    const headers = ['Handle', 'Title', 'product code', 'RRP'];
    const [p] = group([{ Handle: 'ok', Title: 'T', 'product code': 'P1', RRP: 'lots' }], headers);
    expect(p.errors).toEqual([{ line: 2, column: 'RRP', field: 'base_price', message: 'Price must be a number in pounds, such as 24.99' }]);
  });

  it('requires SKU, Name and Price', () => {
    const products = group([{ Name: 'No code', Price: '1' }, { SKU: 'A', Price: '1' }, { SKU: 'B', Name: 'B' }]);
    expect(products.map((p) => p.errors.map((e) => `${e.line} ${e.column}: ${e.message}`))).toEqual([
      ['2 SKU: SKU is required: every row needs its product’s SKU'],
      ['3 Name: Name is required on the first row of each product'],
      ['4 Price: Price is required on the first row of each product, such as 24.99'],
    ]);
    const noPriceColumn = group([{ SKU: 'A', Name: 'A' }], ['SKU', 'Name']);
    expect(noPriceColumn[0].errors).toEqual([{ line: 2, column: 'Price', field: 'base_price', message: 'Price is required: no column is matched to it' }]);
  });

  it('refuses a sale price that is not lower than the price', () => {
    const [p] = group([{ SKU: 'A', Name: 'A', Price: '10', 'Sale Price': '10' }]);
    expect(p.errors.map((e) => e.message)).toEqual(['Sale Price must be lower than Price']);
  });

  it('refuses a duplicate product SKU: a second row without a Variant SKU, or the SKU again later', () => {
    const products = group([
      { SKU: 'A', Name: 'A', Price: '1' },
      { SKU: 'A', Name: 'A', Price: '1' },
      { SKU: 'B', Name: 'B', Price: '1' },
      { SKU: 'A', Name: 'A again', Price: '2' },
    ]);
    expect(products.map((p) => [p.sku, p.draft === null, p.errors.map((e) => `${e.line} ${e.column}: ${e.message}`)])).toEqual([
      ['A', true, ['3 SKU: Duplicate SKU "A": line 2 already has this product. Give each variant row its own Variant SKU']],
      ['B', false, []],
      ['A', true, ['5 SKU: Duplicate SKU "A": it is already used on line 2. Keep all rows of one product together, one after another']],
    ]);
  });

  it('refuses product fields on a variant row that differ from the first row', () => {
    const [p] = group([
      { SKU: 'A', Name: 'Lamp', Price: '£10.00', 'Option1 Name': 'Size', 'Option1 Value': 'S', 'Variant SKU': 'A-S' },
      { SKU: 'A', Name: 'Lamp', Price: '10', 'Option1 Value': 'M', 'Variant SKU': 'A-M' },
      { SKU: 'A', Name: 'Lamp 2', 'Option1 Value': 'L', 'Variant SKU': 'A-L' },
    ]);
    expect(p.errors).toEqual([{ line: 4, column: 'Name', field: 'name', message: 'Name differs from line 2 for the same SKU "A": leave it empty on variant rows or make it the same' }]);
  });

  it('refuses a Variant SKU used twice in the file, even across products', () => {
    const products = group([
      { SKU: 'A', Name: 'A', Price: '1', 'Option1 Name': 'Size', 'Option1 Value': 'S', 'Variant SKU': 'V-1' },
      { SKU: 'A', 'Option1 Value': 'M', 'Variant SKU': 'V-1' },
      { SKU: 'B', Name: 'B', Price: '1', 'Option1 Name': 'Size', 'Option1 Value': 'S', 'Variant SKU': 'V-1' },
    ]);
    expect(products.flatMap((p) => p.errors)).toEqual([
      { line: 3, column: 'Variant SKU', field: 'variant_sku', message: 'Duplicate Variant SKU "V-1": it is already used on line 2' },
      { line: 4, column: 'Variant SKU', field: 'variant_sku', message: 'Duplicate Variant SKU "V-1": it is already used on line 2' },
    ]);
  });

  it('checks options: a value needs a name, a named option needs a value on each variant', () => {
    const products = group([
      { SKU: 'A', Name: 'A', Price: '1', 'Option1 Value': 'Red', 'Variant SKU': 'A-1' },
      { SKU: 'B', Name: 'B', Price: '1', 'Option1 Name': 'Colour', 'Option1 Value': 'Red', 'Variant SKU': 'B-1' },
      { SKU: 'B', 'Variant SKU': 'B-2' },
      { SKU: 'C', Name: 'C', Price: '1', 'Option1 Name': 'Colour', 'Option1 Value': 'Red' },
    ]);
    expect(products.flatMap((p) => p.errors.map((e) => `${e.line} ${e.column}: ${e.message}`))).toEqual([
      '2 Option1 Name: Option1 Name is required when Option1 Value is given',
      '4 Option1 Value: Option1 Value is required: the product has the option Colour',
      '5 Variant SKU: Variant SKU is required on a row with options or a variant price',
    ]);
  });

  it('uses the product price for a variant without its own, and checks the variant sale price', () => {
    const [p] = group([
      { SKU: 'A', Name: 'A', Price: '30', 'Option1 Name': 'Size', 'Option1 Value': 'S', 'Variant SKU': 'A-S' },
      { SKU: 'A', 'Option1 Value': 'M', 'Variant SKU': 'A-M', 'Variant Price': 'free' },
    ]);
    expect(p.errors).toEqual([{ line: 3, column: 'Variant Price', field: 'variant_price', message: 'Variant Price must be a number in pounds, such as 24.99' }]);
    const [q] = group([{ SKU: 'B', Name: 'B', Price: '30', 'Option1 Name': 'Size', 'Option1 Value': 'S', 'Variant SKU': 'B-S' }]);
    expect(q.draft!.variants[0].price).toBe(3000);
  });

  it('allows at most 50 variants', () => {
    const rows = Array.from({ length: 51 }, (_, i) => ({ SKU: 'A', Name: 'A', Price: '1', 'Option1 Name': 'N', 'Option1 Value': String(i), 'Variant SKU': `A-${i}` }));
    const [p] = group(rows);
    expect(p.errors).toEqual([{ line: 52, column: 'Variant SKU', field: 'variant_sku', message: 'A product can have at most 50 variants' }]);
  });

  it('takes off the export’s formula guard quote', () => {
    const [p] = group([{ SKU: 'A', Name: "'=1+1", Price: '1', Highlights: "'- Handmade" }]);
    expect(p.draft).toMatchObject({ name: '=1+1', bullets: ['- Handmade'] });
    const [q] = group([{ SKU: 'B', Name: "'quoted'", Price: '1' }]);
    expect(q.draft!.name).toBe("'quoted'");
  });
});
