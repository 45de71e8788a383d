import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCsvPrice, isWebUrl, parseBoolean, parseCategoryPath, parseList, parsePrice, parseStatus, parseStock, parseText, parseUrlList, parseVisibility } from './values';

const value = <T>(r: { ok: true; value: T } | { ok: false; message: string }) => (r.ok ? r.value : `ERR: ${r.message}`);

describe('parsePrice', () => {
  it.each([
    ['24.99', 2499],
    ['12', 1200],
    ['12.5', 1250],
    ['£1,234.50', 123450],
    ['£ 1,234.50', 123450],
    ['GBP 12.00', 1200],
    ['12.00 GBP', 1200],
    ['1 234.50', 123450],
    ['1,250', 125000],
    ['999,999.99', 99999999],
    ['0', 0],
    ['0.00', 0],
    ['.5', 50],
    ['  7.10  ', 710],
    // A comma is the decimal separator only when it cannot be a thousands separator.
    ['12,50', 1250],
    ['1,23', 123],
    ['24,9', 2490],
    ['1.234,50', 123450],
    ['£1.234,50', 123450],
    ['12.500', 1250],
  ])('reads %j as %i pence', (text, pence) => {
    expect(value(parsePrice(text))).toBe(pence);
  });

  it('reads an empty cell as null', () => {
    expect(value(parsePrice(''))).toBeNull();
    expect(value(parsePrice('   '))).toBeNull();
  });

  it.each([
    ['abc', 'Price must be a number in pounds, such as 24.99'],
    ['12.5.0', 'Price must be a number in pounds, such as 24.99'],
    ['1,23,4', 'Price must be a number in pounds, such as 24.99'],
    ['$12', 'Price must be a number in pounds, such as 24.99'],
    ['12.', 'Price must be a number in pounds, such as 24.99'],
    ['-5', 'Price must be zero or more'],
    ['-£5.00', 'Price must be zero or more'],
    ['£-5.00', 'Price must be zero or more'],
    ['(5.00)', 'Price must be zero or more'],
    ['1.234', 'Price can have at most 2 decimal places (pence)'],
    ['12.999', 'Price can have at most 2 decimal places (pence)'],
    ['1000000', 'Price must be below £1,000,000'],
    ['99999999999999999999', 'Price must be below £1,000,000'],
    ['1,234,567.89', 'Price must be below £1,000,000'],
  ])('refuses %j: %s', (text, message) => {
    expect(parsePrice(text)).toEqual({ ok: false, message });
  });

  it('names the column in its message', () => {
    expect(parsePrice('x', 'Variant Price')).toEqual({ ok: false, message: 'Variant Price must be a number in pounds, such as 24.99' });
  });

  it('reads back every price the export writes (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999 }), (pence) => value(parsePrice(formatCsvPrice(pence))) === pence));
  });

  it('reads UK formatted prices with £ and thousands separators (property)', () => {
    const uk = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999 }), (pence) => value(parsePrice(uk.format(pence / 100))) === pence));
  });

  it('reads European formatted prices (property)', () => {
    const de = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999 }), (pence) => value(parsePrice(de.format(pence / 100))) === pence));
  });

  it('never throws and answers pence or a message for any text (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parsePrice(text);
        return parsed.ok ? parsed.value === null || (Number.isInteger(parsed.value) && parsed.value >= 0 && parsed.value < 100_000_000) : parsed.message.length > 0;
      }),
    );
  });
});

describe('parseStock', () => {
  it.each([
    ['12', 12],
    ['0', 0],
    ['1,250', 1250],
    ['1 250', 1250],
    ['12.0', 12],
    ['007', 7],
    ['10,000,000', 10_000_000],
  ])('reads %j as %i', (text, n) => expect(value(parseStock(text))).toBe(n));

  it.each(['abc', '-3', '1.5', '1,25', '12 units'])('refuses %j', (text) => {
    expect(parseStock(text)).toEqual({ ok: false, message: 'Stock must be a whole number of 0 or more, such as 12' });
  });

  it('refuses more than 10,000,000', () => {
    expect(parseStock('10,000,001', 'Variant Stock')).toEqual({ ok: false, message: 'Variant Stock must be 10,000,000 or fewer' });
    expect(parseStock('99999999999999')).toEqual({ ok: false, message: 'Stock must be 10,000,000 or fewer' });
  });

  it('reads any whole number written with or without separators (property)', () => {
    const uk = new Intl.NumberFormat('en-GB');
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (n) => value(parseStock(String(n))) === n && value(parseStock(uk.format(n))) === n));
  });
});

describe('booleans, status and visibility', () => {
  it.each(['yes', 'YES', 'y', 'true', 'True', '1', 'on'])('reads %j as true', (t) => expect(value(parseBoolean(t, 'Featured'))).toBe(true));
  it.each(['no', 'N', 'false', '0', 'off'])('reads %j as false', (t) => expect(value(parseBoolean(t, 'Featured'))).toBe(false));
  it('refuses anything else, and reads empty as null', () => {
    expect(parseBoolean('maybe', 'Featured')).toEqual({ ok: false, message: 'Featured must be yes or no' });
    expect(value(parseBoolean('', 'Featured'))).toBeNull();
  });

  it('reads status and visibility in any case', () => {
    expect(value(parseStatus(' Active '))).toBe('active');
    expect(value(parseStatus('ARCHIVED'))).toBe('archived');
    expect(parseStatus('live')).toEqual({ ok: false, message: 'Status must be draft, active or archived' });
    expect(value(parseVisibility('Private'))).toBe('private');
    expect(parseVisibility('hidden')).toEqual({ ok: false, message: 'Visibility must be public or private' });
    expect(value(parseStatus(''))).toBeNull();
  });
});

describe('parseCategoryPath', () => {
  it('reads one or two levels', () => {
    expect(value(parseCategoryPath('Kitchen'))).toEqual(['Kitchen']);
    expect(value(parseCategoryPath(' Kitchen  >  Mugs '))).toEqual(['Kitchen', 'Mugs']);
    expect(value(parseCategoryPath(''))).toBeNull();
  });
  it('refuses three levels and empty levels', () => {
    expect(parseCategoryPath('A > B > C')).toEqual({ ok: false, message: 'Category can have at most 2 levels, such as "Kitchen > Mugs"' });
    expect(parseCategoryPath('Kitchen >')).toEqual({ ok: false, message: 'Category has an empty level: write it as "Kitchen > Mugs"' });
    expect(parseCategoryPath('x'.repeat(101)).ok).toBe(false);
  });
});

describe('lists and URLs', () => {
  it('splits on |, trims and drops blanks', () => {
    expect(value(parseList(' a | b ||c ', 'Highlights'))).toEqual(['a', 'b', 'c']);
    expect(value(parseList('', 'Highlights'))).toEqual([]);
    expect(parseList(Array(31).fill('x').join('|'), 'Highlights')).toEqual({ ok: false, message: 'Highlights can have at most 30 entries separated by |' });
  });

  it('takes http and https addresses only', () => {
    expect(value(parseUrlList('https://a.example/1.jpg | http://b.example/2.png', 20))).toEqual(['https://a.example/1.jpg', 'http://b.example/2.png']);
    for (const bad of ['javascript:alert(1)', '/uploads/a.jpg', 'ftp://a.example/x', 'data:image/png;base64,AAAA', 'https://', 'www.example.com/a.jpg']) {
      expect(isWebUrl(bad)).toBe(false);
      expect(parseUrlList(bad, 20)).toEqual({ ok: false, message: 'Image URLs must be full web addresses starting with https:// or http://, separated by |' });
    }
    expect(parseUrlList(Array(21).fill('https://a.example/x.jpg').join('|'), 20).ok).toBe(false);
  });

  it('refuses NUL and overlong text', () => {
    expect(parseText('a\u0000b', 'Name', 200).ok).toBe(false);
    expect(parseText('x'.repeat(201), 'Name', 200)).toEqual({ ok: false, message: 'Name must be 200 characters or fewer' });
    expect(value(parseText('  Mug  ', 'Name', 200))).toBe('Mug');
  });
});
