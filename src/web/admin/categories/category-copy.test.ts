import { describe, expect, it } from 'vitest';
import { confidenceBadge, fallbackCategoryCopy, fitText, readAssistantResult } from './category-copy';

describe('fallbackCategoryCopy', () => {
  it('writes copy from the name and seed at 70%, within the SEO limits', () => {
    const copy = fallbackCategoryCopy('Garden Tools', 'hand tools for small gardens and allotments');
    expect(copy.confidence).toBe(0.7);
    expect(copy.description).toMatch(/^Hand tools for small gardens and allotments\. Browse our Garden Tools range/);
    expect(copy.meta_title).toBe('Garden Tools | Shop the Range');
    expect(copy.meta_description).toBe('Shop Garden Tools. Hand tools for small gardens and allotments.');
  });

  it('stays within 60 and 160 characters however long the input', () => {
    const copy = fallbackCategoryCopy('Extraordinarily Long Category Name For Outdoor Living Spaces', 'word '.repeat(100));
    expect(copy.meta_title.length).toBeLessThanOrEqual(60);
    expect(copy.meta_description.length).toBeLessThanOrEqual(160);
    expect(copy.meta_description.endsWith('…')).toBe(true);
  });
});

describe('fitText', () => {
  it('keeps short text and cuts long text at a word with an ellipsis', () => {
    expect(fitText('  short   text ', 20)).toBe('short text');
    expect(fitText('one two three four', 12)).toBe('one two…');
    expect(fitText('one two three four', 12).length).toBeLessThanOrEqual(12);
  });
});

describe('readAssistantResult', () => {
  it('reads the copy and defaults a missing or silly confidence to 0.8', () => {
    expect(readAssistantResult({ result: { description: ' D ', meta_title: 'T', meta_description: 'M', confidence: 0.93 } })).toEqual({
      description: 'D',
      meta_title: 'T',
      meta_description: 'M',
      confidence: 0.93,
    });
    expect(readAssistantResult({ result: { description: 'D' } })).toMatchObject({ meta_title: '', confidence: 0.8 });
    expect(readAssistantResult({ result: { description: 'D', confidence: 7 } })!.confidence).toBe(0.8);
  });

  it('gives null when there is no copy', () => {
    for (const data of [null, {}, { result: null }, { result: { description: '' } }, { result: { meta_title: 'T' } }]) expect(readAssistantResult(data)).toBeNull();
  });
});

describe('confidenceBadge', () => {
  it('is green from 80%, yellow from 60%, grey below', () => {
    expect(confidenceBadge(0.8)).toEqual({ variant: 'success', label: '80% confidence' });
    expect(confidenceBadge(0.7)).toEqual({ variant: 'warning', label: '70% confidence' });
    expect(confidenceBadge(0.6).variant).toBe('warning');
    expect(confidenceBadge(0.59)).toEqual({ variant: 'secondary', label: '59% confidence' });
  });
});
