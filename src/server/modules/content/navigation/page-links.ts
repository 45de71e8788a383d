import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StoreCtx } from '../../../http/context';
import { contentPages } from '../../../db/schema';
import { isUuid } from '../../../../shared/ids';
import type { NavSearchItem } from '../../../../shared/navigation';

// The menu's view of content pages: names and slugs for links and the link picker. Read here rather
// than through the pages feature, which only owns editing and publishing them.


/** A page's name in pickers: its hero title (draft, as staff see it), else its slug. */
const pageName = sql<string>`coalesce(nullif(btrim(${contentPages.contentDraft}->>'hero_title'), ''), ${contentPages.slug})`;

export interface PageLink {
  name: string;
  slug: string;
  /** Published pages only are shown to shoppers. */
  live: boolean;
}

/** This store's pages among the ids (another store's are absent). */
export async function pageLinks(ctx: StoreCtx, ids: readonly string[]): Promise<Map<string, PageLink>> {
  const unique = [...new Set(ids.filter(isUuid))];
  if (unique.length === 0) return new Map();
  const rows = await ctx.tx
    .select({ id: contentPages.id, name: pageName, slug: contentPages.slug, status: contentPages.status })
    .from(contentPages)
    .where(and(eq(contentPages.tenantId, ctx.tenantId), inArray(contentPages.id, unique)));
  return new Map(rows.map((r) => [r.id, { name: r.name, slug: r.slug, live: r.status === 'published' }]));
}

/** Pages whose title or slug holds the text, best (prefix) matches first. */
export async function searchPages(ctx: StoreCtx, q: string, limit: number): Promise<NavSearchItem[]> {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const like = `%${escaped}%`;
  return ctx.tx
    .select({ id: contentPages.id, slug: contentPages.slug, name: pageName })
    .from(contentPages)
    .where(and(eq(contentPages.tenantId, ctx.tenantId), sql`(${pageName} ilike ${like} or ${contentPages.slug} ilike ${like})`))
    .orderBy(sql`(lower(${pageName}) like lower(${`${escaped}%`})) desc`, sql`lower(${pageName})`, contentPages.id)
    .limit(limit);
}
