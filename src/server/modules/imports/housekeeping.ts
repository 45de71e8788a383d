import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StoreTx } from '../../http/context';
import { rowsOf } from '../../db/rows';
import { importBatches } from '../../db/schema/index';

// The daily housekeeping's part here (decision 056): uploads that never finished, and their files.

/**
 * A batch still `uploading` a day after it was made was abandoned (the page closed, the upload failed
 * with the process), and a file in the imports folder no batch names after a day is one whose upload
 * never reached its batch (or a local storage write cut off half way, its `.partial` file).
 */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** The folders a store's import files are stored under: the current layout, and the one before it. */
export const importFolders = (tenantId: string) => [`tenants/${tenantId}/imports/`, `${tenantId}/imports/`];

/** Up to `limit` of this store's batches stuck uploading for a day; answers how many, and any file one named. */
export async function deleteStaleUploads(ctx: StoreTx, limit: number): Promise<{ count: number; files: string[] }> {
  const rows = rowsOf<{ storage_path: string | null }>(
    await ctx.tx.execute(sql`
      delete from import_batches where tenant_id = ${ctx.tenantId} and id in (
        select id from import_batches
         where tenant_id = ${ctx.tenantId} and status = 'uploading' and created_at < now() - (${STALE_UPLOAD_MS} * interval '1 millisecond')
         limit ${limit} for update skip locked)
      returning storage_path`),
  );
  return { count: rows.length, files: rows.flatMap((r) => (r.storage_path ? [r.storage_path] : [])) };
}

/** Which of these stored keys a batch of this store names (the rest are left over). */
export async function importFilesInUse(ctx: StoreTx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await ctx.tx
    .select({ path: importBatches.storagePath })
    .from(importBatches)
    .where(and(eq(importBatches.tenantId, ctx.tenantId), inArray(importBatches.storagePath, [...keys])));
  return new Set(rows.map((r) => r.path!));
}
