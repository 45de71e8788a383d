import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { pushTemplates } from '../../db/schema';
import type { PushTemplateValues } from '../../../shared/push-schemas';
import type { StoreTx } from '../../http/context';

export type TemplateRow = typeof pushTemplates.$inferSelect;

/** The platform defaults (tenant_id null) and this store's own templates. */
const visibleTo = (tenantId: string) => or(isNull(pushTemplates.tenantId), eq(pushTemplates.tenantId, tenantId));

export async function listVisible(ctx: StoreTx): Promise<TemplateRow[]> {
  return ctx.tx
    .select()
    .from(pushTemplates)
    .where(visibleTo(ctx.tenantId))
    .orderBy(asc(pushTemplates.key), sql`${pushTemplates.tenantId} nulls first`);
}

/** A default or one of this store's templates; another store's id is the same null as a missing one. */
export async function findVisible(ctx: StoreTx, id: string): Promise<TemplateRow | null> {
  const [row] = await ctx.tx.select().from(pushTemplates).where(and(visibleTo(ctx.tenantId), eq(pushTemplates.id, id)));
  return row ?? null;
}

export async function findOwnByKey(ctx: StoreTx, key: string): Promise<TemplateRow | null> {
  const [row] = await ctx.tx.select().from(pushTemplates).where(and(eq(pushTemplates.tenantId, ctx.tenantId), eq(pushTemplates.key, key)));
  return row ?? null;
}

/** The template a push of `key` uses: the store's own when active, else the active default. */
export async function resolveActive(ctx: StoreTx, key: string): Promise<TemplateRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(pushTemplates)
    .where(and(visibleTo(ctx.tenantId), eq(pushTemplates.key, key), eq(pushTemplates.isActive, true)))
    .orderBy(sql`${pushTemplates.tenantId} nulls last`)
    .limit(1);
  return row ?? null;
}

const columns = (v: PushTemplateValues) => ({ title: v.title, body: v.body, icon: v.icon, url: v.url, isActive: v.is_active });

/** Null when the store already has a template with this key (the unique index says so). */
export async function insertOwn(ctx: StoreTx, v: PushTemplateValues): Promise<TemplateRow | null> {
  const [row] = await ctx.tx
    .insert(pushTemplates)
    .values({ tenantId: ctx.tenantId, key: v.key, ...columns(v) })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateOwn(ctx: StoreTx, id: string, v: PushTemplateValues): Promise<TemplateRow | null> {
  const [row] = await ctx.tx
    .update(pushTemplates)
    .set({ ...columns(v), updatedAt: sql`now()` })
    .where(and(eq(pushTemplates.tenantId, ctx.tenantId), eq(pushTemplates.id, id)))
    .returning();
  return row ?? null;
}
