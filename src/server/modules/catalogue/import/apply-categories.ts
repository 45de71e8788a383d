import { sql } from 'drizzle-orm';
import type { TenantCtx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';
import { slugify } from '../../../../shared/slugify';

// Category paths of an import chunk ("Kitchen > Mugs") to category ids: found by name, case-insensitive
// (a top level name among top levels, a child under its parent), created when missing. One read of the
// store's categories and at most two inserts (parents, then children) per chunk. A store has at most a
// few hundred categories, so reading them all is cheaper than matching names one by one.

interface CategoryRow {
  id: string;
  parent_id: string | null;
  name: string;
  slug: string;
}

const keyOf = (parentId: string | null, name: string) => `${parentId ?? ''}\u0000${name.toLowerCase()}`;

class CategoryIndex {
  private readonly byName = new Map<string, string>();
  readonly slugs = new Set<string>();

  add(rows: CategoryRow[]) {
    // The oldest wins when a store already has two of the same name (rows come in creation order).
    for (const row of rows) {
      const key = keyOf(row.parent_id, row.name);
      if (!this.byName.has(key)) this.byName.set(key, row.id);
      this.slugs.add(row.slug);
    }
  }

  find(parentId: string | null, name: string): string | undefined {
    return this.byName.get(keyOf(parentId, name));
  }

  /** slugify(name), with -2, -3... until no category of the store has it. */
  freeSlug(name: string): string {
    const base = slugify(name) || 'category';
    let slug = base;
    for (let n = 2; this.slugs.has(slug); n++) slug = `${base}-${n}`;
    this.slugs.add(slug);
    return slug;
  }
}

async function readAll(ctx: TenantCtx): Promise<CategoryRow[]> {
  return rowsOf<CategoryRow>(await ctx.tx.execute(sql`
    select id, parent_id, name, slug from categories where tenant_id = ${ctx.tenantId} order by created_at, id`));
}

/** Inserts these categories; a slug taken meanwhile (another import in the same store) is skipped and read back. */
async function insertMissing(ctx: TenantCtx, rows: { parent_id: string | null; name: string; slug: string }[]): Promise<CategoryRow[]> {
  if (rows.length === 0) return [];
  return rowsOf<CategoryRow>(await ctx.tx.execute(sql`
    insert into categories (tenant_id, parent_id, name, slug)
    select ${ctx.tenantId}::uuid, r.parent_id, r.name, r.slug
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(parent_id uuid, name text, slug text)
    on conflict (tenant_id, slug) do nothing
    returning id, parent_id, name, slug`));
}

/** Creates one level's missing categories: answers whether every one of them now exists. */
async function createLevel(ctx: TenantCtx, index: CategoryIndex, wanted: { parentId: string | null; name: string }[]): Promise<boolean> {
  const missing = new Map<string, { parent_id: string | null; name: string; slug: string }>();
  for (const w of wanted) {
    const key = keyOf(w.parentId, w.name);
    if (index.find(w.parentId, w.name) || missing.has(key)) continue;
    missing.set(key, { parent_id: w.parentId, name: w.name, slug: index.freeSlug(w.name) });
  }
  const inserted = await insertMissing(ctx, [...missing.values()]);
  index.add(inserted);
  return inserted.length === missing.size;
}

/**
 * Path key ("kitchen\0mugs") -> the leaf category's id, creating what is missing. Every path is
 * answered: a category another transaction created at the same moment is read back.
 */
export async function resolveCategoryPaths(ctx: TenantCtx, paths: readonly string[][]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (paths.length === 0) return out;
  const index = new CategoryIndex();
  index.add(await readAll(ctx));
  for (let attempt = 0; attempt < 3; attempt++) {
    const topsDone = await createLevel(ctx, index, paths.map((p) => ({ parentId: null, name: p[0] })));
    const children = paths.filter((p) => p.length > 1 && index.find(null, p[0]));
    const childrenDone = await createLevel(ctx, index, children.map((p) => ({ parentId: index.find(null, p[0])!, name: p[1] })));
    if (topsDone && childrenDone) break;
    index.add(await readAll(ctx));
  }
  for (const path of paths) {
    const top = index.find(null, path[0]);
    const leaf = top && path.length > 1 ? index.find(top, path[1]) : top;
    if (!leaf) throw new Error(`Category "${path.join(' > ')}" could not be created`);
    out.set(pathKey(path), leaf);
  }
  return out;
}

export const pathKey = (path: readonly string[]) => path.map((p) => p.toLowerCase()).join('\u0000');
