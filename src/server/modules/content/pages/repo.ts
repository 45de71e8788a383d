import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { StoreCtx, StoreTx, TenantCtx } from '../../../http/context';
import type { Tx } from '../../../db/connection';
import { contentPages } from '../../../db/schema/index';
import type { PageContent } from '../../../../shared/page-templates';

/** The columns the admin reads, plus whether the draft differs from what is live. */
const adminColumns = {
  id: contentPages.id,
  slug: contentPages.slug,
  templateKey: contentPages.templateKey,
  status: contentPages.status,
  contentDraft: contentPages.contentDraft,
  updatedAt: contentPages.updatedAt,
  publishedAt: contentPages.publishedAt,
  hasUnpublishedChanges: sql<boolean>`(${contentPages.status} = 'published' and ${contentPages.contentDraft} is distinct from ${contentPages.contentPublished})`,
};

export type AdminPageRow = {
  id: string;
  slug: string;
  templateKey: string;
  status: 'draft' | 'published';
  contentDraft: Record<string, unknown>;
  updatedAt: Date;
  publishedAt: Date | null;
  hasUnpublishedChanges: boolean;
};

const mine = (ctx: { tenantId: string }, id: string) => and(eq(contentPages.tenantId, ctx.tenantId), eq(contentPages.id, id));

/** The store's pages, most recently changed first. */
export function listPages(ctx: TenantCtx): Promise<AdminPageRow[]> {
  return ctx.tx.select(adminColumns).from(contentPages).where(eq(contentPages.tenantId, ctx.tenantId)).orderBy(desc(contentPages.updatedAt), desc(contentPages.id));
}

export async function findPage(ctx: TenantCtx, id: string): Promise<AdminPageRow | null> {
  const [row] = await ctx.tx.select(adminColumns).from(contentPages).where(mine(ctx, id));
  return row ?? null;
}

/** A page by slug for the staff preview: its draft, whatever its status. */
export async function findPageBySlug(ctx: TenantCtx, slug: string): Promise<AdminPageRow | null> {
  const [row] = await ctx.tx.select(adminColumns).from(contentPages).where(and(eq(contentPages.tenantId, ctx.tenantId), eq(contentPages.slug, slug)));
  return row ?? null;
}

export async function insertPage(ctx: TenantCtx, values: { slug: string; templateKey: string; contentDraft: PageContent }): Promise<string> {
  const [row] = await ctx.tx.insert(contentPages).values({ tenantId: ctx.tenantId, ...values }).returning({ id: contentPages.id });
  return row.id;
}

/** Replaces the draft; false when the store has no such page. */
export async function updateDraft(ctx: TenantCtx, id: string, content: PageContent): Promise<boolean> {
  const rows = await ctx.tx.update(contentPages).set({ contentDraft: content, updatedAt: new Date() }).where(mine(ctx, id)).returning({ id: contentPages.id });
  return rows.length > 0;
}

/** Puts the (checked) draft live. */
export async function publish(ctx: TenantCtx, id: string, content: PageContent): Promise<void> {
  const now = new Date();
  await ctx.tx
    .update(contentPages)
    .set({ contentDraft: content, contentPublished: content, status: 'published', publishedAt: now, updatedAt: now })
    .where(mine(ctx, id));
}

/** Locks the page row for a publish, so a save cannot slip in between the check and the copy. */
export async function lockPage(ctx: TenantCtx, id: string): Promise<{ templateKey: string; contentDraft: Record<string, unknown> } | null> {
  const [row] = await ctx.tx
    .select({ templateKey: contentPages.templateKey, contentDraft: contentPages.contentDraft })
    .from(contentPages)
    .where(mine(ctx, id))
    .for('update');
  return row ?? null;
}

/** A published page as shoppers see it: only ever its published content. */
export async function findPublished(
  ctx: StoreCtx,
  slug: string,
): Promise<{ slug: string; templateKey: string; content: Record<string, unknown>; publishedAt: Date | null; updatedAt: Date } | null> {
  const [row] = await ctx.tx
    .select({ slug: contentPages.slug, templateKey: contentPages.templateKey, content: contentPages.contentPublished, publishedAt: contentPages.publishedAt, updatedAt: contentPages.updatedAt })
    .from(contentPages)
    .where(and(eq(contentPages.tenantId, ctx.tenantId), eq(contentPages.slug, slug), eq(contentPages.status, 'published')));
  return row?.content ? { ...row, content: row.content } : null;
}

/** Paths of the published pages, for the sitemap. */
export async function publishedPaths(ctx: StoreCtx): Promise<{ path: string; updated_at: Date }[]> {
  const rows = await ctx.tx
    .select({ slug: contentPages.slug, publishedAt: contentPages.publishedAt, updatedAt: contentPages.updatedAt })
    .from(contentPages)
    .where(and(eq(contentPages.tenantId, ctx.tenantId), eq(contentPages.status, 'published')))
    .orderBy(contentPages.slug);
  return rows.map((r) => ({ path: `/pages/${r.slug}`, updated_at: r.publishedAt ?? r.updatedAt }));
}

/**
 * Pages whose draft or published content might show this URL: the hero image, or the URL anywhere in
 * the body (narrowed by the caller, which reads the body's links). The URL is matched literally.
 */
export async function pagesMentioning(ctx: StoreTx, url: string): Promise<{ id: string; slug: string; contentDraft: Record<string, unknown>; contentPublished: Record<string, unknown> | null }[]> {
  // The body is stored as sanitised HTML, where an "&" in an href reads "&amp;".
  const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = likeOf(url);
  const likeEncoded = likeOf(url.replace(/&/g, '&amp;'));
  return ctx.tx
    .select({ id: contentPages.id, slug: contentPages.slug, contentDraft: contentPages.contentDraft, contentPublished: contentPages.contentPublished })
    .from(contentPages)
    .where(
      and(
        eq(contentPages.tenantId, ctx.tenantId),
        or(
          sql`${contentPages.contentDraft}->>'body' like ${like}`,
          sql`${contentPages.contentDraft}->>'body' like ${likeEncoded}`,
          sql`${contentPages.contentPublished}->>'body' like ${like}`,
          sql`${contentPages.contentPublished}->>'body' like ${likeEncoded}`, sql`${contentPages.contentDraft}->>'hero_image' = ${url}`, sql`${contentPages.contentPublished}->>'hero_image' = ${url}`),
      ),
    )
    .orderBy(contentPages.slug);
}

/** Pages by id with their slug and status, for Settings > Policies and the footer's legal links. */
export async function pagesByIds(tx: Tx, tenantId: string, ids: string[]): Promise<{ id: string; slug: string; status: 'draft' | 'published'; title: unknown }[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ id: contentPages.id, slug: contentPages.slug, status: contentPages.status, title: sql`${contentPages.contentPublished} ->> 'hero_title'` })
    .from(contentPages)
    .where(and(eq(contentPages.tenantId, tenantId), inArray(contentPages.id, ids)));
}
