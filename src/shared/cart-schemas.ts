import { z } from 'zod';
import { nameValueSchema, pictureSizeSchema, vatPartViewSchema } from './order-schemas';

export { pictureSizeSchema };

// Zod response schemas for the cart and delivery options (storefront spec §3); cart.ts takes its types
// from here through type-only imports, so the storefront bundle stays free of Zod. Amounts in pounds.


export const cartItemSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  variant_id: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  image_url: z.string().nullable(),
  /** The picture's size and copies, so the cart draws a small copy, not the original; null until made. */
  image_size: pictureSizeSchema.nullable(),
  variant_options: z.array(nameValueSchema),
  quantity: z.number(),
  unit_price: z.number(),
  /** The undiscounted price when unit_price is a sale price, for a strike-through. */
  original_unit_price: z.number().nullable(),
  line_total: z.number(),
  /** False while the quantity is more than the line can have (see available): checkout would refuse it. */
  in_stock: z.boolean(),
  /**
   * The most this line can have with the rest of the cart as it is: the free stock, less what other
   * lines drawing on the same stock take. Null when the product's stock is not tracked.
   */
  available: z.number().nullable(),
});

export const shippingSelectionSchema = z.object({ shipping_method_id: z.string(), name: z.string(), cost: z.number() });

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  item_count: z.number(),
  sub_total: z.number(),
  discount_total: z.number(),
  shipping_total: z.number(),
  tax_total: z.number(),
  total: z.number(),
  /** VAT already inside the total (prices include VAT): shown as "Includes £x VAT". */
  vat_included: z.number(),
  /** VAT by rate (issue 25); empty when the store is not VAT registered. */
  vat_breakdown: z.array(vatPartViewSchema),
  shipping_selection: shippingSelectionSchema.nullable(),
  /**
   * The discount code applied to the cart (issue 28), checked again whenever the cart is priced: `amount`
   * off the goods (pounds, inside discount_total), or free delivery; `problem` says why it no longer
   * applies (it then takes nothing off until the basket fits it again or it is removed).
   */
  discount: z
    .object({ code: z.string(), description: z.string(), amount: z.number(), free_delivery: z.boolean(), problem: z.string().nullable() })
    .nullable(),
  /** Pounds the goods (after any discount) are short of the chosen delivery option's free-delivery amount; null: none to reach. */
  free_delivery_remaining: z.number().nullable(),
});
/** Every cart route: the cart as it now is. */
export const cartResponse = z.object({ cart: cartSchema });

/** A delivery option, with how many business days it takes (shown beside it at checkout). */
export const shippingMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  flat_rate: z.number(),
  free_over: z.number().nullable(),
  delivery_min_days: z.number(),
  delivery_max_days: z.number(),
});
/** GET /api/shipping-methods */
export const shippingMethodListResponse = z.object({ shipping_methods: z.array(shippingMethodSchema) });
