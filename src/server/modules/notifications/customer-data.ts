import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { pushSubscriptions } from '../../db/schema';

// A shopper's browsers that asked for order updates by push in one store (UK GDPR, issue 26 item 5).
// Only those made while signed in name the person; an anonymous browser's row names nobody.

const customerRows = (tenantId: string, userId: string) =>
  and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.kind, 'customer'), eq(pushSubscriptions.userId, userId));

export async function customerPushesOf(tx: Tx, tenantId: string, userId: string) {
  const rows = await tx
    .select({ browser: pushSubscriptions.userAgent, created_at: pushSubscriptions.createdAt, last_seen_at: pushSubscriptions.lastSeenAt })
    .from(pushSubscriptions)
    .where(customerRows(tenantId, userId));
  return rows.map((r) => ({ browser: r.browser, created_at: r.created_at.toISOString(), last_seen_at: r.last_seen_at.toISOString() }));
}

/** Stops them: the rows go, so no more order updates reach those browsers. Answers how many. */
export async function forgetCustomerPushes(tx: Tx, tenantId: string, userId: string): Promise<number> {
  return (await tx.delete(pushSubscriptions).where(customerRows(tenantId, userId)).returning({ id: pushSubscriptions.id })).length;
}
