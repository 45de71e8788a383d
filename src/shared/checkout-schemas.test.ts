import { describe, expect, it } from 'vitest';
import { checkoutInput } from './checkout-schemas';

const address = { first_name: 'Sam', last_name: 'Jones', address_line1: '1 High St', city: 'Leeds', postcode: 'sw1a1aa' };
const firstMessages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
};

describe('checkout body (Zod Mini: the checkout form and POST /api/checkout)', () => {
  it('normalises what it keeps and defaults the rest', () => {
    expect(checkoutInput.parse({ contact: { email: ' Sam@Example.COM ' }, shippingAddress: { ...address, company: '  ', country: ' gb ' } })).toEqual({
      contact: { email: 'sam@example.com', phone: null },
      shippingAddress: { ...address, postcode: 'SW1A 1AA', company: null, address_line2: null, country: 'GB' },
      billingSameAsShipping: true,
    });
  });

  it('delivers to the UK only, wants a billing address when it differs, and refuses prices and unknown fields', () => {
    expect(firstMessages(checkoutInput.safeParse({ contact: { email: 'a@b.co' }, shippingAddress: { ...address, country: 'FR' } }))).toEqual({ 'shippingAddress.country': 'We deliver to UK addresses only' });
    expect(firstMessages(checkoutInput.safeParse({ contact: { email: 'a@b.co' }, shippingAddress: address, billingSameAsShipping: false }))).toEqual({ billingAddress: 'Billing address is required' });
    expect(checkoutInput.safeParse({ contact: { email: 'a@b.co' }, shippingAddress: address, total: 0 }).success).toBe(false);
  });

  it('says which limit is broken, an over-long email included', () => {
    const long = checkoutInput.safeParse({ contact: { email: `${'a'.repeat(250)}@b.co`, phone: '1'.repeat(41) }, shippingAddress: { ...address, city: 'x'.repeat(101) } });
    expect(firstMessages(long)).toEqual({ 'contact.email': 'Email is too long', 'contact.phone': 'Must be 40 characters or fewer', 'shippingAddress.city': 'Must be 100 characters or fewer' });
  });
});
