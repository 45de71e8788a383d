import { and, count, desc, eq, ilike, inArray, notLike, like, type SQL } from 'drizzle-orm';
import type { StoreTx, TenantCtx } from '../../http/context';
import { mediaFiles } from '../../db/schema/index';
import type { MediaFilter } from '../../../shared/media';

export type MediaRow = typeof mediaFiles.$inferSelect;

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function insertFile(
  ctx: TenantCtx,
  values: { filename: string; storagePath: string; url: string; mimeType: string; fileSize: number; metadataJson: Record<string, unknown> },
): Promise<MediaRow> {
  const [row] = await ctx.tx
    .insert(mediaFiles)
    .values({ tenantId: ctx.tenantId, uploadedBy: ctx.actor.userId, ...values })
    .returning();
  return row;
}

/** Newest first; search is on the file name (case-insensitive, % and _ taken literally). */
export async function listFiles(ctx: TenantCtx, opts: { search?: string; type: MediaFilter; page: number; limit: number }): Promise<{ rows: MediaRow[]; total: number }> {
  const where: SQL[] = [eq(mediaFiles.tenantId, ctx.tenantId)];
  if (opts.search) where.push(ilike(mediaFiles.filename, likeText(opts.search)));
  if (opts.type === 'images') where.push(like(mediaFiles.mimeType, 'image/%'));
  if (opts.type === 'documents') where.push(notLike(mediaFiles.mimeType, 'image/%'));
  // One after another: a transaction runs one statement at a time anyway.
  const rows = await ctx.tx
    .select()
    .from(mediaFiles)
    .where(and(...where))
    .orderBy(desc(mediaFiles.createdAt), desc(mediaFiles.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [{ total }] = await ctx.tx.select({ total: count() }).from(mediaFiles).where(and(...where));
  return { rows, total: Number(total) };
}

/** One file of this store; locked for this transaction when `lock` (a delete against a concurrent use). */
export async function findFile(ctx: TenantCtx, id: string, lock = false): Promise<MediaRow | null> {
  const query = ctx.tx
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.tenantId, ctx.tenantId), eq(mediaFiles.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateAltText(ctx: TenantCtx, id: string, altText: string | null): Promise<MediaRow | null> {
  const [row] = await ctx.tx
    .update(mediaFiles)
    .set({ altText })
    .where(and(eq(mediaFiles.tenantId, ctx.tenantId), eq(mediaFiles.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteFile(ctx: TenantCtx, id: string): Promise<void> {
  await ctx.tx.delete(mediaFiles).where(and(eq(mediaFiles.tenantId, ctx.tenantId), eq(mediaFiles.id, id)));
}

/**
 * Which of these URLs have a library row in this store. With `share`, the rows are locked FOR SHARE
 * until the transaction ends, so a library delete (FOR UPDATE) waits for a use being saved, and then
 * sees it.
 */
export async function urlsInLibrary(ctx: TenantCtx, urls: string[], share = false): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const query = ctx.tx
    .select({ url: mediaFiles.url })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.tenantId, ctx.tenantId), inArray(mediaFiles.url, urls)));
  const rows = share ? await query.for('share') : await query;
  return new Set(rows.map((r) => r.url));
}


/** Many library rows at once; a storage path the store already has keeps its row (unique per store). */
export async function insertFilesIfMissing(
  ctx: TenantCtx,
  values: { filename: string; storagePath: string; url: string; mimeType: string; fileSize: number; metadataJson: Record<string, unknown> }[],
): Promise<void> {
  if (values.length === 0) return;
  await ctx.tx
    .insert(mediaFiles)
    .values(values.map((v) => ({ tenantId: ctx.tenantId, uploadedBy: ctx.actor.userId, ...v })))
    .onConflictDoNothing({ target: [mediaFiles.tenantId, mediaFiles.storagePath] });
}

/** The URLs of the library's pictures (decision 052: the pictures backfill). */
export async function pictureUrls(ctx: StoreTx): Promise<string[]> {
  const rows = await ctx.tx.select({ url: mediaFiles.url }).from(mediaFiles).where(and(eq(mediaFiles.tenantId, ctx.tenantId), like(mediaFiles.mimeType, 'image/%')));
  return rows.map((r) => r.url);
}
