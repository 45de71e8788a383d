/** Order contracts (storefront spec §3 Order). Amounts in pounds at the API edge. No Zod here: the types
 * come from order-schemas.ts through type-only imports, which the bundler drops. */
import type { z } from 'zod';
import type { ORDER_STATUSES, PAYMENT_STATUSES, accountOrderSchema, orderLineSchema, orderSummarySchema, shopperRefundSchema } from './order-schemas';

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type OrderLine = z.infer<typeof orderLineSchema>;
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export type AccountOrder = z.infer<typeof accountOrderSchema>;
export type ShopperRefund = z.infer<typeof shopperRefundSchema>;

/** The spec's delivery promise: Standard Delivery's, and any method's that states no other time. */
export const ORDER_DELIVERY_TEXT = 'Delivery takes 3-5 business days';

/** How many business days a delivery method takes, from dispatch (1 to 1 is next business day). */
export interface DeliveryDays {
  delivery_min_days: number;
  delivery_max_days: number;
}

/** Beside a delivery option: "3-5 business days", "Next business day", "2 business days". */
export function deliveryEstimate({ delivery_min_days: min, delivery_max_days: max }: DeliveryDays): string {
  if (max <= 1) return 'Next business day';
  return min >= max ? `${max} business days` : `${min}-${max} business days`;
}

/** The order's delivery promise on the success page and in emails, for the method the shopper chose. */
export function deliveryPromise(days: DeliveryDays): string {
  if (days.delivery_max_days <= 1) return 'Delivery on the next business day';
  return `Delivery takes ${deliveryEstimate(days)}`;
}
