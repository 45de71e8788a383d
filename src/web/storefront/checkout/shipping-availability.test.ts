import { describe, expect, it } from 'vitest';
import { NOT_TAKING_ORDERS, SHIPPING_LOAD_FAILED, SHIPPING_LOAD_FAILED_CHARGED, shippingAvailability } from './shipping-availability';

const method = { id: 'standard' };

describe('shippingAvailability', () => {
  it('is ready when the shop has delivery options', () => {
    expect(shippingAvailability({ data: [method], isError: false }, 3.99)).toEqual({ kind: 'ready' });
  });

  it('is none (not taking orders) when the call answers an empty list, whatever the cart says', () => {
    expect(shippingAvailability({ data: [], isError: false }, 0)).toEqual({ kind: 'none' });
    expect(shippingAvailability({ data: [], isError: false }, 3.99)).toEqual({ kind: 'none' });
    expect(NOT_TAKING_ORDERS).toBe('This shop is not taking orders yet.');
  });

  it('on a failed call promises free shipping only when the server’s figures say so', () => {
    expect(shippingAvailability({ data: undefined, isError: true }, 0)).toEqual({ kind: 'failed', message: SHIPPING_LOAD_FAILED });
    expect(SHIPPING_LOAD_FAILED).toBe('Could not load shipping options. Free shipping will be applied.');
    expect(shippingAvailability({ data: undefined, isError: true }, 4.5)).toEqual({ kind: 'failed', message: SHIPPING_LOAD_FAILED_CHARGED });
    expect(shippingAvailability({ data: undefined, isError: true }, null)).toEqual({ kind: 'failed', message: SHIPPING_LOAD_FAILED_CHARGED });
  });

  it('keeps the last answer when a later refetch fails', () => {
    expect(shippingAvailability({ data: [method], isError: true }, 0)).toEqual({ kind: 'ready' });
    expect(shippingAvailability({ data: [], isError: true }, 0)).toEqual({ kind: 'none' });
  });

  it('is loading until the first answer', () => {
    expect(shippingAvailability({ data: undefined, isError: false }, 0)).toEqual({ kind: 'loading' });
  });
});
