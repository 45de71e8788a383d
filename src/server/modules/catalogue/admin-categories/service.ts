import type { TenantCtx } from '../../../http/context';
import { isUniqueViolation } from '../../../db/unique-violation';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { isUuid } from '../../../../shared/ids';
import {
  CATEGORY_MESSAGES,
  categorySlugFor,
  type AdminCategory,
  type AdminCategoryNode,
  type createCategoryBody,
  type updateCategoryBody,
} from '../../../../shared/admin-categories';
import type { z } from 'zod';
import * as repo from './repo';
import { libraryUrls } from '../../media';

type CreateInput = z.output<typeof createCategoryBody>;
type UpdateInput = z.output<typeof updateCategoryBody>;

const INVALID = 'Some fields are missing or invalid.';
const categoryNotFound = () => notFound('Category not found');

export function listCategories(ctx: TenantCtx): Promise<AdminCategory[]> {
  return repo.listCategories(ctx);
}

/**
 * The categories nested under their parents (spec §3: the tree read has children to depth 2). Depth 1
 * gives the top level only. Saves keep the tree two levels deep, so nothing is left out at depth 2.
 */
export async function categoryTree(ctx: TenantCtx, depth: 1 | 2): Promise<AdminCategoryNode[]> {
  const rows = await repo.listCategories(ctx);
  const node = (row: AdminCategory, level: number): AdminCategoryNode => ({
    ...row,
    children: level < depth ? rows.filter((r) => r.parent_id === row.id).map((r) => node(r, level + 1)) : [],
  });
  return rows.filter((r) => r.parent_id === null).map((r) => node(r, 1));
}

/** A hero picked from the media library stays locked until this commits, so it cannot be deleted there meanwhile. */
async function holdLibraryHero(ctx: TenantCtx, url: string | null | undefined): Promise<void> {
  if (url) await libraryUrls(ctx, [url], { hold: true });
}

export async function createCategory(ctx: TenantCtx, input: CreateInput): Promise<AdminCategory> {
  // Told after the commit: the storefront's cached answers for this store are dropped.
  ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
  const slug = checkedSlug(input.slug, input.name);
  const parentId = input.parent_id ?? null;
  await holdLibraryHero(ctx, input.hero_image_url);
  if (parentId) await checkParent(ctx, null, parentId, await repo.lockCategories(ctx, [parentId]));
  if (await repo.slugTaken(ctx, slug)) throw slugConflict();
  const id = await uniqueSlugGuard(() =>
    repo.insertCategory(ctx, {
      name: input.name,
      slug,
      description: input.description ?? null,
      displayOrder: input.display_order ?? 0,
      isFeatured: input.is_featured ?? false,
      heroImageUrl: input.hero_image_url ?? null,
      metaTitle: input.meta_title ?? null,
      metaDescription: input.meta_description ?? null,
      parentId,
      vatRate: input.vat_rate ?? null,
    }),
  );
  return (await repo.findCategory(ctx, id))!;
}

/** A partial update: fields left out keep their values; an empty slug is derived from the name. */
export async function updateCategory(ctx: TenantCtx, id: string, input: UpdateInput): Promise<AdminCategory> {
  // Told after the commit: the storefront's cached answers for this store are dropped.
  ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
  if (!isUuid(id)) throw categoryNotFound();
  // One lock call for the category and its new parent, always in id order (see lockCategories).
  const locked = await repo.lockCategories(ctx, input.parent_id && input.parent_id !== id ? [id, input.parent_id] : [id]);
  if (!locked.some((row) => row.id === id)) throw categoryNotFound();
  const current = (await repo.findCategory(ctx, id))!;
  const name = input.name ?? current.name;
  await holdLibraryHero(ctx, input.hero_image_url);
  const slug = input.slug === undefined ? undefined : checkedSlug(input.slug, name);
  if (input.parent_id) await checkParent(ctx, id, input.parent_id, locked);
  if (slug !== undefined && slug !== current.slug && (await repo.slugTaken(ctx, slug, id))) throw slugConflict();
  await uniqueSlugGuard(() =>
    repo.updateCategory(ctx, id, {
      name: input.name,
      slug,
      description: input.description,
      displayOrder: input.display_order,
      isFeatured: input.is_featured,
      heroImageUrl: input.hero_image_url,
      metaTitle: input.meta_title,
      metaDescription: input.meta_description,
      parentId: input.parent_id,
      vatRate: input.vat_rate,
    }),
  );
  return (await repo.findCategory(ctx, id))!;
}

/**
 * Deletes a category. Its products stay and only lose the link to it (they may still sit in other
 * categories); its sub-categories move up to the top level rather than vanish with it.
 */
export async function deleteCategory(ctx: TenantCtx, id: string): Promise<void> {
  // Told after the commit: the storefront's cached answers for this store are dropped.
  ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
  if (!isUuid(id)) throw categoryNotFound();
  if (!(await repo.deleteCategory(ctx, id))) throw categoryNotFound();
}

function checkedSlug(slug: string | undefined, name: string): string {
  const result = categorySlugFor(slug, name);
  // A name of only symbols ("***") gives no slug to derive.
  if (!result) throw badRequest(INVALID, { slug: CATEGORY_MESSAGES.slugRequired });
  return result;
}

/**
 * The parent must be another category of this tenant at the top level, and a category with children
 * cannot itself go under one: the tree stays two levels deep, which also rules out cycles. The rows are
 * locked first, so a concurrent save cannot slip a third level in between the check and the write.
 */
async function checkParent(ctx: TenantCtx, id: string | null, parentId: string, locked: { id: string; parentId: string | null }[]): Promise<void> {
  if (parentId === id) throw badRequest(INVALID, { parent_id: CATEGORY_MESSAGES.parentSelf });
  const parent = locked.find((row) => row.id === parentId);
  if (!parent) throw badRequest(INVALID, { parent_id: CATEGORY_MESSAGES.parentMissing });
  if (parent.parentId !== null) throw badRequest(INVALID, { parent_id: CATEGORY_MESSAGES.tooDeep });
  if (id && (await repo.hasChildren(ctx, id))) throw badRequest(INVALID, { parent_id: CATEGORY_MESSAGES.tooDeep });
}

const slugConflict = () => conflict('slug_taken', CATEGORY_MESSAGES.slugTaken, { slug: CATEGORY_MESSAGES.slugTaken });

/** Two saves racing for one slug: the unique index stops the second, which gets the same 409. */
async function uniqueSlugGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw slugConflict();
    throw err;
  }
}

