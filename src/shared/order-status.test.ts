import { describe, expect, it } from 'vitest';
import { ADMIN_ORDER_STATUSES, allowedNextStatuses, canMoveOrder, countOrdersOnPage, formatOrderDate, formatOrderTotal, orderStatusTone } from './order-status';
import { refundAmount } from './admin-orders';

describe('order status rules', () => {
  it('moves forward only; pending can only be cancelled; shipped cannot be cancelled; final statuses stay', () => {
    expect(allowedNextStatuses('pending')).toEqual(['cancelled']);
    expect(canMoveOrder('confirmed', 'shipped')).toBe(true);
    expect(canMoveOrder('shipped', 'cancelled')).toBe(false);
    expect(canMoveOrder('processing', 'confirmed')).toBe(false);
    for (const status of ['delivered', 'cancelled', 'refunded'] as const) expect(allowedNextStatuses(status)).toEqual([]);
    // Refunded is reached by refunding, never chosen.
    for (const status of ADMIN_ORDER_STATUSES) expect(canMoveOrder(status, 'refunded')).toBe(false);
  });

  it('colours completed (delivered), processing, shipped and cancelled; the rest neutral', () => {
    expect(ADMIN_ORDER_STATUSES.map(orderStatusTone)).toEqual(['neutral', 'neutral', 'blue', 'purple', 'green', 'red', 'neutral']);
  });

  it('counts the page as the spec defines the counters', () => {
    const page = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'pending'].map((status) => ({ status }) as { status: (typeof ADMIN_ORDER_STATUSES)[number] });
    expect(countOrdersOnPage(page)).toEqual({ pending: 2, processing: 3, completed: 1 });
  });

  it('formats totals with £ for GBP, else $, 2 decimals; dates as MMM d, yyyy', () => {
    expect(formatOrderTotal(64.99, 'GBP')).toBe('£64.99');
    expect(formatOrderTotal(1234.5, 'gbp')).toBe('£1,234.50');
    expect(formatOrderTotal(3, 'USD')).toBe('$3.00');
    expect(formatOrderDate(new Date(2025, 2, 3, 12).toISOString())).toBe('Mar 3, 2025');
    expect(formatOrderDate('nonsense')).toBe('');
  });

  it('takes refund amounts above zero with at most 2 decimals', () => {
    expect(refundAmount.safeParse(10.5).success).toBe(true);
    expect(refundAmount.safeParse(0.29).success).toBe(true);
    for (const bad of [0, -1, 1.234, Number.NaN, Number.POSITIVE_INFINITY]) expect(refundAmount.safeParse(bad).success, String(bad)).toBe(false);
  });
});
