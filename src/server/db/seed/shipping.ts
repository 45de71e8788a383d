import type { Db } from '../connection';
import { withScope } from '../scope';
import { shippingMethods } from '../schema';

/** The demo delivery options (issue 4): Standard £3.99, free over £100; Next Day £7.99. Pence. */
export const DEMO_SHIPPING_METHODS = [
  { name: 'Standard Delivery', description: '3-5 business days to most UK postcodes', flatRate: 399, freeOver: 10000, position: 0 },
  { name: 'Next Day Delivery', description: 'Order by 2pm for delivery the next business day', flatRate: 799, freeOver: null, position: 1 },
] as const;

export async function seedShippingMethods(db: Db, tenantId: string): Promise<void> {
  await withScope(db, { tenantId, userId: null }, async (tx) => {
    await tx.insert(shippingMethods).values(DEMO_SHIPPING_METHODS.map((m) => ({ ...m, tenantId })));
  });
}
