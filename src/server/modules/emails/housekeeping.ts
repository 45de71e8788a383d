import { sql } from 'drizzle-orm';
import type { ScopedTx } from '../../http/context';
import { rowsOf } from '../../db/rows';

/**
 * The daily housekeeping's part here (decision 056): up to `limit` delivered messages older than
 * `days` (EMAIL_RETENTION_DAYS) of one sender, a store or (tenantId null) the platform itself, in the
 * scope its rows are seen in. Delivered: sent through SMTP, or kept by the built-in outbox, which is
 * where that adapter delivers. Failed messages and ones still waiting for SMTP stay.
 */
export async function deleteDeliveredMessages(ctx: ScopedTx & { tenantId: string | null }, days: number, limit: number): Promise<number> {
  const sender = ctx.tenantId === null ? sql`tenant_id is null` : sql`tenant_id = ${ctx.tenantId}`;
  const rows = rowsOf<{ id: string }>(
    await ctx.tx.execute(sql`
      delete from email_messages where ${sender} and id in (
        select id from email_messages
         where ${sender} and created_at < now() - make_interval(days => ${days})
           and (status = 'sent' or (status = 'stored' and provider = 'outbox'))
         limit ${limit} for update skip locked)
      returning id`),
  );
  return rows.length;
}
