import { describe, expect, it } from 'vitest';
import { claimOrdersBody, confirmClaimBody } from './claim-schemas';

const firstMessages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
};

describe('claim bodies (Zod Mini: the claim form and the claim routes)', () => {
  it('requires the email after trimming (storefront spec §5) and lower-cases it', () => {
    expect(claimOrdersBody.parse({ email: ' Sam@Example.co.uk ' })).toEqual({ email: 'sam@example.co.uk' });
    expect(firstMessages(claimOrdersBody.safeParse({ email: '   ' }))).toEqual({ email: 'Please enter your email address' });
    expect(firstMessages(claimOrdersBody.safeParse({}))).toEqual({ email: 'Please enter your email address' });
    expect(firstMessages(claimOrdersBody.safeParse({ email: 'sam@' }))).toEqual({ email: 'Enter a valid email address' });
  });

  it('takes a trimmed token of at most 200 characters', () => {
    expect(confirmClaimBody.parse({ token: ' abc ' })).toEqual({ token: 'abc' });
    for (const token of ['', '  ', 'x'.repeat(201), 5]) expect(confirmClaimBody.safeParse({ token }).success).toBe(false);
    expect(confirmClaimBody.safeParse({ token: 'abc', email: 'a@b.co' }).success).toBe(false);
  });
});
