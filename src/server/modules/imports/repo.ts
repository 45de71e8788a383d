import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context';
import { importBatches } from '../../db/schema/index';
import type { ImportStatus } from '../../../shared/imports';

export type ImportBatchRow = typeof importBatches.$inferSelect;

export async function insertBatch(ctx: TenantCtx, originalFilename: string): Promise<ImportBatchRow> {
  const [row] = await ctx.tx.insert(importBatches).values({ tenantId: ctx.tenantId, originalFilename, createdBy: ctx.actor.userId }).returning();
  return row;
}

/** Newest first. */
export async function listBatches(ctx: TenantCtx, limit: number): Promise<ImportBatchRow[]> {
  return ctx.tx
    .select()
    .from(importBatches)
    .where(eq(importBatches.tenantId, ctx.tenantId))
    .orderBy(desc(importBatches.createdAt), desc(importBatches.id))
    .limit(limit);
}

export async function findBatch(ctx: TenantCtx, id: string): Promise<ImportBatchRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(importBatches)
    .where(and(eq(importBatches.tenantId, ctx.tenantId), eq(importBatches.id, id)))
    .limit(1);
  return row ?? null;
}

/** Moves a batch on only from one of `from`; null when it is not (any more) in one of them. */
export async function moveBatch(
  ctx: TenantCtx,
  id: string,
  from: readonly ImportStatus[],
  values: { status: ImportStatus; storagePath?: string; fileSize?: number; error?: string | null },
): Promise<ImportBatchRow | null> {
  const [row] = await ctx.tx
    .update(importBatches)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(importBatches.tenantId, ctx.tenantId), eq(importBatches.id, id), inArray(importBatches.status, [...from])))
    .returning();
  return row ?? null;
}
