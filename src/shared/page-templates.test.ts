import { describe, expect, it } from 'vitest';
import { ABOUT_TEMPLATE, PAGE_MESSAGES, defaultContent, isSlotVisible, pageTemplate, validatePageContent } from './page-templates';
import { createPageBody, pageContentBody } from './pages';

const slot = (key: string) => ABOUT_TEMPLATE.slots.find((s) => s.key === key)!;

describe('the About template', () => {
  it('has the spec’s key, name, version, six slots and limits', () => {
    expect(ABOUT_TEMPLATE).toMatchObject({ key: 'about', name: 'About Page', version: 1 });
    expect(ABOUT_TEMPLATE.slots.map((s) => s.key)).toEqual(['hero_title', 'hero_image', 'body', 'show_cta', 'cta_text', 'cta_href']);
    expect(slot('hero_title')).toMatchObject({ required: true, min: 1, max: 80 });
    expect(slot('body')).toMatchObject({ type: 'richtext', max: 4000, allowedTags: ['p', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'blockquote'] });
    expect(slot('cta_text').max).toBe(60);
    expect(slot('hero_image').hint).toContain('16:9');
    expect(defaultContent(ABOUT_TEMPLATE)).toEqual({ show_cta: false });
    expect(pageTemplate('about')).toBe(ABOUT_TEMPLATE);
    expect(pageTemplate('toString')).toBeNull();
  });

  it('shows the button fields only while show_cta is on', () => {
    expect(isSlotVisible(slot('cta_text'), {})).toBe(false);
    expect(isSlotVisible(slot('cta_href'), { show_cta: false })).toBe(false);
    expect(isSlotVisible(slot('cta_href'), { show_cta: true })).toBe(true);
    expect(isSlotVisible(slot('hero_title'), {})).toBe(true);
  });
});

describe('validatePageContent', () => {
  it('accepts valid content, trims text and leaves out empty and hidden slots', () => {
    const { content, errors } = validatePageContent(ABOUT_TEMPLATE, { hero_title: ' Hi ', hero_image: '', body: '<p>x</p>', show_cta: false, cta_text: 'Hidden' });
    expect(errors).toEqual({});
    expect(content).toEqual({ hero_title: 'Hi', body: '<p>x</p>', show_cta: false });
  });

  it('keeps the button fields while show_cta is on', () => {
    const { content, errors } = validatePageContent(ABOUT_TEMPLATE, { hero_title: 'Hi', show_cta: true, cta_text: 'Shop now', cta_href: '/products' });
    expect(errors).toEqual({});
    expect(content).toEqual({ hero_title: 'Hi', show_cta: true, cta_text: 'Shop now', cta_href: '/products' });
  });

  it('reports every broken rule at its field', () => {
    const { errors } = validatePageContent(ABOUT_TEMPLATE, {
      hero_title: '   ',
      hero_image: 'javascript:alert(1)',
      body: 'x'.repeat(4001),
      show_cta: true,
      cta_text: 'y'.repeat(61),
      cta_href: 'http://insecure.example',
      colour: 'red',
    });
    expect(errors).toEqual({
      hero_title: PAGE_MESSAGES.required,
      hero_image: PAGE_MESSAGES.url,
      body: 'Must be 4000 characters or fewer',
      cta_text: 'Must be 60 characters or fewer',
      cta_href: PAGE_MESSAGES.url,
      colour: PAGE_MESSAGES.unknownSlot,
    });
  });

  it('checks the limits at their edges and the value types', () => {
    expect(validatePageContent(ABOUT_TEMPLATE, { hero_title: 'x'.repeat(80) }).errors).toEqual({});
    expect(validatePageContent(ABOUT_TEMPLATE, { hero_title: 'x'.repeat(81) }).errors.hero_title).toBeTruthy();
    expect(validatePageContent(ABOUT_TEMPLATE, { hero_title: 'a', body: 'x'.repeat(4000) }).errors).toEqual({});
    expect(validatePageContent(ABOUT_TEMPLATE, { hero_title: 5 }).errors.hero_title).toBe(PAGE_MESSAGES.notText);
    expect(validatePageContent(ABOUT_TEMPLATE, { hero_title: 'a', show_cta: 'true' }).errors.show_cta).toBe(PAGE_MESSAGES.notBoolean);
    expect(validatePageContent(ABOUT_TEMPLATE, { hero_title: 'a', hero_image: '//evil.example/x.png' }).errors.hero_image).toBe(PAGE_MESSAGES.url);
    expect(validatePageContent(ABOUT_TEMPLATE, { hero_title: 'a', hero_image: 'https://cdn.example/x.png' }).errors).toEqual({});
  });
});

describe('page contracts', () => {
  it('trims and lower-cases the slug and checks it', () => {
    expect(createPageBody.parse({ slug: '  About-Us ', template_key: 'about' })).toEqual({ slug: 'about-us', template_key: 'about' });
    expect(createPageBody.safeParse({ slug: '', template_key: 'about' }).success).toBe(false);
    expect(createPageBody.safeParse({ slug: 'a b', template_key: 'about' }).success).toBe(false);
    expect(createPageBody.safeParse({ slug: 'a', template_key: 'landing' }).success).toBe(false);
    expect(createPageBody.safeParse({ slug: 'a', template_key: 'about', extra: 1 }).success).toBe(false);
  });

  it('bounds the content body', () => {
    expect(pageContentBody.safeParse({ content: { hero_title: 'x' } }).success).toBe(true);
    expect(pageContentBody.safeParse({ content: { hero_title: 'x'.repeat(20_001) } }).success).toBe(false);
    expect(pageContentBody.safeParse({ content: { a: { nested: true } } }).success).toBe(false);
    expect(pageContentBody.safeParse({ content: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'x'])) }).success).toBe(false);
  });
});
