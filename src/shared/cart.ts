/**
 * Cart and shipping contracts (storefront spec §3). Amounts are pounds at the API edge; the server
 * keeps integer pence and recomputes every figure from the catalogue (DESIGN rule 3).
 */
import type { z } from 'zod';
import type { cartItemSchema, cartSchema, shippingMethodSchema, shippingSelectionSchema } from './cart-schemas';

/** Most of one line a shopper can hold; beyond this a shop would want a trade order. */
export const CART_MAX_QUANTITY = 999;
/** UK standard VAT rate. Shop prices include it; the summary says how much of the total is VAT. */
export const UK_VAT_RATE_PERCENT = 20;
/** How long checkout holds stock for an unpaid order before giving it back. */
export const RESERVATION_MINUTES = 30;

// The answer types, from the schemas in cart-schemas.ts (type-only imports: no Zod in the storefront).
export type CartItem = z.infer<typeof cartItemSchema>;
export type ShippingSelection = z.infer<typeof shippingSelectionSchema>;
export type Cart = z.infer<typeof cartSchema>;
/** A delivery option, with how many business days it takes (shown beside it at checkout). */
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

/** Storefront spec §2 (Checkout): the method's flat rate, or free once the subtotal reaches free_over. Pence. */
export function shippingCost(method: { flat_rate: number; free_over: number | null }, subtotal: number): number {
  return method.free_over !== null && subtotal >= method.free_over ? 0 : method.flat_rate;
}

/** The VAT inside a VAT-inclusive amount at the standard rate, in pence. */
export function vatIncluded(total: number): number {
  return Math.round((total * UK_VAT_RATE_PERCENT) / (100 + UK_VAT_RATE_PERCENT));
}
