import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { TenantCtx } from '../../../http/context';
import { categories, productCategories } from '../../../db/schema/index';
import type { AdminCategory } from '../../../../shared/admin-categories';
import type { VatRate } from '../../../../shared/vat';

/** The columns written by the admin form (spec §3 Category plus parent_id). */
export interface CategoryValues {
  name: string;
  slug: string;
  description: string | null;
  displayOrder: number;
  isFeatured: boolean;
  heroImageUrl: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  parentId: string | null;
  vatRate: VatRate | null;
}

const columns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  display_order: categories.displayOrder,
  is_featured: categories.isFeatured,
  hero_image_url: categories.heroImageUrl,
  meta_title: categories.metaTitle,
  meta_description: categories.metaDescription,
  parent_id: categories.parentId,
  vat_rate: categories.vatRate,
};

/** Every category of the tenant with its linked product count, by display order then name. */
export async function listCategories(ctx: TenantCtx, onlyId?: string): Promise<AdminCategory[]> {
  const linked = ctx.tx
    .select({ categoryId: productCategories.categoryId, n: count().as('n') })
    .from(productCategories)
    .where(eq(productCategories.tenantId, ctx.tenantId))
    .groupBy(productCategories.categoryId)
    .as('linked');
  const rows = await ctx.tx
    .select({ ...columns, product_count: sql<number>`coalesce(${linked.n}, 0)::int` })
    .from(categories)
    .leftJoin(linked, eq(linked.categoryId, categories.id))
    .where(onlyId ? and(eq(categories.tenantId, ctx.tenantId), eq(categories.id, onlyId)) : eq(categories.tenantId, ctx.tenantId))
    .orderBy(asc(categories.displayOrder), asc(categories.name), asc(categories.id));
  return rows.map((r) => ({ ...r, product_count: Number(r.product_count) }));
}

export async function findCategory(ctx: TenantCtx, id: string): Promise<AdminCategory | null> {
  return (await listCategories(ctx, id))[0] ?? null;
}

/**
 * Locks the given categories of this tenant (in id order, so two saves never wait on each other in a
 * circle) and returns their id and parent. Nesting checks read these rows after the lock, so two saves
 * cannot together build a third level.
 */
export async function lockCategories(ctx: TenantCtx, ids: string[]): Promise<{ id: string; parentId: string | null }[]> {
  if (ids.length === 0) return [];
  return ctx.tx
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(and(eq(categories.tenantId, ctx.tenantId), inArray(categories.id, ids)))
    .orderBy(asc(categories.id))
    .for('update');
}

export async function hasChildren(ctx: TenantCtx, id: string): Promise<boolean> {
  const rows = await ctx.tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.tenantId, ctx.tenantId), eq(categories.parentId, id)))
    .limit(1);
  return rows.length > 0;
}

/** Another category of this tenant already using the slug (the unique index backs this up). */
export async function slugTaken(ctx: TenantCtx, slug: string, exceptId?: string): Promise<boolean> {
  const rows = await ctx.tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.tenantId, ctx.tenantId), eq(categories.slug, slug), exceptId ? sql`${categories.id} <> ${exceptId}` : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertCategory(ctx: TenantCtx, values: CategoryValues): Promise<string> {
  const [row] = await ctx.tx.insert(categories).values({ tenantId: ctx.tenantId, ...values }).returning({ id: categories.id });
  return row.id;
}

export async function updateCategory(ctx: TenantCtx, id: string, values: Partial<CategoryValues>): Promise<void> {
  await ctx.tx
    .update(categories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(categories.tenantId, ctx.tenantId), eq(categories.id, id)));
}

/** Children move up to the top level; product links go with the category (foreign key cascade). */
export async function deleteCategory(ctx: TenantCtx, id: string): Promise<boolean> {
  await ctx.tx
    .update(categories)
    .set({ parentId: null, updatedAt: sql`now()` })
    .where(and(eq(categories.tenantId, ctx.tenantId), eq(categories.parentId, id)));
  const deleted = await ctx.tx
    .delete(categories)
    .where(and(eq(categories.tenantId, ctx.tenantId), eq(categories.id, id)))
    .returning({ id: categories.id });
  return deleted.length > 0;
}
