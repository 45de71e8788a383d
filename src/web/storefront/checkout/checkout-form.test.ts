import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '@shared/checkout-schemas';
import { CHECKOUT_FIELDS, checkoutForm, emptyCheckout, toBody, type CheckoutValues } from './checkout-form';

const filled = (): CheckoutValues => ({
  contact: { email: '  Sam@Example.co.uk ', phone: ' ' },
  shippingAddress: { first_name: ' Sam ', last_name: 'Jones', company: '', address_line1: '1 High Street', address_line2: ' ', city: 'Leeds', postcode: 'ls14ap' },
  billingSameAsShipping: true,
  billingAddress: { ...emptyCheckout().billingAddress },
});

/** The first message per field path, as the form's resolver shows them. */
function messages(values: CheckoutValues): Record<string, string> {
  const result = checkoutForm.safeParse(values);
  const found: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('checkout form schema (the route schema, behind the form values)', () => {
  it('gives the body the server gets: trimmed, lower-cased email, nulls for empty optional text, postcode normalised, GB, no billing while it is the same', () => {
    expect(checkoutForm.parse(filled())).toEqual({
      contact: { email: 'sam@example.co.uk', phone: null },
      shippingAddress: { first_name: 'Sam', last_name: 'Jones', company: null, address_line1: '1 High Street', address_line2: null, city: 'Leeds', postcode: 'LS1 4AP', country: 'GB' },
      billingAddress: null,
      billingSameAsShipping: true,
    });
  });

  it('sends the billing address when it differs', () => {
    const values = filled();
    values.billingSameAsShipping = false;
    values.billingAddress = { ...values.shippingAddress, first_name: 'Alex', company: 'Acme Ltd' };
    expect(checkoutForm.parse(values).billingAddress).toMatchObject({ first_name: 'Alex', company: 'Acme Ltd', country: 'GB' });
    expect(toBody(values)).not.toHaveProperty('shipping_method_id');
  });

  it("requires the spec's fields in the server's words, and checks the postcode and the email", () => {
    const values = emptyCheckout();
    expect(messages(values)).toEqual({
      'contact.email': CHECKOUT_MESSAGES.emailRequired,
      'shippingAddress.first_name': 'First name is required',
      'shippingAddress.last_name': 'Last name is required',
      'shippingAddress.address_line1': 'Address is required',
      'shippingAddress.city': 'City is required',
      'shippingAddress.postcode': 'Postcode is required',
    });
    const bad = filled();
    bad.contact.email = 'sam@';
    bad.shippingAddress.postcode = 'ABC 123';
    expect(messages(bad)).toEqual({ 'contact.email': 'Enter a valid email address', 'shippingAddress.postcode': 'Enter a valid UK postcode' });
  });

  it('ignores billing fields while billing is the same, and checks them once it differs', () => {
    const values = filled();
    expect(messages(values)).toEqual({});
    values.billingSameAsShipping = false;
    expect(messages(values)['billingAddress.city']).toBe('City is required');
  });

  it('knows every field the server can name', () => {
    expect(CHECKOUT_FIELDS).toContain('contact.email');
    expect(CHECKOUT_FIELDS).toContain('shippingAddress.postcode');
    expect(CHECKOUT_FIELDS).toContain('billingAddress.address_line1');
    expect(CHECKOUT_FIELDS).toHaveLength(16);
  });
});
