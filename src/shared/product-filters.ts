/**
 * Product filters on category and search pages (issue 27 item 8): price range, brand, in stock, and
 * each variant option (Size, Colour). Kept in the URL as the storefront's own links and the API's
 * query share them: `min_price=10&max_price=40&brand=Kiln+Lane&in_stock=1&option=Colour:Sage`.
 * Parsing is lenient like paging (a price that is not one is ignored, extra values dropped), so a
 * hand-edited link never errors; the API's schema still bounds every string. No Zod here: the
 * storefront reads this without it.
 */

export const FILTER_VALUES_MAX = 20;
export const FILTER_VALUE_LENGTH_MAX = 100;
/** Pounds; the admin's price ceiling is below this. */
const PRICE_MAX = 10_000_000;

export interface OptionFilter {
  name: string;
  values: string[];
}

export interface ProductFilters {
  /** Pounds, inclusive; null: no bound. */
  min_price: number | null;
  max_price: number | null;
  brands: string[];
  in_stock: boolean;
  /** Values of one option are alternatives (Sage or Navy); different options must all match. */
  options: OptionFilter[];
}

export const NO_FILTERS: ProductFilters = { min_price: null, max_price: null, brands: [], in_stock: false, options: [] };

/** The URL's and API's parameter names. */
export const FILTER_KEYS = ['min_price', 'max_price', 'brand', 'in_stock', 'option'] as const;

function price(raw: string | undefined): number | null {
  if (raw === undefined || !/^\s*\d{1,8}(\.\d{1,2})?\s*$/.test(raw)) return null;
  const n = Number(raw);
  return n <= PRICE_MAX ? n : null;
}

/** Control characters dropped: a value is a word a person typed, never a line break or a tab. */
const cleanValue = (raw: string) => [...raw].filter((ch) => ch >= ' ' && ch !== '\u007f').join('').trim();

function distinct(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of values) {
    const value = cleanValue(raw);
    if (value && value.length <= FILTER_VALUE_LENGTH_MAX && !out.includes(value)) out.push(value);
    if (out.length === FILTER_VALUES_MAX) break;
  }
  return out;
}

/** `get(key)` answers every value the URL or query has for a key (none: []). */
export function parseFilters(get: (key: (typeof FILTER_KEYS)[number]) => readonly string[]): ProductFilters {
  let min = price(get('min_price')[0]);
  let max = price(get('max_price')[0]);
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  const options: OptionFilter[] = [];
  for (const pair of distinct(get('option'))) {
    const at = pair.indexOf(':');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (!name || !value) continue;
    const found = options.find((o) => o.name === name);
    if (found) found.values.push(value);
    else options.push({ name, values: [value] });
  }
  return { min_price: min, max_price: max, brands: distinct(get('brand')), in_stock: ['1', 'true'].includes(get('in_stock')[0] ?? ''), options };
}

/** The filters as query parameters, in a fixed order (so equal filters make equal links and cache keys). */
export function filterParams(f: ProductFilters): [string, string][] {
  const out: [string, string][] = [];
  if (f.min_price !== null) out.push(['min_price', String(f.min_price)]);
  if (f.max_price !== null) out.push(['max_price', String(f.max_price)]);
  for (const brand of [...f.brands].sort()) out.push(['brand', brand]);
  if (f.in_stock) out.push(['in_stock', '1']);
  for (const o of [...f.options].sort((a, b) => a.name.localeCompare(b.name))) for (const v of [...o.values].sort()) out.push(['option', `${o.name}:${v}`]);
  return out;
}

export const hasFilters = (f: ProductFilters) => f.min_price !== null || f.max_price !== null || f.brands.length > 0 || f.in_stock || f.options.length > 0;

/** GET /api/products/facets: what the shown products can be narrowed by, each with how many it leaves. */
export interface ProductFacets {
  /** The lowest and highest listing price in scope (pounds); null when nothing is in scope. */
  price: { min: number; max: number } | null;
  brands: { value: string; count: number }[];
  /** How many are in stock (with the other filters applied). */
  in_stock: number;
  options: { name: string; values: { value: string; count: number }[] }[];
}
