/**
 * Cart and shipping contracts (storefront spec §3). Amounts are pounds at the API edge; the server
 * keeps integer pence and recomputes every figure from the catalogue (DESIGN rule 3).
 */
import type { z } from 'zod';
import type { cartItemSchema, cartSchema, pictureSizeSchema, shippingMethodSchema, shippingSelectionSchema } from './cart-schemas';

/** Most of one line a shopper can hold; beyond this a shop would want a trade order. */
export const CART_MAX_QUANTITY = 999;
/**
 * How long an unpaid order holds its stock once the shopper has reached the payment page, counted
 * from the checkout (the provider's session lasts as long).
 */
export const RESERVATION_MINUTES = 30;
/** A checkout's hold until the shopper reaches the payment page: a checkout left there gives its stock back sooner (decision 033). */
export const CHECKOUT_START_HOLD_MINUTES = 10;
/** Unpaid checkouts holding stock at once in one store, per client address and per signed-in account (decision 033). */
export const MAX_UNPAID_CHECKOUTS = 3;

export const CHECKOUT_HOLD_TEXT = {
  perAddress: `There are already ${MAX_UNPAID_CHECKOUTS} unpaid checkouts from your internet connection in this shop. Pay for or cancel one of them, or try again in a few minutes.`,
  perAccount: `You already have ${MAX_UNPAID_CHECKOUTS} unpaid checkouts in this shop. Pay for or cancel one of them in My orders, or try again in a few minutes.`,
} as const;

// The answer types, from the schemas in cart-schemas.ts (type-only imports: no Zod in the storefront).
export type CartItem = z.infer<typeof cartItemSchema>;
/** A cart line picture's pixel size and its copies' widths (decision 052). */
export type PictureSize = z.infer<typeof pictureSizeSchema>;
export type ShippingSelection = z.infer<typeof shippingSelectionSchema>;
export type Cart = z.infer<typeof cartSchema>;
/** A delivery option, with how many business days it takes (shown beside it at checkout). */
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

/** Storefront spec §2 (Checkout): the method's flat rate, or free once the subtotal reaches free_over. Pence. */
export function shippingCost(method: { flat_rate: number; free_over: number | null }, subtotal: number): number {
  return method.free_over !== null && subtotal >= method.free_over ? 0 : method.flat_rate;
}
