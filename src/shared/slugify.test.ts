import { describe, expect, it } from 'vitest';
import { slugify } from './slugify';
import { PAGE_LIMITS, PAGE_SLUG_PATTERN, pageSlugFor } from './page-templates';
import { starterSlug } from './page-starters';

describe('slugify', () => {
  it('lower-cases, turns runs of other characters into one dash and trims dashes', () => {
    expect(slugify('  Garden & Outdoor -- Tools! ')).toBe('garden-outdoor-tools');
    expect(slugify('Crème Brûlée')).toBe('creme-brulee');
    expect(slugify('***')).toBe('');
  });
});

describe('pageSlugFor (a new page’s address from its title)', () => {
  it('derives the address as slugify does', () => {
    expect(pageSlugFor('About Us')).toBe('about-us');
    expect(pageSlugFor('  Delivery & Returns — UK only! ')).toBe('delivery-returns-uk-only');
    expect(pageSlugFor('Café opening hours')).toBe('cafe-opening-hours');
    expect(pageSlugFor('FAQ 2025')).toBe('faq-2025');
    expect(pageSlugFor('?!')).toBe('');
  });

  it('stays within the slug limit, cut between words, and matches the slug pattern', () => {
    const long = pageSlugFor('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(PAGE_LIMITS.slug);
    expect(long).toMatch(PAGE_SLUG_PATTERN);
    expect(long.endsWith('word')).toBe(true);
    const unbroken = pageSlugFor('a'.repeat(150));
    expect(unbroken).toBe('a'.repeat(PAGE_LIMITS.slug));
    for (const title of ['Ünïcödé Ŝtore', '--a--b--', '100% Cotton', 'Tea & biscuits', 'x'.repeat(99) + ' y']) {
      const slug = pageSlugFor(title);
      expect(slug === '' || PAGE_SLUG_PATTERN.test(slug), title).toBe(true);
      expect(slug.length).toBeLessThanOrEqual(PAGE_LIMITS.slug);
    }
  });

  it('keeps a legal page’s usual address while its title is the suggested one', () => {
    expect(starterSlug('privacy', 'Privacy policy')).toBe('privacy');
    expect(starterSlug('privacy', 'Privacy & cookies')).toBe('privacy-cookies');
    expect(starterSlug('about', 'About us')).toBe('about-us');
    expect(starterSlug(undefined, 'Contact us')).toBe('contact-us');
  });
});
