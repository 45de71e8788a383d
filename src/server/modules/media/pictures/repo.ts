import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StoreTx } from '../../../http/context';
import { pictureVariants } from '../../../db/schema/index';

export type PictureRow = typeof pictureVariants.$inferSelect;

/** New picture rows (pending); a key already known is left as it is. Answers the rows inserted. */
export async function insertPictures(ctx: StoreTx, files: readonly { key: string; url: string }[]): Promise<PictureRow[]> {
  if (files.length === 0) return [];
  return ctx.tx
    .insert(pictureVariants)
    .values(files.map((f) => ({ tenantId: ctx.tenantId, storageKey: f.key, url: f.url })))
    .onConflictDoNothing({ target: [pictureVariants.tenantId, pictureVariants.storageKey] })
    .returning();
}

/** One of this store's pictures, locked until the transaction ends when `lock`. */
export async function findPicture(ctx: StoreTx, id: string, lock = false): Promise<PictureRow | null> {
  const query = ctx.tx.select().from(pictureVariants).where(and(eq(pictureVariants.tenantId, ctx.tenantId), eq(pictureVariants.id, id)));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

export async function markDone(ctx: StoreTx, id: string, size: { width: number; height: number; widths: number[] }): Promise<void> {
  await ctx.tx
    .update(pictureVariants)
    .set({ state: 'done', ...size, error: null })
    .where(and(eq(pictureVariants.tenantId, ctx.tenantId), eq(pictureVariants.id, id)));
}

export async function markFailed(ctx: StoreTx, id: string, error: string): Promise<void> {
  await ctx.tx
    .update(pictureVariants)
    .set({ state: 'failed', error: error.slice(0, 500) })
    .where(and(eq(pictureVariants.tenantId, ctx.tenantId), eq(pictureVariants.id, id)));
}

/** Pictures of this store shown by these URLs whose size is known (done, with or without copies). */
export async function sizesByUrl(ctx: StoreTx, urls: readonly string[]): Promise<Pick<PictureRow, 'url' | 'width' | 'height' | 'widths'>[]> {
  if (urls.length === 0) return [];
  return ctx.tx
    .select({ url: pictureVariants.url, width: pictureVariants.width, height: pictureVariants.height, widths: pictureVariants.widths })
    .from(pictureVariants)
    .where(and(eq(pictureVariants.tenantId, ctx.tenantId), inArray(pictureVariants.url, [...urls]), eq(pictureVariants.state, 'done')));
}

/** Forgets a picture (its file was deleted); answers its copies' widths, so their files go too. */
export async function deletePictureByKey(ctx: StoreTx, key: string): Promise<number[] | null> {
  const [row] = await ctx.tx
    .delete(pictureVariants)
    .where(and(eq(pictureVariants.tenantId, ctx.tenantId), eq(pictureVariants.storageKey, key)))
    .returning({ widths: pictureVariants.widths });
  return row?.widths ?? null;
}

/** How many of this store's pictures are in each state (tests and the bench). */
export async function countByState(ctx: StoreTx): Promise<Record<string, number>> {
  const rows = await ctx.tx
    .select({ state: pictureVariants.state, n: sql<number>`count(*)::int` })
    .from(pictureVariants)
    .where(eq(pictureVariants.tenantId, ctx.tenantId))
    .groupBy(pictureVariants.state);
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}
