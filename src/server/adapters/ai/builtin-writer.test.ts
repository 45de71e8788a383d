import { describe, expect, it } from 'vitest';
import { AI_AUDIENCES, AI_TONES, clipAtWord, stripHtml, type ProductDraft } from '../../../shared/ai';
import { BUILTIN_MODEL, BuiltinWriter, listNames, writeProductCopy } from './builtin-writer';

const draft: ProductDraft = {
  name: 'Cordless Drill Driver 18V',
  seed_description: 'Compact drill with two batteries and a <b>hard case</b>',
  category: 'Power Tools',
  price: 129.99,
  sku: 'DRL-18',
  brand: 'Forge',
  specs: [
    { name: 'Voltage', value: '18V' },
    { name: 'Chuck', value: '13 mm keyless' },
  ],
  tone: 'technical',
  target_audience: 'trade',
};

describe('built-in writer', () => {
  it('writes the same copy for the same seed and different copy for another seed', () => {
    expect(writeProductCopy(draft, 'a')).toEqual(writeProductCopy(draft, 'a'));
    const seeds = ['a', 'b', 'c', 'd', 'e', 'f'].map((s) => JSON.stringify(writeProductCopy(draft, s)));
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('uses the fields it is given, with no HTML, in UK English', () => {
    const copy = writeProductCopy(draft, 'x');
    expect(copy.title).toBe('Forge Cordless Drill Driver 18V');
    expect(copy.description_md).toContain('Compact drill with two batteries and a hard case.');
    expect(copy.description_md).toMatch(/voltage 18V; chuck 13 mm keyless/);
    expect(JSON.stringify(copy)).not.toMatch(/<|>/);
    expect(copy.bullets).toContain('Voltage: 18V');
    expect(copy.specs[0]).toEqual({ name: 'Brand', value: 'Forge' });
    expect(copy.seo.keywords).toContain('power tools');
    expect(JSON.stringify(copy)).not.toMatch(/\b(color|organize|center|favorite)\b/i);
  });

  it('keeps SEO fields within 60 and 160 characters for every tone and audience, cut at words', () => {
    const long = { ...draft, name: 'Extremely Long Product Name For A Heavy Duty Professional Cordless Combination Hammer Drill', seed_description: 'word '.repeat(100) };
    for (const tone of AI_TONES) {
      for (const target_audience of AI_AUDIENCES) {
        const copy = writeProductCopy({ ...long, tone, target_audience }, `${tone}${target_audience}`);
        expect(copy.seo.title.length).toBeLessThanOrEqual(60);
        expect(copy.seo.description.length).toBeLessThanOrEqual(160);
        expect(copy.seo.title).not.toMatch(/\s$/);
        expect(long.name.startsWith(copy.seo.title) || copy.seo.title.startsWith('Forge')).toBe(true);
      }
    }
  });

  it('reports its model name and usage, and writes category copy and field suggestions', async () => {
    const w = new BuiltinWriter();
    const result = await w.productCopy(draft, 's');
    expect(result.model).toBe(BUILTIN_MODEL);
    expect(result.fellBack).toBe(false);
    expect(result.usage.total_tokens).toBe(result.usage.prompt_tokens + result.usage.completion_tokens);
    const category = await w.categoryCopy({ name: 'Garden Tools', seed_description: 'Spades, forks and trowels' }, 's');
    expect(category.value.confidence).toBe(0.8);
    expect(category.value.meta_title.length).toBeLessThanOrEqual(60);
    expect(category.value.description).toContain('Spades, forks and trowels.');
    const features = await w.fieldSuggestion({ goal: 'product_features', field: 'bullets', context: { name: 'Oak Board', bullets: ['Hand oiled'] } });
    expect(features.value.split('\n')[0]).toBe('Hand oiled');
    expect(features.value.split('\n').length).toBeGreaterThanOrEqual(3);
    const seo = await w.fieldSuggestion({ goal: 'seo_description', field: 'meta_description', context: { name: 'Oak Board', description: 'A'.repeat(400) } });
    expect(seo.value.length).toBeLessThanOrEqual(160);
  });

  it('phrases store findings with their numbers and names', async () => {
    const { value } = await new BuiltinWriter().phraseInsights([
      { id: 'd', kind: 'missing_description', count: 5, examples: ['A', 'B', 'C'], impact: 'high', confidence: 0.9, type: 'action', href: null },
      { id: 'e', kind: 'empty_categories', count: 1, examples: ['Sale'], impact: 'low', confidence: 0.65, type: 'insight', href: null },
    ]);
    expect(value[0]).toMatchObject({ id: 'd', title: '5 products need descriptions' });
    expect(value[0].description).toMatch(/^A, B, C and 2 more have no description/);
    expect(value[1]).toMatchObject({ title: '1 category has no products', description: expect.stringMatching(/^Sale is empty/) });
  });
});

describe('text helpers', () => {
  it('lists names', () => {
    expect(listNames(['A'], 1)).toBe('A');
    expect(listNames(['A', 'B'], 2)).toBe('A and B');
    expect(listNames(['A', 'B', 'C'], 3)).toBe('A, B and C');
    expect(listNames(['A', 'B', 'C'], 7)).toBe('A, B, C and 4 more');
  });

  it('strips HTML, scripts and entity-spelt tags', () => {
    expect(stripHtml('<p>Hi <b>there</b></p><script>alert(1)</script>')).toBe('Hi there');
    expect(stripHtml('a &lt;script&gt;bad()&lt;/script&gt; b &amp; c')).toBe('a  b & c');
    expect(stripHtml('Line<br>two')).toBe('Line\ntwo');
    expect(stripHtml('Size > 10 cm & < 20 cm')).toBe('Size > 10 cm & < 20 cm');
  });

  it('clips at a word boundary', () => {
    expect(clipAtWord('one two three', 9)).toBe('one two');
    expect(clipAtWord('one two three', 13)).toBe('one two three');
    expect(clipAtWord('one two, three', 8)).toBe('one two');
    expect(clipAtWord('abcdefghijklmnop', 5)).toBe('abcde');
  });
});
