/**
 * Whether the shop can take an order, from GET /api/shipping-methods (its active delivery options).
 * An answer with no options means the shop cannot deliver yet: checkout would be refused (409
 * `no_shipping`), so the cart and checkout say so instead of offering it. A failed call says nothing
 * about the options: checkout goes on, and the server prices delivery as the cart's figures show.
 */

// Storefront spec §8 (exact): only true when the server's figures say delivery costs nothing.
export const SHIPPING_LOAD_FAILED = 'Could not load shipping options. Free shipping will be applied.';
export const SHIPPING_LOAD_FAILED_CHARGED = 'Could not load shipping options. Delivery is charged as shown in your order summary.';
export const NOT_TAKING_ORDERS = 'This shop is not taking orders yet.';
export const NOT_TAKING_ORDERS_DETAIL = 'It has no delivery options yet, so orders cannot be placed. Your cart is kept: please come back soon.';

export type ShippingAvailability =
  | { kind: 'loading' }
  /** The call answered: the shop has delivery options. */
  | { kind: 'ready' }
  /** The call answered an empty list: no order can be placed. */
  | { kind: 'none' }
  /** The call failed: checkout goes on, with a warning in the cart's own terms. */
  | { kind: 'failed'; message: string };

/** The shipping-methods query as far as this needs it (TanStack Query keeps data after a failed refetch). */
export interface MethodsQueryState {
  data: readonly unknown[] | undefined;
  isError: boolean;
}

/** `shippingTotal`: the server's figure for the cart (pounds), or null while there is no cart yet. */
export function shippingAvailability(methods: MethodsQueryState, shippingTotal: number | null): ShippingAvailability {
  if (methods.data !== undefined) return methods.data.length === 0 ? { kind: 'none' } : { kind: 'ready' };
  if (methods.isError) return { kind: 'failed', message: shippingTotal === 0 ? SHIPPING_LOAD_FAILED : SHIPPING_LOAD_FAILED_CHARGED };
  return { kind: 'loading' };
}
