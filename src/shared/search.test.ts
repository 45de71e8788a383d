import { describe, expect, it } from 'vitest';
import { corrections, osaDistance, SEARCH_TERMS_MAX, searchTokens, typoBudget } from './search';

describe('osaDistance', () => {
  it('counts a swap of two neighbouring letters as one slip', () => {
    expect(osaDistance('widlflower', 'wildflower')).toBe(1);
    expect(osaDistance('stonewrae', 'stoneware')).toBe(1);
    expect(osaDistance('ab', 'ba')).toBe(1);
  });

  it('counts insertions, deletions and substitutions as one each', () => {
    expect(osaDistance('teracotta', 'terracotta')).toBe(1);
    expect(osaDistance('enamal', 'enamel')).toBe(1);
    expect(osaDistance('linens', 'linen')).toBe(1);
    expect(osaDistance('teracota', 'terracotta')).toBe(2);
    expect(osaDistance('kitten', 'sitting')).toBe(3);
  });

  it('is 0 for the same word and the length of the other for an empty one', () => {
    expect(osaDistance('mug', 'mug')).toBe(0);
    expect(osaDistance('', 'mug')).toBe(3);
    expect(osaDistance('mug', '')).toBe(3);
  });

  it('does not edit a letter twice (optimal string alignment, not full Damerau)', () => {
    // "ca" -> "ac" -> "abc" would be 2 with unrestricted transpositions; OSA says 3.
    expect(osaDistance('ca', 'abc')).toBe(3);
  });

  it('compares letters outside the Basic Multilingual Plane as one each', () => {
    expect(osaDistance('a𝒳b', 'ab')).toBe(1);
  });
});

describe('typoBudget', () => {
  it('allows no slip under 4 letters, one up to 7, two from 8', () => {
    expect(['mug', 'oak'].map(typoBudget)).toEqual([0, 0]);
    expect(['lamp', 'enamal', 'stonewr'].map(typoBudget)).toEqual([1, 1, 1]);
    expect(['teracota', 'widlflower'].map(typoBudget)).toEqual([2, 2]);
  });
});

describe('searchTokens', () => {
  it('splits on anything but letters and digits, as the database parser does', () => {
    expect(searchTokens('  Seed-Mix, 250g!  ')).toEqual(['Seed', 'Mix', '250g']);
    expect(searchTokens("children's")).toEqual(['children', 's']);
    expect(searchTokens('!!! --- ')).toEqual([]);
  });

  it('composes accents first, so a decomposed é stays inside its word', () => {
    expect(searchTokens('cafe\u0301 table')).toEqual(['café', 'table']);
  });

  it('keeps only the first SEARCH_TERMS_MAX words', () => {
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`);
    expect(searchTokens(words.join(' '))).toEqual(words.slice(0, SEARCH_TERMS_MAX));
  });
});

describe('corrections', () => {
  it('keeps only the closest candidates within the budget', () => {
    expect(corrections('teracotta', ['terracotta', 'terracottas', 'teapot'])).toEqual(['terracotta']);
    expect(corrections('widlflower', ['wildflower', 'wildflowers'])).toEqual(['wildflower']);
    expect(corrections('teracota', ['terracotta'])).toEqual(['terracotta']);
  });

  it('finds nothing past the budget, and never "corrects" a word to itself', () => {
    expect(corrections('enmxl', ['enamel'])).toEqual([]);
    expect(corrections('lamp', ['lamp'])).toEqual([]);
    expect(corrections('mgu', ['mug'])).toEqual([]);
    expect(corrections('lamp', [])).toEqual([]);
  });
});
