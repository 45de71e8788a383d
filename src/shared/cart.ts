/**
 * Cart and shipping contracts (storefront spec §3). Amounts are pounds at the API edge; the server
 * keeps integer pence and recomputes every figure from the catalogue (DESIGN rule 3).
 */
import type { NameValue } from './catalog';
import type { DeliveryDays } from './orders';

/** Most of one line a shopper can hold; beyond this a shop would want a trade order. */
export const CART_MAX_QUANTITY = 999;
/** UK standard VAT rate. Shop prices include it; the summary says how much of the total is VAT. */
export const UK_VAT_RATE_PERCENT = 20;
/** How long checkout holds stock for an unpaid order before giving it back. */
export const RESERVATION_MINUTES = 30;

export interface CartItem {
  id: string;
  product_id: string;
  variant_id: string | null;
  name: string;
  slug: string;
  sku: string;
  image_url: string | null;
  variant_options: NameValue[];
  quantity: number;
  unit_price: number;
  /** The undiscounted price when unit_price is a sale price, for a strike-through. */
  original_unit_price: number | null;
  line_total: number;
  /** False while the quantity is more than the line can have (see available): checkout would refuse it. */
  in_stock: boolean;
  /**
   * The most this line can have with the rest of the cart as it is: the free stock, less what other
   * lines drawing on the same stock take. Null when the product's stock is not tracked.
   */
  available: number | null;
}

export interface ShippingSelection {
  shipping_method_id: string;
  name: string;
  cost: number;
}

export interface Cart {
  items: CartItem[];
  item_count: number;
  sub_total: number;
  discount_total: number;
  shipping_total: number;
  tax_total: number;
  total: number;
  /** VAT already inside the total (prices include VAT): shown as "Includes £x VAT". */
  vat_included: number;
  shipping_selection: ShippingSelection | null;
}

/** A delivery option, with how many business days it takes (shown beside it at checkout). */
export interface ShippingMethod extends DeliveryDays {
  id: string;
  name: string;
  description: string | null;
  flat_rate: number;
  free_over: number | null;
}

/** Storefront spec §2 (Checkout): the method's flat rate, or free once the subtotal reaches free_over. Pence. */
export function shippingCost(method: { flat_rate: number; free_over: number | null }, subtotal: number): number {
  return method.free_over !== null && subtotal >= method.free_over ? 0 : method.flat_rate;
}

/** The VAT inside a VAT-inclusive amount at the standard rate, in pence. */
export function vatIncluded(total: number): number {
  return Math.round((total * UK_VAT_RATE_PERCENT) / (100 + UK_VAT_RATE_PERCENT));
}
