// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail } from '@shared/admin-orders';
import { fakeFetch, renderForm, submit, typeInto, type Rendered } from '@/test/form-dom';
import { OrderTimeline } from './OrderTimeline';
import { RefundDialog } from './RefundDialog';

// The order page's two typed forms, each checked with its route's schema (orderNoteInput, refundInput).

vi.mock('@/lib/toast', () => ({ toast: { success: () => undefined, error: () => undefined } }));

const order = {
  id: 'o-1', order_number: 'ORD-1001', currency: 'GBP', paid_amount: 40, refunded_amount: 0, refundable_amount: 40,
  payment: { provider: 'test', status: 'paid', reference: null, session_id: null }, events: [],
} as unknown as AdminOrderDetail;

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
    expect(api.calls).toEqual([{ method: 'POST', url: '/api/admin/orders/o-1/refunds', body: { amount: 12.5, reason: 'Arrived chipped' } }]);
  });
});
