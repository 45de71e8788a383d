import type { StoreCtx, StoreTx, TenantCtx } from '../../../http/context';
import { isUniqueViolation } from '../../../db/unique-violation';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { isUuid } from '../../../../shared/ids';
import { PAGE_MESSAGES, PAGE_SLUG_PATTERN, defaultContent, pageTemplate, validatePageContent, type PageContent } from '../../../../shared/page-templates';
import { PAGES_TEXT, type AdminPage, type AdminPageSummary, type CreatePageInput, type PublicPage } from '../../../../shared/pages';
import { PAGE_STARTERS, starterContent, starterSlug } from '../../../../shared/page-starters';
import { LEGAL_PAGE_KINDS, type LegalFacts, type LegalPageKind } from '../../../../shared/legal-templates';
import { libraryUrls, pictureSizes, type MediaUsage } from '../../media';
import { richTextUrls, sanitizeRichText } from './sanitize';
import * as repo from './repo';

const pageNotFound = () => notFound(PAGES_TEXT.notFound);
const isLegalPageKind = (key: string): key is LegalPageKind => (LEGAL_PAGE_KINDS as readonly string[]).includes(key);

function summaryOf(row: repo.AdminPageRow): AdminPageSummary {
  return {
    id: row.id,
    slug: row.slug,
    template_key: row.templateKey,
    status: row.status,
    updated_at: row.updatedAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
    has_unpublished_changes: row.hasUnpublishedChanges,
  };
}

/** Stored content is always what validatePageContent produced: strings and booleans only. */
const asContent = (value: Record<string, unknown>): PageContent =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string' || typeof v === 'boolean')) as PageContent;

const pageOf = (row: repo.AdminPageRow): AdminPage => ({ ...summaryOf(row), content_draft: asContent(row.contentDraft) });

/**
 * The content as it may be stored: checked against the page's template (400 with the spec's message
 * and one error per slot otherwise) and its rich text cleaned. `action` picks the message's last word.
 */
export function checkedContent(templateKey: string, input: Record<string, unknown>, action: 'saving' | 'publishing'): PageContent {
  const template = pageTemplate(templateKey);
  if (!template) throw badRequest(PAGE_MESSAGES.templateUnknown, { template_key: PAGE_MESSAGES.templateUnknown });
  const { content, errors } = validatePageContent(template, input);
  if (Object.keys(errors).length) throw badRequest(action === 'saving' ? PAGE_MESSAGES.fixSave : PAGE_MESSAGES.fixPublish, errors);
  for (const slot of template.slots) {
    const value = content[slot.key];
    if (slot.type === 'richtext' && typeof value === 'string') {
      const clean = sanitizeRichText(value);
      if (clean) content[slot.key] = clean;
      else delete content[slot.key];
    }
  }
  return content;
}

export async function listPages(ctx: TenantCtx): Promise<AdminPageSummary[]> {
  return (await repo.listPages(ctx)).map(summaryOf);
}

export async function getPage(ctx: TenantCtx, id: string): Promise<AdminPage> {
  const row = isUuid(id) ? await repo.findPage(ctx, id) : null;
  if (!row) throw pageNotFound();
  return pageOf(row);
}

const slugTaken = () => conflict('slug_taken', PAGE_MESSAGES.slugTaken, { slug: PAGE_MESSAGES.slugTaken });

/**
 * What the policies module (above this one) lends new pages, handed in by app.ts: the store's details
 * the starters write in (Settings > Store Info and Policies), and the store's record of its legal pages,
 * so a privacy policy made here is the one the footer links once published.
 */
export interface PageStarterHooks {
  facts(ctx: TenantCtx): Promise<LegalFacts>;
  /** This new page becomes the store's page of that kind, unless it already has one. */
  adoptLegalPage(ctx: TenantCtx, kind: LegalPageKind, pageId: string): Promise<void>;
}

/**
 * A new draft page. With a title, its address (when none is sent) is derived from it as the new-page
 * dialog derives it; with a starter, the page is filled in for this store. Without either, the
 * template's default content (not valid yet: the hero title is required).
 */
export async function createPage(ctx: TenantCtx, input: CreatePageInput, hooks: PageStarterHooks): Promise<AdminPage> {
  const template = pageTemplate(input.template_key);
  if (!template) throw badRequest(PAGE_MESSAGES.templateUnknown, { template_key: PAGE_MESSAGES.templateUnknown });
  const starter = input.starter ? PAGE_STARTERS[input.starter] : null;
  if (starter && starter.templateKey !== template.key) throw badRequest(PAGE_MESSAGES.starterTemplate, { starter: PAGE_MESSAGES.starterTemplate });
  const title = input.title ?? '';
  const slug = input.slug ?? starterSlug(input.starter, title);
  if (!slug) throw badRequest(PAGE_MESSAGES.slugFromTitle, { slug: PAGE_MESSAGES.slugFromTitle });
  const content = starter
    ? checkedContent(template.key, starterContent(starter.key, title, await hooks.facts(ctx)), 'saving')
    : { ...defaultContent(template), ...(title ? { hero_title: title } : {}) };
  if (await repo.findPageBySlug(ctx, slug)) throw slugTaken();
  ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
  try {
    const id = await repo.insertPage(ctx, { slug, templateKey: template.key, contentDraft: content });
    if (starter && isLegalPageKind(starter.key)) await hooks.adoptLegalPage(ctx, starter.key, id);
    return getPage(ctx, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}

/** Save draft: replaces the draft with checked, cleaned content; what is live stays as it was. */
export async function saveDraft(ctx: TenantCtx, id: string, input: Record<string, unknown>): Promise<AdminPage> {
  const current = isUuid(id) ? await repo.findPage(ctx, id) : null;
  if (!current) throw pageNotFound();
  const content = checkedContent(current.templateKey, input, 'saving');
  await holdLibraryFiles(ctx, content);
  ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
  await repo.updateDraft(ctx, id, content);
  return getPage(ctx, id);
}

/**
 * Publish: the stored draft is checked again (a page created moments ago has no title yet) and
 * copied to what shoppers see. The editor saves the draft first (spec §4).
 */
export async function publishPage(ctx: TenantCtx, id: string): Promise<AdminPage> {
  const locked = isUuid(id) ? await repo.lockPage(ctx, id) : null;
  if (!locked) throw pageNotFound();
  const content = checkedContent(locked.templateKey, locked.contentDraft, 'publishing');
  ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
  // A published legal page is linked from the store's footer (the host cache's promises).
  ctx.emit({ type: 'store.changed', tenantId: ctx.tenantId });
  await repo.publish(ctx, id, content);
  return getPage(ctx, id);
}

/** What shoppers get at /pages/{slug}: the published content only; a draft or unknown slug is a 404. */
export async function publishedPage(ctx: StoreCtx, slug: string): Promise<PublicPage> {
  const row = PAGE_SLUG_PATTERN.test(slug) ? await repo.findPublished(ctx, slug) : null;
  if (!row) throw pageNotFound();
  return withHeroSize(ctx, { slug: row.slug, template_key: row.templateKey, content: asContent(row.content), published_at: row.publishedAt?.toISOString() ?? null, preview: false });
}

/** Staff preview of a page's draft by slug, whatever its status (signed-in store managers only). */
export async function previewPage(ctx: TenantCtx, slug: string): Promise<PublicPage> {
  const row = await repo.findPageBySlug(ctx, slug);
  if (!row) throw pageNotFound();
  return withHeroSize(ctx, { slug: row.slug, template_key: row.templateKey, content: asContent(row.contentDraft), published_at: row.publishedAt?.toISOString() ?? null, preview: true });
}

/** The page with its hero picture's size and copies, when they are made (the page's largest picture). */
async function withHeroSize(ctx: StoreTx, page: PublicPage): Promise<PublicPage> {
  const hero = page.content.hero_image;
  const size = typeof hero === 'string' && hero ? (await pictureSizes(ctx, [hero])).get(hero) : undefined;
  return size ? { ...page, hero_size: size } : page;
}

/**
 * The library files this content shows are locked until the commit, so a library delete running at
 * the same moment either sees this page as a use or waits for it (decision 020).
 */
async function holdLibraryFiles(ctx: TenantCtx, content: PageContent): Promise<void> {
  const urls = [typeof content.hero_image === 'string' ? content.hero_image : '', ...(typeof content.body === 'string' ? richTextUrls(content.body) : [])].filter(Boolean);
  if (urls.length) await libraryUrls(ctx, urls, { hold: true });
}

export const publishedPagePaths = (ctx: StoreCtx) => repo.publishedPaths(ctx);

/** Pages whose draft or published content shows this URL: as hero image or a link/picture in the body. */
export async function pagesUsing(ctx: StoreTx, url: string): Promise<MediaUsage[]> {
  const rows = await repo.pagesMentioning(ctx, url);
  const uses = (content: Record<string, unknown> | null) =>
    !!content && (content.hero_image === url || (typeof content.body === 'string' && richTextUrls(content.body).includes(url)));
  return rows.filter((r) => uses(r.contentDraft) || uses(r.contentPublished)).map((r) => ({ kind: 'page' as const, id: r.id, label: r.slug }));
}

