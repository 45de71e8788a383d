import { and, eq, inArray } from 'drizzle-orm';
import type { StoreTx } from '../../http/context';
import { emailUnsubscribes, type EmailTopic } from '../../db/schema';

// Addresses that asked a store for no more emails of a topic (issue 28, decision 048). Compared
// lower-cased: the address a shopper types at checkout may be capitalised any way.

/** Of these addresses, the ones (lower-cased) that unsubscribed from the topic in this store. */
export async function unsubscribedAddresses(ctx: StoreTx, emails: readonly string[], topic: EmailTopic): Promise<Set<string>> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return new Set();
  const rows = await ctx.tx
    .select({ email: emailUnsubscribes.email })
    .from(emailUnsubscribes)
    .where(and(eq(emailUnsubscribes.tenantId, ctx.tenantId), eq(emailUnsubscribes.topic, topic), inArray(emailUnsubscribes.email, wanted)));
  return new Set(rows.map((r) => r.email));
}

/** Records that the address wants no more of the topic from this store; a second time changes nothing. */
export async function unsubscribe(ctx: StoreTx, email: string, topic: EmailTopic): Promise<void> {
  await ctx.tx.insert(emailUnsubscribes).values({ tenantId: ctx.tenantId, email: email.toLowerCase(), topic }).onConflictDoNothing();
}
