import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../http/context';
import { importBatches, importFieldMappings } from '../../db/schema/index';
import type { ProductCsvField } from '../../../shared/product-csv';
import type { ImportDryRun, ImportResult, ImportStats, ImportStatus } from '../../../shared/imports';

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
  values: { status: ImportStatus; storagePath?: string; fileSize?: number; error?: string | null; mapping?: (ProductCsvField | null)[] | null; dryRun?: ImportDryRun | null; stats?: ImportStats; result?: ImportResult | null; startedAt?: SQL; finishedAt?: SQL },
): Promise<ImportBatchRow | null> {
  const [row] = await ctx.tx
    .update(importBatches)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(importBatches.tenantId, ctx.tenantId), eq(importBatches.id, id), inArray(importBatches.status, [...from])))
    .returning();
  return row ?? null;
}

/** This store's saved field per normalised header, for the given headers. */
export async function savedFieldMappings(ctx: TenantCtx, headerKeys: readonly string[]): Promise<Map<string, ProductCsvField | null>> {
  const keys = [...new Set(headerKeys)];
  if (keys.length === 0) return new Map();
  const rows = await ctx.tx
    .select({ headerKey: importFieldMappings.headerKey, field: importFieldMappings.field })
    .from(importFieldMappings)
    .where(and(eq(importFieldMappings.tenantId, ctx.tenantId), inArray(importFieldMappings.headerKey, keys)));
  return new Map(rows.map((r) => [r.headerKey, r.field]));
}

/** Saves the field chosen for each header as this store's default for the next file. */
export async function saveFieldMappings(ctx: TenantCtx, entries: readonly { headerKey: string; field: ProductCsvField | null }[]): Promise<void> {
  if (entries.length === 0) return;
  await ctx.tx
    .insert(importFieldMappings)
    .values(entries.map((e) => ({ tenantId: ctx.tenantId, headerKey: e.headerKey, field: e.field })))
    .onConflictDoUpdate({ target: [importFieldMappings.tenantId, importFieldMappings.headerKey], set: { field: sql`excluded.field`, updatedAt: sql`now()` } });
}
