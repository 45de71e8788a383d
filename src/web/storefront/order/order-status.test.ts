import { describe, expect, it } from 'vitest';
import { formatPlacedDate, isOrderPlaced, isPaymentAbandoned, orderStatusLabel, orderStatusTone } from './order-status';

describe('order status', () => {
  it('colours completed, processing, shipped and cancelled, and leaves the rest neutral (spec §2)', () => {
    expect(orderStatusTone('completed')).toBe('green');
    expect(orderStatusTone('processing')).toBe('blue');
    expect(orderStatusTone('shipped')).toBe('purple');
    expect(orderStatusTone('cancelled')).toBe('red');
    // Delivered is this shop's completed state (admin spec §2 counts delivered as Completed).
    expect(orderStatusTone('delivered')).toBe('green');
    for (const status of ['pending', 'confirmed', 'refunded'] as const) expect(orderStatusTone(status)).toBe('neutral');
  });

  it('says an unpaid pending order is awaiting payment', () => {
    expect(orderStatusLabel('pending', 'unpaid')).toBe('Awaiting payment');
    expect(orderStatusLabel('confirmed', 'paid')).toBe('Confirmed');
  });

  it('tells a placed order from one still waiting or abandoned', () => {
    expect(isOrderPlaced({ status: 'confirmed', payment_status: 'paid' })).toBe(true);
    expect(isOrderPlaced({ status: 'refunded', payment_status: 'refunded' })).toBe(true);
    expect(isOrderPlaced({ status: 'pending', payment_status: 'unpaid' })).toBe(false);
    expect(isOrderPlaced({ status: 'cancelled', payment_status: 'expired' })).toBe(false);
    expect(isPaymentAbandoned({ payment_status: 'expired' })).toBe(true);
    expect(isPaymentAbandoned({ payment_status: 'unpaid' })).toBe(false);
  });

  it('formats the placed date the British way', () => {
    expect(formatPlacedDate('2025-03-03T10:00:00.000Z')).toBe('3 March 2025');
    expect(formatPlacedDate('nonsense')).toBe('');
  });
});
