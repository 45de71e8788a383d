import { isSafeText } from '../safe-text';
import { CSV_CATEGORY_DEPTH, CSV_CATEGORY_SEPARATOR, CSV_LIST_SEPARATOR } from '../product-csv';

// One CSV cell to one typed value (issue 15, decision 023). Pure: the import job, the dry run and the
// mapping screen's preview share these rules and their messages. Every parser takes the cell as text
// and answers { ok, value } or { ok: false, message }; an empty cell is null ("not given"), and the
// caller decides what that means (a default on create, unchanged on update).

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (message: string): Parsed<never> => ({ ok: false, message });

/** Prices must be below this many pence (the product form's limit, £1,000,000). */
export const CSV_PRICE_MAX_PENCE = 100_000_000;
export const CSV_STOCK_MAX = 10_000_000;
export const CSV_URL_MAX = 2048;
export const CSV_LIST_MAX = 30;
export const CSV_CATEGORY_NAME_MAX = 100;

export const VALUE_MESSAGES = {
  price: (label: string) => `${label} must be a number in pounds, such as 24.99`,
  priceNegative: (label: string) => `${label} must be zero or more`,
  pence: (label: string) => `${label} can have at most 2 decimal places (pence)`,
  priceMax: (label: string) => `${label} must be below £1,000,000`,
  stock: (label: string) => `${label} must be a whole number of 0 or more, such as 12`,
  stockMax: (label: string) => `${label} must be 10,000,000 or fewer`,
  boolean: (label: string) => `${label} must be yes or no`,
  status: 'Status must be draft, active or archived',
  visibility: 'Visibility must be public or private',
  categoryDepth: `Category can have at most ${CSV_CATEGORY_DEPTH} levels, such as "Kitchen > Mugs"`,
  categoryEmpty: 'Category has an empty level: write it as "Kitchen > Mugs"',
  categoryLong: `Each category name must be ${CSV_CATEGORY_NAME_MAX} characters or fewer`,
  url: 'Image URLs must be full web addresses starting with https:// or http://, separated by |',
  urlLong: `Each image URL must be ${CSV_URL_MAX} characters or fewer`,
  listLong: (label: string, max: number) => `${label} can have at most ${max} entries separated by |`,
  unsafe: 'Contains characters that are not allowed (a NUL character or broken Unicode)',
  textLong: (label: string, max: number) => `${label} must be ${max.toLocaleString('en-GB')} characters or fewer`,
} as const;

const blank = (text: string) => text.trim() === '';

/**
 * Digits with optional thousands separators and an optional decimal part, normalised to "1234.5".
 *
 * Decimal point: a full stop, as in the UK ("1,234.50"). A comma is read as the decimal separator only
 * when it cannot be a thousands separator: it is the last separator and 1 or 2 digits follow it
 * ("12,5", "1.234,50", "24,99" from a European Excel). "1,234" is one thousand two hundred and
 * thirty-four; "1.234" is £1.234 and refused for its third decimal. Thousands groups must be three
 * digits ("1,23,4" is refused); spaces and non-breaking spaces between groups are allowed.
 */
function normaliseNumber(raw: string): string | null {
  const text = raw.replace(/[\s\u00A0\u202F]/g, '');
  if (!/^\d[\d.,]*$/.test(text) && !/^[.,]\d+$/.test(text)) return null;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  let decimalSep: ',' | '.' | null = null;
  if (lastComma > lastDot && /^,\d{1,2}$/.test(text.slice(lastComma))) decimalSep = ',';
  else if (lastDot > lastComma) decimalSep = '.';
  else if (lastComma > lastDot && lastDot !== -1) return null; // "1.234,567": comma last but not decimal
  const thousandsSep = decimalSep === ',' ? '.' : ',';
  const cut = decimalSep ? text.lastIndexOf(decimalSep) : text.length;
  const whole = text.slice(0, cut);
  const fraction = decimalSep ? text.slice(cut + 1) : '';
  if (decimalSep && !/^\d+$/.test(fraction)) return null;
  if (whole.includes(decimalSep ?? '\0')) return null;
  if (whole.includes(thousandsSep)) {
    if (!new RegExp(`^\\d{1,3}(\\${thousandsSep}\\d{3})*$`).test(whole)) return null;
  } else if (!/^\d*$/.test(whole)) return null;
  const digits = whole.split(thousandsSep).join('') || '0';
  return fraction ? `${digits}.${fraction}` : digits;
}

/**
 * A price in pounds to integer pence: "24.99", "£1,250.00", "12", "GBP 12.50", "12,50". Refuses text,
 * negatives, more than 2 decimals and £1,000,000 or more. Empty: null.
 */
export function parsePrice(text: string, label = 'Price'): Parsed<number | null> {
  if (blank(text)) return ok(null);
  let body = text.trim();
  const negative = /^-|^\(.*\)$|^£\s*-/.test(body);
  body = body.replace(/^-/, '').replace(/^\((.*)\)$/, '$1').trim();
  body = body.replace(/^(£|GBP)\s*/i, '').replace(/\s*(£|GBP)$/i, '').replace(/^-/, '');
  const number = normaliseNumber(body);
  if (number === null) return fail(VALUE_MESSAGES.price(label));
  if (negative && /[1-9]/.test(number)) return fail(VALUE_MESSAGES.priceNegative(label));
  const [whole, fraction = ''] = number.split('.');
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) return fail(VALUE_MESSAGES.pence(label));
  if (whole.replace(/^0+/, '').length > 9) return fail(VALUE_MESSAGES.priceMax(label));
  const pence = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (pence >= CSV_PRICE_MAX_PENCE) return fail(VALUE_MESSAGES.priceMax(label));
  return ok(pence);
}

/** A whole number of units: "12", "1,250", "1 250". Refuses decimals, negatives and text. Empty: null. */
export function parseStock(text: string, label = 'Stock'): Parsed<number | null> {
  if (blank(text)) return ok(null);
  const body = text.trim();
  if (/^-\s*\d/.test(body)) return fail(VALUE_MESSAGES.stock(label));
  const compact = body.replace(/[\s\u00A0\u202F]/g, '');
  // Whole numbers only: a decimal point is refused, a comma only groups thousands ("1,250"). "12.0" is
  // allowed as Excel sometimes writes it.
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.0+)?$/.exec(compact);
  if (!match) return fail(VALUE_MESSAGES.stock(label));
  const digits = match[1].replace(/,/g, '').replace(/^0+(?=\d)/, '');
  if (digits.length > 8 || Number(digits) > CSV_STOCK_MAX) return fail(VALUE_MESSAGES.stockMax(label));
  return ok(Number(digits));
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1', 'on']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', 'off']);

/** yes/no, y/n, true/false, 1/0 (any case). Empty: null. */
export function parseBoolean(text: string, label: string): Parsed<boolean | null> {
  if (blank(text)) return ok(null);
  const word = text.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return ok(true);
  if (FALSE_WORDS.has(word)) return ok(false);
  return fail(VALUE_MESSAGES.boolean(label));
}

export type CsvProductStatus = 'draft' | 'active' | 'archived';
export type CsvVisibility = 'public' | 'private';

/** draft, active or archived, any case. Empty: null. */
export function parseStatus(text: string): Parsed<CsvProductStatus | null> {
  if (blank(text)) return ok(null);
  const word = text.trim().toLowerCase();
  return word === 'draft' || word === 'active' || word === 'archived' ? ok(word) : fail(VALUE_MESSAGES.status);
}

/** public or private, any case. Empty: null. */
export function parseVisibility(text: string): Parsed<CsvVisibility | null> {
  if (blank(text)) return ok(null);
  const word = text.trim().toLowerCase();
  return word === 'public' || word === 'private' ? ok(word) : fail(VALUE_MESSAGES.visibility);
}

/** "Kitchen > Mugs" to ["Kitchen", "Mugs"]; one or two levels. Empty: null. */
export function parseCategoryPath(text: string): Parsed<string[] | null> {
  if (blank(text)) return ok(null);
  if (!isSafeText(text)) return fail(VALUE_MESSAGES.unsafe);
  const parts = text.split(CSV_CATEGORY_SEPARATOR).map((p) => p.trim().replace(/\s+/g, ' '));
  if (parts.some((p) => p === '')) return fail(VALUE_MESSAGES.categoryEmpty);
  if (parts.length > CSV_CATEGORY_DEPTH) return fail(VALUE_MESSAGES.categoryDepth);
  if (parts.some((p) => p.length > CSV_CATEGORY_NAME_MAX)) return fail(VALUE_MESSAGES.categoryLong);
  return ok(parts);
}

/** Values separated by |, each trimmed, blanks dropped. Empty: []. */
export function parseList(text: string, label: string, max = CSV_LIST_MAX, itemMax = 300): Parsed<string[]> {
  if (!isSafeText(text)) return fail(VALUE_MESSAGES.unsafe);
  const items = text.split(CSV_LIST_SEPARATOR).map((s) => s.trim()).filter(Boolean);
  if (items.length > max) return fail(VALUE_MESSAGES.listLong(label, max));
  if (items.some((s) => s.length > itemMax)) return fail(`Each entry in ${label} must be ${itemMax} characters or fewer`);
  return ok(items);
}

/** A web address: http:// or https:// only (no javascript:, data: or relative paths). */
export function isWebUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Image URLs separated by |: each http(s), at most `max`. Empty: []. */
export function parseUrlList(text: string, max: number): Parsed<string[]> {
  if (!isSafeText(text)) return fail(VALUE_MESSAGES.unsafe);
  const items = text.split(CSV_LIST_SEPARATOR).map((s) => s.trim()).filter(Boolean);
  if (items.length > max) return fail(VALUE_MESSAGES.listLong('Image URLs', max));
  if (items.some((s) => s.length > CSV_URL_MAX)) return fail(VALUE_MESSAGES.urlLong);
  if (!items.every(isWebUrl)) return fail(VALUE_MESSAGES.url);
  return ok(items);
}

/** Plain text, trimmed, at most `max` characters, no NUL or broken Unicode. Empty: null. */
export function parseText(text: string, label: string, max: number): Parsed<string | null> {
  if (!isSafeText(text)) return fail(VALUE_MESSAGES.unsafe);
  const value = text.trim();
  if (value === '') return ok(null);
  if (value.length > max) return fail(VALUE_MESSAGES.textLong(label, max));
  return ok(value);
}

/** Integer pence as the export writes them: plain pounds with two decimals ("1234.50"), no £ or commas. */
export function formatCsvPrice(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.round(pence));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
