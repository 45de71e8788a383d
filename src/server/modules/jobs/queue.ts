import { sql } from 'drizzle-orm';
import type { StoreTx, TenantCtx } from '../../http/context';
import { backgroundJobs, type JobKind } from '../../db/schema';

/**
 * Queues a job for this store in the caller's transaction: it exists only if that commits. One job
 * per subject (an import batch is processed once): answers false when it was already queued.
 */
export async function enqueueJob(ctx: StoreTx, kind: JobKind, subjectId: string): Promise<boolean> {
  const rows = await ctx.tx
    .insert(backgroundJobs)
    .values({ tenantId: ctx.tenantId, kind, subjectId })
    .onConflictDoNothing({ target: [backgroundJobs.kind, backgroundJobs.subjectId] })
    .returning({ id: backgroundJobs.id });
  return rows.length > 0;
}

/** How many of this store's jobs are waiting or running (for tests and the health of a queue). */
export async function openJobCount(ctx: TenantCtx): Promise<number> {
  const [row] = await ctx.tx.select({ n: sql<number>`count(*)::int` }).from(backgroundJobs).where(sql`${backgroundJobs.tenantId} = ${ctx.tenantId} and ${backgroundJobs.status} in ('queued', 'running')`);
  return row?.n ?? 0;
}

/** This store's jobs waiting, running (a lapsed lease included) and ended failed: metrics (decision 055). */
export async function jobCounts(ctx: StoreTx): Promise<{ queued: number; running: number; failed: number }> {
  const rows = await ctx.tx
    .select({ status: backgroundJobs.status, n: sql<number>`count(*)::int` })
    .from(backgroundJobs)
    .where(sql`${backgroundJobs.tenantId} = ${ctx.tenantId} and ${backgroundJobs.status} in ('queued', 'running', 'failed')`)
    .groupBy(backgroundJobs.status);
  const counts = { queued: 0, running: 0, failed: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as keyof typeof counts] = Number(row.n);
  return counts;
}
