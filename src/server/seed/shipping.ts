import type { Db } from '../db/connection';
import { withScope } from '../db/scope';
import { shippingMethods } from '../db/schema';

/**
 * The demo delivery options (issue 4): Standard £3.99, free over £100, in 3-5 business days; Next Day
 * £7.99, the next business day. Pence. The days are shown beside each option, so the descriptions say
 * something else. (Migration 0007 knows Next Day by this name for databases seeded before it.)
 */
export const DEMO_SHIPPING_METHODS = [
  { name: 'Standard Delivery', description: 'Tracked delivery to most UK postcodes', flatRate: 399, freeOver: 10000, position: 0, deliveryMinDays: 3, deliveryMaxDays: 5 },
  { name: 'Next Day Delivery', description: 'Order by 2pm for delivery the next business day', flatRate: 799, freeOver: null, position: 1, deliveryMinDays: 1, deliveryMaxDays: 1 },
] as const;

export async function seedShippingMethods(db: Db, tenantId: string): Promise<void> {
  await withScope(db, { tenantId, userId: null }, async (tx) => {
    await tx.insert(shippingMethods).values(DEMO_SHIPPING_METHODS.map((m) => ({ ...m, tenantId })));
  });
}
