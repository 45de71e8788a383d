import { describe, expect, it } from 'vitest';
import { addressRules, CHECKOUT_FIELDS, emailRules, emptyCheckout, toPayload, type CheckoutValues } from './checkout-form';

const filled = (): CheckoutValues => ({
  contact: { email: '  sam@example.co.uk ', phone: ' ' },
  shippingAddress: { first_name: ' Sam ', last_name: 'Jones', company: '', address_line1: '1 High Street', address_line2: ' ', city: 'Leeds', postcode: 'ls1 4ap' },
  billingSameAsShipping: true,
  billingAddress: { ...emptyCheckout().billingAddress },
});

describe('checkout form', () => {
  it('sends trimmed text, nulls for empty optional fields, GB, and no billing address while it is the same', () => {
    expect(toPayload(filled(), 'method-1')).toEqual({
      contact: { email: 'sam@example.co.uk', phone: null },
      shippingAddress: { first_name: 'Sam', last_name: 'Jones', company: null, address_line1: '1 High Street', address_line2: null, city: 'Leeds', postcode: 'ls1 4ap', country: 'GB' },
      billingAddress: null,
      billingSameAsShipping: true,
      shipping_method_id: 'method-1',
    });
  });

  it('sends the billing address when it differs, and no method when none is known', () => {
    const values = filled();
    values.billingSameAsShipping = false;
    values.billingAddress = { ...values.shippingAddress, first_name: 'Alex', company: 'Acme Ltd' };
    const payload = toPayload(values, null);
    expect(payload.billingAddress).toMatchObject({ first_name: 'Alex', company: 'Acme Ltd', country: 'GB' });
    expect(payload).not.toHaveProperty('shipping_method_id');
  });

  it('requires the spec fields, checks the postcode, and ignores billing fields while billing is the same', () => {
    const values = filled();
    const check = (prefix: 'shippingAddress' | 'billingAddress', key: keyof CheckoutValues['shippingAddress'], value: string) =>
      addressRules(prefix, key).validate(value, values);
    expect(check('shippingAddress', 'first_name', '  ')).toBe('First name is required');
    expect(check('shippingAddress', 'address_line1', '')).toBe('Address is required');
    expect(check('shippingAddress', 'postcode', '')).toBe('Postcode is required');
    expect(check('shippingAddress', 'postcode', 'not a postcode')).toBe('Enter a valid UK postcode');
    expect(check('shippingAddress', 'postcode', 'LS1 4AP')).toBe(true);
    expect(check('shippingAddress', 'company', '')).toBe(true);
    expect(check('billingAddress', 'city', '')).toBe(true);
    values.billingSameAsShipping = false;
    expect(check('billingAddress', 'city', '')).toBe('City is required');
  });

  it('checks the email is there and looks like one', () => {
    const validate = (v: string) => emailRules().validate(v, filled());
    expect(validate(' ')).toBe('Email is required');
    expect(validate('sam@')).toBe('Enter a valid email address');
    expect(validate('sam@example.co.uk')).toBe(true);
  });

  it('knows every field the server can name', () => {
    expect(CHECKOUT_FIELDS).toContain('contact.email');
    expect(CHECKOUT_FIELDS).toContain('shippingAddress.postcode');
    expect(CHECKOUT_FIELDS).toContain('billingAddress.address_line1');
    expect(CHECKOUT_FIELDS).toHaveLength(16);
  });
});
