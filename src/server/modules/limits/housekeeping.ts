import { sql } from 'drizzle-orm';
import type { ScopedTx, StoreTx } from '../../http/context';
import { rowsOf } from '../../db/rows';
import { COUNTER_KEEP_MS } from './limiter';

// The daily housekeeping's part here (decision 056): counted actions older than every window, in
// bounded batches. Nothing but another clean-up touches rows this old; two at once delete each row once.

const keep = sql`(${COUNTER_KEEP_MS} * interval '1 millisecond')`;

/**
 * Up to `limit` of the platform's counted actions (sign-ups, claim emails...) past every window; answers
 * how many. No row lock first: the app role may not update these rows, so not lock them either.
 */
export async function deleteOldPlatformCounters(ctx: ScopedTx, limit: number): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await ctx.tx.execute(sql`
      delete from platform_rate_limit_events where id in (
        select id from platform_rate_limit_events where created_at < now() - ${keep} limit ${limit})
      returning id`),
  );
  return rows.length;
}

/** Up to `limit` of this store's counted actions (reviews, AI calls...) past every window; answers how many. */
export async function deleteOldStoreCounters(ctx: StoreTx, limit: number): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await ctx.tx.execute(sql`
      delete from rate_limit_events where tenant_id = ${ctx.tenantId} and id in (
        select id from rate_limit_events where tenant_id = ${ctx.tenantId} and created_at < now() - ${keep} limit ${limit} for update skip locked)
      returning id`),
  );
  return rows.length;
}
