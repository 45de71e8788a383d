import { randomUUID } from 'node:crypto';
import type { StoreCtx, TenantCtx } from '../../../http/context';
import { badRequest } from '../../../http/errors';
import { categoryTree, linkTargets, type LinkTargets } from '../../catalogue';
import {
  NAV_MESSAGES,
  firstMessage,
  normaliseMenu,
  validateMenu,
  type AdminNavigationResponse,
  type LegacyMenuItem,
  type MenuDestination,
  type MenuGroup,
  type MenuKey,
  type navigationPutBody,
  type StoreMenu,
  type StoreMenuGroup,
} from '../../../../shared/navigation';
import type { z } from 'zod';
import * as repo from './repo';
import { pageLinks, type PageLink } from './page-links';

type Scoped = StoreCtx | TenantCtx;

interface Resolved {
  targets: LinkTargets;
  pages: Map<string, PageLink>;
}

/** Every destination of a menu: group headers and items. */
function destinations(groups: readonly MenuGroup[]): MenuDestination[] {
  return groups.flatMap((g) => [...(g.target ? [g.target] : []), ...g.items]);
}

async function resolve(ctx: Scoped, groups: readonly MenuGroup[]): Promise<Resolved> {
  const all = destinations(groups);
  const ids = (type: string) => all.filter((d) => d.type === type && d.targetId).map((d) => d.targetId!);
  // One after the other: both run on the request's one transaction.
  const targets = await linkTargets(ctx.tx, ctx.tenantId, { categoryIds: ids('category'), productIds: ids('product') });
  return { targets, pages: await pageLinks(ctx, ids('page')) };
}

/** The record a destination names in this store, or undefined (deleted, or never this store's). */
function recordOf(d: MenuDestination, r: Resolved): { name: string; slug: string; live: boolean } | undefined {
  if (!d.targetId) return undefined;
  if (d.type === 'category') return r.targets.categories.get(d.targetId);
  if (d.type === 'product') return r.targets.products.get(d.targetId);
  if (d.type === 'page') return r.pages.get(d.targetId);
  return undefined;
}

/** Where a destination leads a shopper now, or null when it leads nowhere they may go. */
function hrefOf(d: MenuDestination | null, r: Resolved): string | null {
  if (!d?.type) return null;
  if (d.type === 'url') return d.url;
  const record = recordOf(d, r);
  if (!record?.live) return null;
  const base = d.type === 'category' ? '/c/' : d.type === 'product' ? '/p/' : '/pages/';
  return `${base}${encodeURIComponent(record.slug)}`;
}

// ---- Admin ----

export async function adminMenu(ctx: TenantCtx, key: MenuKey): Promise<AdminNavigationResponse> {
  const row = await repo.findMenu(ctx, key);
  const groups = row?.groups ?? [];
  const r = await resolve(ctx, groups);
  const targets: AdminNavigationResponse['targets'] = {};
  for (const d of destinations(groups)) {
    const record = recordOf(d, r);
    if (record && d.targetId) targets[d.targetId] = { name: record.name, slug: record.slug };
  }
  return {
    menu: row ? { id: row.id, key: row.key, updated_at: row.updatedAt.toISOString() } : null,
    groups,
    items: legacyItems(groups, r),
    targets,
  };
}

/**
 * PUT {key, groups}: the shared rules first (the editor's own words, by field), then every chosen
 * record must be this store's (another store's id is as unknown as a made-up one). Saving tells
 * catalogue.changed, so every instance drops the store's cached menu once the write has committed.
 */
export async function saveMenu(ctx: TenantCtx, body: z.output<typeof navigationPutBody>): Promise<AdminNavigationResponse> {
  const groups = normaliseMenu(body.groups, randomUUID);
  const errors = validateMenu(groups);
  if (Object.keys(errors).length === 0) {
    const r = await resolve(ctx, groups);
    groups.forEach((g, gi) => {
      const check = (d: MenuDestination, at: string) => {
        if (d.type && d.type !== 'url' && !recordOf(d, r)) errors[`${at}.targetId`] ??= NAV_MESSAGES.invalidTarget;
      };
      if (g.target) check(g.target, `groups.${gi}.target`);
      g.items.forEach((item, ii) => check(item, `groups.${gi}.items.${ii}`));
    });
  }
  if (Object.keys(errors).length > 0) throw badRequest(firstMessage(errors)!, errors);
  ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
  await repo.saveMenu(ctx, body.key, groups);
  return adminMenu(ctx, body.key);
}

/** The spec's legacy flat rows (§3): each group, then its items under parent_id. */
function legacyItems(groups: readonly MenuGroup[], r: Resolved): LegacyMenuItem[] {
  const row = (d: MenuDestination | null) => ({
    target_type: d?.type ?? null,
    target_id: d?.type === 'url' ? null : (d?.targetId ?? null),
    target_slug: d ? (recordOf(d, r)?.slug ?? null) : null,
    url: d?.type === 'url' ? d.url : null,
  });
  return groups.flatMap((g, gi) => [
    { id: g.id, parent_id: null, display_order: gi, label: g.label, badge: null, ...row(g.target), group_linkable: g.linkable, group_auto_link_label: g.viewAllLabel },
    ...g.items.map((item, ii) => ({ id: item.id, parent_id: g.id, display_order: ii, label: item.label, badge: item.badge, ...row(item), group_linkable: null, group_auto_link_label: null })),
  ]);
}

// ---- Storefront ----

/**
 * The menu shoppers see: the saved one with links resolved (items whose record is gone or not live
 * are left out, and so is a group left with nothing to open), or, with none saved, the category tree.
 */
export async function storeMenu(ctx: StoreCtx, key: MenuKey): Promise<StoreMenu> {
  const row = await repo.findMenu(ctx, key);
  if (!row) return categoryMenu(ctx);
  const r = await resolve(ctx, row.groups);
  const groups: StoreMenuGroup[] = [];
  for (const g of row.groups) {
    const href = g.linkable ? hrefOf(g.target, r) : null;
    const items = g.items.flatMap((item) => {
      const itemHref = hrefOf(item, r);
      return itemHref ? [{ id: item.id, label: item.label, href: itemHref, badge: item.badge }] : [];
    });
    if (!href && items.length === 0) continue;
    groups.push({ id: g.id, label: g.label, href, view_all: href && g.viewAllLabel ? { label: g.viewAllLabel, href } : null, items });
  }
  return { source: 'menu', groups };
}

async function categoryMenu(ctx: StoreCtx): Promise<StoreMenu> {
  const tree = await categoryTree(ctx);
  return {
    source: 'categories',
    groups: tree.map((c) => ({
      id: c.id,
      label: c.name,
      href: `/c/${encodeURIComponent(c.slug)}`,
      view_all: null,
      items: c.children.map((child) => ({ id: child.id, label: child.name, href: `/c/${encodeURIComponent(child.slug)}`, badge: null })),
    })),
  };
}
