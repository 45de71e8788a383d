import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvLine, escapeCsvField, guardFormula, unguardFormula } from './csv-cells';

describe('formula guard', () => {
  it.each(['=SUM(A1)', '+44 20', '-5', '@cmd', '\tx', '\r=1'])('prefixes %j with a quote', (cell) => {
    expect(guardFormula(cell)).toBe(`'${cell}`);
  });
  it('doubles the quote on a cell that already looks guarded, so the import gives it back as it was', () => {
    expect(guardFormula("'-a")).toBe("''-a");
    expect(unguardFormula("''-a")).toBe("'-a");
  });
  it('leaves other cells alone', () => {
    for (const cell of ['Mug', '', "'already", '12.50', ' =late']) expect(guardFormula(cell)).toBe(cell);
  });
  it('is undone on import, for any text (property)', () => {
    fc.assert(fc.property(fc.string(), (s) => unguardFormula(guardFormula(s)) === s));
  });
});

describe('escapeCsvField and csvLine', () => {
  it('quotes separators, quotes, line breaks and edge spaces', () => {
    expect(escapeCsvField('plain')).toBe('plain');
    expect(escapeCsvField('a,b')).toBe('"a,b"');
    expect(escapeCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvField('a\nb')).toBe('"a\nb"');
    expect(escapeCsvField(' pad')).toBe('" pad"');
    expect(escapeCsvField('a;b', ';')).toBe('"a;b"');
  });
  it('ends each record with CRLF and guards every cell', () => {
    expect(csvLine(['SKU', '=1+1', 'x,y'])).toBe(`SKU,'=1+1,"x,y"\r\n`);
  });
});
