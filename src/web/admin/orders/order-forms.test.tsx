// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail } from '@shared/admin-orders';
import { act } from 'react';
import { click, fakeFetch, renderForm, submit, typeInto, type Rendered } from '@/test/form-dom';
import { OrderTimeline } from './OrderTimeline';
import { RefundDialog } from './RefundDialog';

// The order page's two typed forms, each checked with its route's schema (orderNoteInput, refundInput).

vi.mock('@/lib/toast', () => ({ toast: { success: () => undefined, error: () => undefined } }));

const line = (id: string, name: string, quantity: number, unit: number, refunded = 0) => ({
  id, product_name: name, product_sku: id, product_slug: null, image_url: null, variant_options: [], quantity, unit_price: unit, total_amount: unit * quantity, discount_amount: 0,
  vat_rate: 'standard', vat_amount: 0, refunded_quantity: refunded, refundable_quantity: quantity - refunded,
});
const order = {
  id: 'o-1', order_number: 'ORD-1001', status: 'confirmed', currency: 'GBP', paid_amount: 40, refunded_amount: 0, refundable_amount: 40,
  shipping_total: 3.99, delivery_refundable: true,
  items: [line('11111111-1111-4111-8111-111111111111', 'Serving Bowl', 2, 10), line('22222222-2222-4222-8222-222222222222', 'Mug', 1, 6, 1), line('33333333-3333-4333-8333-333333333333', 'Pot', 3, 3.33)],
  payment: { provider: 'test', status: 'paid', reference: null, session_id: null }, events: [],
} as unknown as AdminOrderDetail;

/** Chooses an option of a native select as a person would. */
async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const byLabel = <T extends Element>(label: string) => document.body.querySelector<T>(`[aria-label="${label}"]`)!;
const tab = (name: string) => [...document.body.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((t) => t.textContent === name)!;

let view: Rendered;
let api: ReturnType<typeof fakeFetch>;
const formOf = (control: Element) => control.closest('form')!;

beforeEach(() => {
  api = fakeFetch({ status: 200, body: { order } });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(async () => {
  await view.unmount();
  vi.unstubAllGlobals();
});

describe('internal note (orderNoteInput)', () => {
  it("refuses a blank note in the schema's words, and sends a trimmed one", async () => {
    view = await renderForm(<OrderTimeline order={order} />);
    const note = view.field('Internal note');
    await typeInto(note, '   ');
    await submit(formOf(note));
    expect(view.errors()).toEqual(['Write a note']);
    expect(api.calls).toEqual([]);
    await typeInto(note, '  Called the customer.  ');
    await submit(formOf(note));
    expect(api.calls).toEqual([{ method: 'POST', url: '/api/admin/orders/o-1/notes', body: { body: 'Called the customer.' } }]);
    expect(view.errors()).toEqual([]);
  });
});

describe('refund (refundInput)', () => {
  it("puts the schema's messages on the amount and the reason, and sends nothing", async () => {
    view = await renderForm(<RefundDialog order={order} open onOpenChange={() => undefined} />);
    const amount = view.field('Amount to refund (£)');
    await typeInto(amount, '0');
    await typeInto(view.field('Reason (optional)'), 'Damaged\u0007');
    await submit(formOf(amount));
    expect(view.errors()).toEqual(['The refund must be more than £0.00', 'Use only letters, numbers and punctuation in the reason']);
    await typeInto(amount, '1.005');
    await typeInto(view.field('Reason (optional)'), '');
    await submit(formOf(amount));
    expect(view.errors()).toEqual(['Use at most 2 decimal places']);
    expect(api.calls).toEqual([]);
  });

  it('sends the amount and the trimmed reason', async () => {
    view = await renderForm(<RefundDialog order={order} open onOpenChange={() => undefined} />);
    const amount = view.field('Amount to refund (£)');
    await typeInto(amount, '12.50');
    await typeInto(view.field('Reason (optional)'), '  Arrived chipped ');
    await submit(formOf(amount));
    expect(api.calls).toEqual([{ method: 'POST', url: '/api/admin/orders/o-1/refunds', body: { amount: 12.5, reason: 'Arrived chipped', key: expect.stringMatching(/^[0-9a-f-]{36}$/) } }]);
  });

  it('by item: fills the amount from the chosen units, sends the lines with their stock choice, and a line refunded in full cannot be chosen', async () => {
    view = await renderForm(<RefundDialog order={order} open onOpenChange={() => undefined} />);
    await act(async () => tab('By item').dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
    expect(tab('By item').getAttribute('aria-selected')).toBe('true');
    // The mug's one unit is refunded already: no quantity to choose.
    expect(byLabel('Quantity of Mug to refund')).toBeNull();
    expect(byLabel<HTMLSelectElement>('Quantity of Serving Bowl to refund').options.length).toBe(3);
    await choose(byLabel('Quantity of Serving Bowl to refund'), '1');
    await choose(byLabel('Quantity of Pot to refund'), '2');
    const amount = view.field('Amount to refund (£)') as HTMLInputElement;
    // £10.00 + two thirds of £9.99 (£6.66), as the server works it out.
    expect(amount.value).toBe('16.66');
    const stock = [...document.body.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    // Put back in stock for each line with units chosen (not sent yet: ticked), then delivery.
    expect(stock.map((c) => c.checked)).toEqual([true, true, false]);
    await click(stock[1]);
    await click(stock[2]);
    expect(amount.value).toBe('20.65');
    await typeInto(amount, '18');
    await submit(formOf(amount));
    expect(api.calls).toEqual([
      {
        method: 'POST',
        url: '/api/admin/orders/o-1/refunds',
        body: {
          lines: [{ id: '11111111-1111-4111-8111-111111111111', quantity: 1, restock: true }, { id: '33333333-3333-4333-8333-333333333333', quantity: 2, restock: false }],
          delivery: true,
          amount: 18,
          key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
      },
    ]);
  });

  it('by item: after no answer the same request keeps its key; after a refusal it takes a new one; the server’s word on a line shows beside it', async () => {
    const answers = [
      { status: 502, body: { error: { code: 'refund_unconfirmed', message: 'The payment provider did not confirm the refund of £20.00.' } } },
      { status: 400, body: { error: { code: 'refund_too_large', message: 'Only 1 of Serving Bowl is left to refund.', fields: { 'lines.0.quantity': 'Only 1 left to refund' } } } },
      { status: 400, body: { error: { code: 'refund_too_large', message: 'Only 1 of Serving Bowl is left to refund.', fields: { 'lines.0.quantity': 'Only 1 left to refund' } } } },
    ];
    api = fakeFetch(() => answers.shift()!);
    vi.stubGlobal('fetch', api.fetch);
    view = await renderForm(<RefundDialog order={order} open onOpenChange={() => undefined} />);
    await act(async () => tab('By item').dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
    await choose(byLabel('Quantity of Serving Bowl to refund'), '2');
    const amount = view.field('Amount to refund (£)');
    await submit(formOf(amount));
    expect(document.body.textContent).toContain('did not confirm the refund');
    await submit(formOf(amount));
    expect(view.errors()).toEqual(['Only 1 left to refund']);
    await submit(formOf(amount));
    const [first, second, third] = api.calls.map((c) => (c.body as { key: string }).key);
    expect(second).toBe(first);
    expect(third).not.toBe(second);
  });

  it('by item: nothing chosen is refused before any request', async () => {
    view = await renderForm(<RefundDialog order={order} open onOpenChange={() => undefined} />);
    await act(async () => tab('By item').dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
    await submit(formOf(view.field('Amount to refund (£)')));
    expect(document.body.textContent).toContain('Choose at least one item to refund');
    expect(api.calls).toEqual([]);
  });
});
