import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../../http/context';
import { navigationMenus } from '../../../db/schema';
import type { MenuGroup, MenuKey } from '../../../../shared/navigation';

export interface MenuRow {
  id: string;
  key: MenuKey;
  groups: MenuGroup[];
  updatedAt: Date;
}

/** The store's saved menu under this key, or null when none has been saved. */
export async function findMenu(ctx: Ctx & { tenantId: string }, key: MenuKey): Promise<MenuRow | null> {
  const rows = await ctx.tx
    .select({ id: navigationMenus.id, key: navigationMenus.key, groups: navigationMenus.groups, updatedAt: navigationMenus.updatedAt })
    .from(navigationMenus)
    .where(and(eq(navigationMenus.tenantId, ctx.tenantId), eq(navigationMenus.key, key)));
  const row = rows[0];
  return row ? { ...row, key: row.key as MenuKey, groups: row.groups as MenuGroup[] } : null;
}

/** Writes the whole menu (the editor saves it at once); one row per store and key. */
export async function saveMenu(ctx: Ctx & { tenantId: string }, key: MenuKey, groups: MenuGroup[]): Promise<MenuRow> {
  const [row] = await ctx.tx
    .insert(navigationMenus)
    .values({ tenantId: ctx.tenantId, key, groups })
    .onConflictDoUpdate({ target: [navigationMenus.tenantId, navigationMenus.key], set: { groups, updatedAt: sql`now()` } })
    .returning({ id: navigationMenus.id, key: navigationMenus.key, groups: navigationMenus.groups, updatedAt: navigationMenus.updatedAt });
  return { ...row, key: row.key as MenuKey, groups: row.groups as MenuGroup[] };
}
