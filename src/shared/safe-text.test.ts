import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText, MAX_INPUT_DEPTH, TOO_DEEP_MESSAGE, UNSAFE_TEXT_MESSAGE } from './safe-text';

describe('isSafeText', () => {
  it('accepts ordinary text, emoji (paired surrogates) and other scripts', () => {
    for (const ok of ['', 'Wildflower seed mix', 'Crème brûlée £4.50', '🌼 daisies', '日本語', '\u202e', 'tab\tand\nnewline']) expect(isSafeText(ok), ok).toBe(true);
  });

  it('refuses NUL and unpaired surrogates anywhere in the string', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udc00', 'end \ud83d', '\udfff\ud800', '🌼\ud800']) expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
  });
});

describe('findUnsafeText', () => {
  it('finds nothing in safe input of any shape', () => {
    expect(findUnsafeText({ a: 'x', b: [1, true, null, { c: 'é' }], d: Buffer.from([0, 0xd8]) })).toBeNull();
    expect(findUnsafeText(undefined)).toBeNull();
  });

  it('names the path of an unsafe value, in objects and arrays', () => {
    expect(findUnsafeText({ shippingAddress: { city: 'Lon\u0000don' } })).toEqual({ path: 'shippingAddress.city', message: UNSAFE_TEXT_MESSAGE });
    expect(findUnsafeText({ variants: [{ sku: 'ok' }, { options: [{ value: '\udc00' }] }] })?.path).toBe('variants.1.options.0.value');
    expect(findUnsafeText('\u0000')).toEqual({ path: '', message: UNSAFE_TEXT_MESSAGE });
  });

  it('checks keys too, without echoing the bad character back', () => {
    const found = findUnsafeText({ specs: { 'we\u0000ight': '1kg' } });
    expect(found).toEqual({ path: 'specs.we\uFFFDight', message: UNSAFE_TEXT_MESSAGE });
  });

  it('refuses nesting deeper than any contract uses, without recursion', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)?.message).toBe(TOO_DEEP_MESSAGE);
    let fine: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) fine = { n: fine };
    expect(findUnsafeText(fine)).toBeNull();
  });
});
