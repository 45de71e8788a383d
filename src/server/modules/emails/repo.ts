import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context';
import type { Tx } from '../../db/connection';
import { emailMessages } from '../../db/schema';

const summaryColumns = {
  id: emailMessages.id,
  to: emailMessages.toAddress,
  subject: emailMessages.subject,
  kind: emailMessages.kind,
  status: emailMessages.status,
  provider: emailMessages.provider,
  error: emailMessages.error,
  order_id: emailMessages.orderId,
  order_number: emailMessages.orderNumber,
  created_at: emailMessages.createdAt,
  sent_at: emailMessages.sentAt,
};

/** `%` and `_` typed by a person are letters, not wildcards. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listEmails(ctx: TenantCtx, opts: { search: string | null; orderId: string | null; limit: number; offset: number }) {
  const where: SQL[] = [eq(emailMessages.tenantId, ctx.tenantId)];
  if (opts.search) where.push(or(ilike(emailMessages.toAddress, likeText(opts.search)), ilike(emailMessages.subject, likeText(opts.search)))!);
  if (opts.orderId) where.push(eq(emailMessages.orderId, opts.orderId));
  const filter = and(...where);
  const rows = await ctx.tx
    .select(summaryColumns)
    .from(emailMessages)
    .where(filter)
    .orderBy(desc(emailMessages.createdAt), desc(emailMessages.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ total }] = await ctx.tx.select({ total: count() }).from(emailMessages).where(filter);
  return { rows, total };
}

export async function findEmail(ctx: TenantCtx, id: string) {
  const [row] = await ctx.tx
    .select({ ...summaryColumns, html: emailMessages.html, text: emailMessages.text })
    .from(emailMessages)
    .where(and(eq(emailMessages.tenantId, ctx.tenantId), eq(emailMessages.id, id)));
  return row ?? null;
}

/** How many emails the store has sent about one order (the order page links to them). */
export async function countOrderEmails(tx: Tx, tenantId: string, orderId: string): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(emailMessages)
    .where(and(eq(emailMessages.tenantId, tenantId), eq(emailMessages.orderId, orderId)));
  return n;
}

/**
 * A store's messages (or the platform's own, tenantId null) waiting for delivery through a real sender
 * (SMTP), and those whose delivery failed. The built-in outbox keeps its messages as 'stored' for good:
 * they wait for nothing, so they are not pending.
 */
export async function outboxCounts(tx: Tx, tenantId: string | null): Promise<{ pending: number; failed: number }> {
  const [row] = await tx
    .select({
      pending: sql<number>`count(*) filter (where ${emailMessages.status} = 'stored' and ${emailMessages.provider} <> 'outbox')::int`,
      failed: sql<number>`count(*) filter (where ${emailMessages.status} = 'failed')::int`,
    })
    .from(emailMessages)
    .where(and(tenantId === null ? isNull(emailMessages.tenantId) : eq(emailMessages.tenantId, tenantId), sql`${emailMessages.status} in ('stored', 'failed')`));
  return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0) };
}
