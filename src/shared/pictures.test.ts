import { describe, expect, it } from 'vitest';
import { VARIANT_WIDTHS, variantName, variantSrcset, variantWidths } from './pictures';

describe('variantWidths', () => {
  it('makes every standard width for an original at least as wide as the largest', () => {
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1280, 1600]);
    expect(variantWidths(1600)).toEqual([...VARIANT_WIDTHS]);
  });

  it('never upscales: a narrower original stops at its own width', () => {
    expect(variantWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(variantWidths(960)).toEqual([320, 640, 960]);
    expect(variantWidths(321)).toEqual([320, 321]);
    expect(variantWidths(200)).toEqual([200]);
    for (const width of [1, 57, 320, 641, 1599, 1601, 9000]) expect(Math.max(...variantWidths(width))).toBeLessThanOrEqual(width);
  });

  it('makes nothing for a size that is not a whole positive number', () => {
    for (const width of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(variantWidths(width)).toEqual([]);
  });
});

describe('variantName', () => {
  it('puts the copy beside its original, by key or by URL alike', () => {
    expect(variantName('tenants/t/media/ab-12.jpg', 640, 'webp')).toBe('tenants/t/media/ab-12.w640.webp');
    expect(variantName('/files/tenants/t/media/ab-12.png', 320, 'avif')).toBe('/files/tenants/t/media/ab-12.w320.avif');
    expect(variantName('https://cdn.example/shop/tenants/t/media/x.jpeg', 1600, 'avif')).toBe('https://cdn.example/shop/tenants/t/media/x.w1600.avif');
  });

  it('a name with no extension keeps its folders (a dot in a folder is not an extension)', () => {
    expect(variantName('https://cdn.example.com/a/photo', 640, 'webp')).toBe('https://cdn.example.com/a/photo.w640.webp');
  });

  it('builds a srcset in one format', () => {
    expect(variantSrcset('/files/x/media/a.jpg', [320, 640], 'avif')).toBe('/files/x/media/a.w320.avif 320w, /files/x/media/a.w640.avif 640w');
  });
});
