// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '@shared/cart';
import { CHECKOUT_MESSAGES } from '@shared/checkout-schemas';
import { useChooseShipping } from '@/lib/cart';
import { fakeFetch, renderForm, submit, typeInto, type FetchCall, type Rendered } from '@/test/form-dom';
import { CheckoutForm } from './CheckoutForm';

vi.mock('@/lib/toast', () => ({ toast: { success: () => undefined, error: () => undefined } }));

const cart: Cart = {
  items: [], item_count: 1, sub_total: 1200, discount_total: 0, shipping_total: 0, tax_total: 0, total: 1200, vat_included: 200,
  shipping_selection: { shipping_method_id: 'standard', name: 'Standard', cost: 0 },
};

function Harness() {
  return <CheckoutForm cart={cart} choose={useChooseShipping()} />;
}

/** The server as the form meets it: no session, no shipping methods, and checkout answering a pay page. */
function server(call: FetchCall) {
  if (call.url === '/api/auth/session') return { status: 200, body: { user: null, memberships: [], active_tenant_id: null } };
  if (call.url === '/api/shipping-methods') return { status: 200, body: { shipping_methods: [] } };
  return { status: 200, body: { url: '/pay/test', order_number: 'ORD-1', session_id: 's-1' } };
}

describe('CheckoutForm (checkoutInput, the route schema, in Zod Mini)', () => {
  let view: Rendered;
  let api: ReturnType<typeof fakeFetch>;
  const assign = vi.fn();
  const form = () => view.container.querySelector('form')!;
  const posts = () => api.calls.filter((c) => c.method === 'POST');

  beforeEach(async () => {
    api = fakeFetch(server);
    vi.stubGlobal('fetch', api.fetch);
    assign.mockReset();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
    view = await renderForm(<MemoryRouter><Harness /></MemoryRouter>);
  });
  afterEach(async () => {
    await view.unmount();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the schema's required messages on submit and sends nothing", async () => {
    await submit(form());
    expect(view.errors()).toEqual([
      CHECKOUT_MESSAGES.emailRequired,
      CHECKOUT_MESSAGES.firstName,
      CHECKOUT_MESSAGES.lastName,
      CHECKOUT_MESSAGES.addressLine1,
      CHECKOUT_MESSAGES.city,
      CHECKOUT_MESSAGES.postcode,
    ]);
    expect(view.field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toEqual([]);
  });

  it('checks a field on leaving it: a bad postcode and a bad email in the server’s words', async () => {
    await typeInto(view.field('Postcode'), 'ABC 123');
    await typeInto(view.field('Email'), 'sam@');
    expect(view.errors()).toEqual([CHECKOUT_MESSAGES.emailInvalid, CHECKOUT_MESSAGES.postcodeInvalid]);
  });

  it('posts the body the schema cleaned, with the cart’s shipping method, and goes to the pay page', async () => {
    await typeInto(view.field('Email'), ' Sam@Example.co.uk ');
    await typeInto(view.field('First name'), ' Sam ');
    await typeInto(view.field('Last name'), 'Jones');
    await typeInto(view.field('Address line 1'), '1 High Street');
    await typeInto(view.field('City'), 'Leeds');
    await typeInto(view.field('Postcode'), 'ls14ap');
    await submit(form());
    expect(view.errors()).toEqual([]);
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: '/api/checkout',
        body: {
          contact: { email: 'sam@example.co.uk', phone: null },
          shippingAddress: { first_name: 'Sam', last_name: 'Jones', company: null, address_line1: '1 High Street', address_line2: null, city: 'Leeds', postcode: 'LS1 4AP', country: 'GB' },
          billingAddress: null,
          billingSameAsShipping: true,
          shipping_method_id: 'standard',
        },
      },
    ]);
    expect(assign).toHaveBeenCalledWith('/pay/test');
  });
});
