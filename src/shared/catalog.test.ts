import { describe, expect, it } from 'vitest';
import { maskEmail, parsePage, parseSort } from './catalog';
import { reviewBody } from './catalog-schemas';

describe('catalogue query rules', () => {
  it('takes only positive whole page numbers, else 1', () => {
    for (const raw of ['0', '-1', 'abc', '1.5', '', undefined, '99999999999999999999']) expect(parsePage(raw), String(raw)).toBe(1);
    expect(parsePage('3')).toBe(3);
  });

  it('knows the five sorts and nothing else', () => {
    expect(parseSort('price_desc')).toBe('price_desc');
    expect(parseSort('price; drop table')).toBeNull();
  });
});

describe('reviews', () => {
  it('masks an email to its first two characters', () => {
    expect(maskEmail('jo.hughes@example.co.uk')).toBe('jo*********************');
    expect(maskEmail('a@b.c')).toBe('a@***');
    expect(maskEmail('jo.hughes@example.co.uk')).not.toContain('example');
  });

  it('defaults the rating to 5 and names the missing fields', () => {
    expect(reviewBody.parse({ title: 'Lovely', body: 'Good mug', customer_email: 'A@Example.com ' })).toEqual({
      rating: 5, title: 'Lovely', body: 'Good mug', customer_email: 'a@example.com',
    });
    const bad = reviewBody.safeParse({ rating: 6, title: ' ', body: '', customer_email: 'nope' });
    expect(bad.success).toBe(false);
    const fields = Object.fromEntries(bad.error!.issues.map((i) => [i.path[0], i.message]));
    expect(fields).toMatchObject({ rating: 'Choose a rating from 1 to 5', title: 'Please fill in all required fields', body: 'Please fill in all required fields', customer_email: 'Enter a valid email address' });
  });

  it('says which limit a long review breaks, and refuses unknown fields', () => {
    const long = reviewBody.safeParse({ rating: 2.5, title: 'x'.repeat(121), body: 'y'.repeat(4001), customer_email: `${'a'.repeat(250)}@b.co` });
    const fields = Object.fromEntries(long.error!.issues.map((i) => [i.path[0], i.message]));
    expect(fields).toEqual({
      rating: 'Choose a rating from 1 to 5',
      title: 'Title must be 120 characters or fewer',
      body: 'Review must be 4,000 characters or fewer',
      customer_email: 'Email is too long',
    });
    expect(reviewBody.safeParse({ title: 'a', body: 'b', customer_email: 'a@b.co', status: 'approved' }).success).toBe(false);
  });
});
