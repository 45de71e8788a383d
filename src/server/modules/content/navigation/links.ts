import type { StoreCtx } from '../../../http/context';
import { linkTargets, type LinkTargets } from '../../catalogue';
import type { MenuDestination, MenuGroup } from '../../../../shared/navigation';
import { pageLinks, type PageLink } from './page-links';

// Where a menu's destinations lead: the records they name in this store, read once per menu.

export interface Resolved {
  targets: LinkTargets;
  pages: Map<string, PageLink>;
}

/** Every destination of a menu: group headers and items. */
export function destinations(groups: readonly MenuGroup[]): MenuDestination[] {
  return groups.flatMap((g) => [...(g.target ? [g.target] : []), ...g.items]);
}

export async function resolve(ctx: StoreCtx, groups: readonly MenuGroup[]): Promise<Resolved> {
  const all = destinations(groups);
  const ids = (type: string) => all.filter((d) => d.type === type && d.targetId).map((d) => d.targetId!);
  // One after the other: both run on the request's one transaction.
  const targets = await linkTargets(ctx.tx, ctx.tenantId, { categoryIds: ids('category'), productIds: ids('product') });
  return { targets, pages: await pageLinks(ctx, ids('page')) };
}

/** The record a destination names in this store, or undefined (deleted, or never this store's). */
export function recordOf(d: MenuDestination, r: Resolved): { name: string; slug: string; live: boolean } | undefined {
  if (!d.targetId) return undefined;
  if (d.type === 'category') return r.targets.categories.get(d.targetId);
  if (d.type === 'product') return r.targets.products.get(d.targetId);
  if (d.type === 'page') return r.pages.get(d.targetId);
  return undefined;
}

/** Where a destination leads a shopper now, or null when it leads nowhere they may go. */
export function hrefOf(d: MenuDestination | null, r: Resolved): string | null {
  if (!d?.type) return null;
  if (d.type === 'url') return d.url;
  const record = recordOf(d, r);
  if (!record?.live) return null;
  const base = d.type === 'category' ? '/c/' : d.type === 'product' ? '/p/' : '/pages/';
  return `${base}${encodeURIComponent(record.slug)}`;
}
