import type { Tx } from '../../../db/connection';
import type { TenantCtx } from '../../../http/context';
import { conflict } from '../../../http/errors';
import { LEGAL_TEMPLATE } from '../../../../shared/page-templates';
import { isUniqueViolation } from '../../../db/unique-violation';
import { checkedContent } from './service';
import * as repo from './repo';

// The content module's part of Settings > Policies (issue 25): legal pages are ordinary content pages
// of the "legal" template, so staff edit, preview and publish them in the page editor like any other.
// The store's settings keep which page is which (by id: a page whose slug was changed still counts).

export interface PageState {
  id: string;
  slug: string;
  status: 'draft' | 'published';
  /** The published title; null while the page is a draft. */
  title: string | null;
}

/** The pages of these ids that still exist in the store. */
export async function pageStates(tx: Tx, tenantId: string, ids: string[]): Promise<PageState[]> {
  const rows = await repo.pagesByIds(tx, tenantId, ids);
  return rows.map((r) => ({ id: r.id, slug: r.slug, status: r.status, title: typeof r.title === 'string' ? r.title : null }));
}

/**
 * A new draft page of the legal template with its title and body filled in. A page already using the
 * slug is a 409 with `slugTakenMessage` (the caller knows what the merchant should do about it).
 */
export async function createLegalDraft(ctx: TenantCtx, input: { slug: string; title: string; bodyHtml: string }, slugTakenMessage: string): Promise<PageState> {
  const content = checkedContent(LEGAL_TEMPLATE.key, { hero_title: input.title, body: input.bodyHtml }, 'saving');
  const taken = () => conflict('slug_taken', slugTakenMessage, { slug: slugTakenMessage });
  if (await repo.findPageBySlug(ctx, input.slug)) throw taken();
  try {
    const id = await repo.insertPage(ctx, { slug: input.slug, templateKey: LEGAL_TEMPLATE.key, contentDraft: content });
    ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
    return { id, slug: input.slug, status: 'draft', title: null };
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}
