// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '@shared/cart';
import { CHECKOUT_MESSAGES } from '@shared/checkout-schemas';
import { useChooseShipping } from '@/lib/cart';
import { fakeFetch, renderForm, submit, typeInto, type FetchCall, type Rendered } from '@/test/form-dom';
import { CheckoutForm } from './CheckoutForm';
import { SHIPPING_LOAD_FAILED, SHIPPING_LOAD_FAILED_CHARGED } from './shipping-availability';

vi.mock('@/lib/toast', () => ({ toast: { success: () => undefined, error: () => undefined } }));

const cart: Cart = {
  items: [], item_count: 1, sub_total: 1200, discount_total: 0, shipping_total: 0, tax_total: 0, total: 1200, vat_included: 200, vat_breakdown: [],
  shipping_selection: { shipping_method_id: 'standard', name: 'Standard', cost: 0 },
  discount: null,
  free_delivery_remaining: null,
};

const standard = { id: 'standard', name: 'Standard', description: null, flat_rate: 3.99, free_over: 10, delivery_min_days: 2, delivery_max_days: 4 };

function Harness({ of = cart }: { of?: Cart }) {
  return <CheckoutForm cart={of} choose={useChooseShipping()} />;
}

type MethodsAnswer = { status: number; body: unknown };
const methodsOk = (list: unknown[]): MethodsAnswer => ({ status: 200, body: { shipping_methods: list } });

/** The server as the form meets it: no session, the given delivery options, and checkout answering a pay page. */
function serverWith(methods: MethodsAnswer) {
  return (call: FetchCall) => {
    if (call.url === '/api/auth/session') return { status: 200, body: { user: null, memberships: [], active_tenant_id: null } };
    if (call.url === '/api/shipping-methods') return methods;
    return { status: 200, body: { url: '/pay/test', order_number: 'ORD-1', session_id: 's-1' } };
  };
}
const server = serverWith(methodsOk([standard]));

const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => { await new Promise((resolve) => setTimeout(resolve, 0)); });
};
const payButton = (view: Rendered) => [...view.container.querySelectorAll('button[type="submit"]')].find((b) => b.textContent?.includes('Pay')) as HTMLButtonElement;

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

describe('CheckoutForm and the shop’s delivery options', () => {
  let view: Rendered | null = null;
  const show = async (methods: MethodsAnswer, of: Cart = cart) => {
    vi.stubGlobal('fetch', fakeFetch(serverWith(methods)).fetch);
    view = await renderForm(<MemoryRouter><Harness of={of} /></MemoryRouter>);
    await settle();
    return view;
  };
  afterEach(async () => {
    await view?.unmount();
    view = null;
    vi.unstubAllGlobals();
  });

  it('offers Pay when the shop has a delivery option', async () => {
    const shown = await show(methodsOk([standard]));
    expect(payButton(shown).disabled).toBe(false);
    expect(shown.container.textContent).toContain('Standard');
  });

  it('does not offer Pay when the shop has none, and never promises free shipping for it', async () => {
    const shown = await show(methodsOk([]));
    expect(payButton(shown).disabled).toBe(true);
    expect(shown.container.textContent).toContain('There are no delivery options to choose from yet.');
    expect(shown.container.textContent).not.toContain(SHIPPING_LOAD_FAILED);
  });

  it('on a failed call keeps Pay and promises free shipping only when the cart’s delivery is free', async () => {
    const failed = { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } };
    let shown = await show(failed);
    expect(payButton(shown).disabled).toBe(false);
    expect(shown.container.textContent).toContain(SHIPPING_LOAD_FAILED);
    await shown.unmount();

    shown = await show(failed, { ...cart, shipping_total: 3.99, total: 15.99 });
    expect(shown.container.textContent).toContain(SHIPPING_LOAD_FAILED_CHARGED);
    expect(shown.container.textContent).not.toContain(SHIPPING_LOAD_FAILED);
  });
});
