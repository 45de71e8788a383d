import { randomUUID } from 'node:crypto';
import type { TenantCtx } from '../../../http/context';
import { badRequest } from '../../../http/errors';
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
} from '../../../../shared/navigation';
import type { z } from 'zod';
import * as repo from './repo';
import { destinations, recordOf, resolve, type Resolved } from './links';
import { checkMenuImages } from './menu-images';

export { storeMenu } from './store-menu';

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
 * record and picture must be this store's (another store's id or file is as unknown as a made-up
 * one). Saving tells catalogue.changed, so every instance drops the store's cached menus (header,
 * footer and the served pages' links) once the write has committed.
 */
export async function saveMenu(ctx: TenantCtx, body: z.output<typeof navigationPutBody>): Promise<AdminNavigationResponse> {
  const groups = normaliseMenu(body.groups, randomUUID, body.key);
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
    await checkMenuImages(ctx, groups, errors);
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
