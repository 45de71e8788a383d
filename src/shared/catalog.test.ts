import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maskEmail, parsePage, parseSort, type ReviewBody } from './catalog';
import { EMAIL_PATTERN, checkReview } from './review-check';
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

  it("uses Zod's own email pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  it('checks a review by hand exactly as the server schema does (the storefront form has no Zod)', () => {
    const emails = [
      'A@Example.com ', 'jo.hughes@example.co.uk', 'nope', '', '   ', 'a@b.c', 'a@b.co', '.a@b.co', 'a.@b.co', 'a..b@c.co',
      "o'neil+shop@mail.example.org", 'a@-b.co', 'a@b-.co', 'a b@c.co', 'a@b.c0', 'ÉLAN@example.com', 'x@y.zz',
      `${'a'.repeat(250)}@b.co`, `${'a'.repeat(243)}@example.com`, `${'a'.repeat(244)}@example.com`, 'a@@b.co', 'user@sub.domain.travel',
    ];
    const texts = ['Lovely', '  Lovely  ', '', '  ', 'x'.repeat(120), 'x'.repeat(121), ` ${'x'.repeat(120)} `, 'y'.repeat(4000), 'y'.repeat(4001)];
    const ratings = [undefined, 1, 3, 5, 0, 6, 2.5, -1, Number.NaN];
    const cases: ReviewBody[] = [];
    for (const customer_email of emails) cases.push({ title: 'Lovely', body: 'Good mug', customer_email });
    for (const title of texts) for (const body of texts) cases.push({ title, body, customer_email: 'jo@example.com' });
    for (const rating of ratings) cases.push({ rating, title: ' ', body: 'Good', customer_email: 'nope' });
    // Random short strings over the characters that matter to the email rule.
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = "aZ09._-+'@ @.";
    for (let n = 0; n < 2000; n++) {
      const email = Array.from({ length: 1 + Math.floor(next() * 14) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      cases.push({ rating: Math.floor(next() * 7), title: next() < 0.2 ? ' ' : 'Title', body: 'Body', customer_email: email });
    }
    for (const input of cases) {
      const viaZod = reviewBody.safeParse(input);
      const byHand = checkReview(input);
      const label = JSON.stringify(input).slice(0, 200);
      expect(byHand.success, label).toBe(viaZod.success);
      if (viaZod.success && byHand.success) expect(byHand.data, label).toEqual(viaZod.data);
      if (!viaZod.success && !byHand.success) {
        const zodFirst: Record<string, string> = {};
        for (const issue of viaZod.error.issues) zodFirst[String(issue.path[0])] ??= issue.message;
        expect(byHand.errors, label).toEqual(zodFirst);
      }
    }
  });
});
