import { and, eq, sql } from 'drizzle-orm';
import type { StoreCtx, StoreTx } from '../../../http/context';
import { navigationMenus } from '../../../db/schema';
import type { MenuGroup, MenuKey } from '../../../../shared/navigation';

export interface MenuRow {
  id: string;
  key: MenuKey;
  groups: MenuGroup[];
  updatedAt: Date;
}

const columns = { id: navigationMenus.id, key: navigationMenus.key, groups: navigationMenus.groups, updatedAt: navigationMenus.updatedAt };

/** A stored row as the app reads it: menus saved before pictures (decision 046) have none. */
function menuOf(row: { id: string; key: string; groups: unknown[]; updatedAt: Date }): MenuRow {
  const groups = (row.groups as MenuGroup[]).map((g) => ({ ...g, image: g.image ?? null }));
  return { ...row, key: row.key as MenuKey, groups };
}

/** The store's saved menu under this key, or null when none has been saved. */
export async function findMenu(ctx: StoreCtx, key: MenuKey): Promise<MenuRow | null> {
  const rows = await ctx.tx
    .select(columns)
    .from(navigationMenus)
    .where(and(eq(navigationMenus.tenantId, ctx.tenantId), eq(navigationMenus.key, key)));
  return rows[0] ? menuOf(rows[0]) : null;
}

/** Writes the whole menu (the editor saves it at once); one row per store and key. */
export async function saveMenu(ctx: StoreCtx, key: MenuKey, groups: MenuGroup[]): Promise<MenuRow> {
  const [row] = await ctx.tx
    .insert(navigationMenus)
    .values({ tenantId: ctx.tenantId, key, groups })
    .onConflictDoUpdate({ target: [navigationMenus.tenantId, navigationMenus.key], set: { groups, updatedAt: sql`now()` } })
    .returning(columns);
  return menuOf(row);
}

/** Keys of this store's menus with a group showing this picture. */
export async function menusShowingImage(ctx: StoreTx, url: string): Promise<MenuKey[]> {
  const rows = await ctx.tx
    .select({ key: navigationMenus.key })
    .from(navigationMenus)
    .where(and(eq(navigationMenus.tenantId, ctx.tenantId), sql`${navigationMenus.groups} @> ${JSON.stringify([{ image: { url } }])}::jsonb`));
  return rows.map((r) => r.key as MenuKey);
}
