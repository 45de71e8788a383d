import type { StoreCtx } from '../../../http/context';
import { categoryTree } from '../../catalogue';
import type { CategoryNode } from '../../../../shared/catalog';
import { FOOTER_MENU, NAV_LIMITS, type MenuGroup, type MenuKey, type StoreMenu, type StoreMenuGroup, type StoreMenuLink } from '../../../../shared/navigation';
import * as repo from './repo';
import { hrefOf, resolve, type Resolved } from './links';

// The menus shoppers see (GET /api/navigation?key=primary|footer), with their links resolved.

const categoryHref = (c: { slug: string }) => `/c/${encodeURIComponent(c.slug)}`;

/** A category's sub-categories as menu links, in the shop's order (a saved menu shows NAV_LIMITS.subLevels). */
function subLinks(children: readonly CategoryNode[] | undefined, limit: number = NAV_LIMITS.subLevels): StoreMenuLink[] {
  return (children ?? []).slice(0, limit).map((c) => ({ id: c.id, label: c.name, href: categoryHref(c), badge: null }));
}

/** Each category's children by id (the tree is two levels deep, so only top categories have any). */
async function childrenById(ctx: StoreCtx, groups: readonly MenuGroup[]): Promise<Map<string, CategoryNode[]>> {
  const linksCategory = groups.some((g) => g.target?.type === 'category' || g.items.some((i) => i.type === 'category'));
  if (!linksCategory) return new Map();
  return new Map((await categoryTree(ctx)).map((c) => [c.id, c.children]));
}

/**
 * A saved menu as shoppers see it: items whose record is gone or not live are left out, and so is a
 * group left with nothing to open. A category keeps its sub-categories (decision 046): under a
 * category item, and as the items of a category header that has none of its own, as the category
 * menu shows them. Groups in column_index order; the footer's columns have no sub-levels or pictures.
 */
function shownGroups(groups: readonly MenuGroup[], r: Resolved, children: Map<string, CategoryNode[]>, key: MenuKey): StoreMenuGroup[] {
  const footer = key === FOOTER_MENU;
  const shown: StoreMenuGroup[] = [];
  for (const g of [...groups].sort((a, b) => a.column_index - b.column_index)) {
    const href = g.linkable ? hrefOf(g.target, r) : null;
    let items = g.items.flatMap((item): StoreMenuLink[] => {
      const itemHref = hrefOf(item, r);
      if (!itemHref) return [];
      const subs = footer || item.type !== 'category' ? [] : subLinks(children.get(item.targetId!));
      return [{ id: item.id, label: item.label, href: itemHref, badge: item.badge, ...(subs.length ? { children: subs } : {}) }];
    });
    if (items.length === 0 && href && g.target?.type === 'category' && !footer) items = subLinks(children.get(g.target.targetId!));
    if (!href && items.length === 0) continue;
    shown.push({ id: g.id, label: g.label, href, view_all: href && g.viewAllLabel ? { label: g.viewAllLabel, href } : null, column_index: g.column_index, image: footer ? null : g.image, items });
  }
  return shown;
}

/** The menu shoppers see under this key: the saved one, or with none saved the categories. */
export async function storeMenu(ctx: StoreCtx, key: MenuKey): Promise<StoreMenu> {
  const row = await repo.findMenu(ctx, key);
  if (!row) return key === FOOTER_MENU ? footerFallback(ctx) : categoryMenu(ctx);
  const r = await resolve(ctx, row.groups);
  return { source: 'menu', groups: shownGroups(row.groups, r, await childrenById(ctx, row.groups), key) };
}

/** No main menu saved: each top category a group, its sub-categories its items. */
async function categoryMenu(ctx: StoreCtx): Promise<StoreMenu> {
  const tree = await categoryTree(ctx);
  return {
    source: 'categories',
    groups: tree.map((c, index) => ({ id: c.id, label: c.name, href: categoryHref(c), view_all: null, column_index: index, image: null, items: subLinks(c.children, Infinity) })),
  };
}

/** No footer menu saved: the footer's Shop column as it always was, All products and six categories. */
async function footerFallback(ctx: StoreCtx): Promise<StoreMenu> {
  const tree = await categoryTree(ctx);
  const items = [{ id: 'all-products', label: 'All products', href: '/products', badge: null }, ...tree.slice(0, 6).map((c) => ({ id: c.id, label: c.name, href: categoryHref(c), badge: null }))];
  return { source: 'categories', groups: [{ id: 'shop', label: 'Shop', href: null, view_all: null, column_index: 0, image: null, items }] };
}
