import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@shared/admin-orders';
import { choiceValue } from './refund-choice';

// Issue 28: the refund dialog fills in what the shopper paid for the chosen units, a discount code's
// share of the line taken off, as the server works it out.

const order = (lines: { id: string; quantity: number; total: number; discount: number; refundable?: number }[]) =>
  ({
    items: lines.map((l) => ({ id: l.id, quantity: l.quantity, total_amount: l.total, discount_amount: l.discount, refundable_quantity: l.refundable ?? l.quantity })),
    delivery_refundable: true,
    shipping_total: 3.99,
  }) as unknown as AdminOrderDetail;

describe('choiceValue', () => {
  it('refunds a discounted line at what was paid for it, shared over its units so the parts add up', () => {
    // Three bowls at £28 with £16.80 off the line: £67.20 paid, £22.40 a bowl.
    const o = order([{ id: 'bowl', quantity: 3, total: 84, discount: 16.8 }]);
    expect(choiceValue(o, { bowl: { quantity: 1, restock: false } }, false)).toBe(22.4);
    expect(choiceValue(o, { bowl: { quantity: 3, restock: false } }, true)).toBe(71.19);
  });

  it('a line without a discount is refunded at its total', () => {
    expect(choiceValue(order([{ id: 'pot', quantity: 2, total: 33, discount: 0 }]), { pot: { quantity: 2, restock: true } }, false)).toBe(33);
  });
});
