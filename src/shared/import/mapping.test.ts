import { describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS } from '../product-csv';
import { autoMap, checkMapping, unmappedRequired } from './mapping';

describe('autoMap', () => {
  it('maps the template and export headers to their own fields', () => {
    const headers = PRODUCT_CSV_COLUMNS.map((c) => c.header);
    expect(autoMap(headers)).toEqual(PRODUCT_CSV_COLUMNS.map((c) => c.field));
    expect(checkMapping(headers, autoMap(headers))).toEqual([]);
  });

  it('matches other shops’ names whatever their case, spaces, dashes or underscores', () => {
    expect(autoMap(['Handle', 'Title', 'Variant Price', 'product_code', 'REGULAR-PRICE', 'Qty', 'Notes'])).toEqual(['slug', 'name', 'variant_price', 'sku', 'base_price', 'stock_quantity', null]);
  });

  it('gives each field to one column only: the first from the left', () => {
    expect(autoMap(['SKU', 'Name', 'Title', 'Price'])).toEqual(['sku', 'name', null, 'base_price']);
  });

  it('ignores a BOM on the first header', () => {
    expect(autoMap(['\uFEFFSKU'])).toEqual(['sku']);
  });
});

describe('checkMapping', () => {
  it('reports required fields without a column', () => {
    const headers = ['Name', 'Colour'];
    const mapping = autoMap(headers);
    expect(unmappedRequired(mapping)).toEqual(['sku', 'base_price']);
    expect(checkMapping(headers, mapping)).toEqual([
      { column: null, field: 'sku', message: 'Choose the column that holds SKU: it is required' },
      { column: null, field: 'base_price', message: 'Choose the column that holds Price: it is required' },
    ]);
  });

  it('reports a field chosen for two columns', () => {
    expect(checkMapping(['SKU', 'Name', 'Title', 'Price'], ['sku', 'name', 'name', 'base_price'])).toEqual([
      { column: 2, field: 'name', message: 'Columns "Name" and "Title" are both matched to Name: choose one' },
    ]);
  });
});
