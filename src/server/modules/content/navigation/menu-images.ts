import type { StoreTx, TenantCtx } from '../../../http/context';
import { libraryUrls, type MediaUsage } from '../../media';
import { MENU_KEY_LABELS, NAV_MESSAGES, type MenuGroup } from '../../../../shared/navigation';
import * as repo from './repo';

// A group's picture in the mega menu (decision 046): a file of this store's media library, or a
// picture hosted elsewhere over https. Never another store's file: its stored key names its store.

const STORED_KEY = /\/tenants\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i;

/** An https:// picture that is not a stored file of another store. */
function isOutsidePicture(url: string, tenantId: string): boolean {
  if (!url.toLowerCase().startsWith('https://')) return false;
  const owner = STORED_KEY.exec(url)?.[1];
  return !owner || owner.toLowerCase() === tenantId;
}

/**
 * Adds an error for each picture that is neither this store's library file nor an outside https
 * one: a path on the shop must be a library file (another store's, or a deleted one, is as unknown
 * as a made-up one). Library files stay locked until the save commits, so they cannot be deleted
 * from the library meanwhile.
 */
export async function checkMenuImages(ctx: TenantCtx, groups: readonly MenuGroup[], errors: Record<string, string>): Promise<void> {
  const urls = groups.flatMap((g) => (g.image ? [g.image.url] : []));
  if (urls.length === 0) return;
  const library = await libraryUrls(ctx, urls, { hold: true });
  groups.forEach((g, gi) => {
    if (g.image && !library.has(g.image.url) && !isOutsidePicture(g.image.url, ctx.tenantId)) errors[`groups.${gi}.image.url`] ??= NAV_MESSAGES.badImage;
  });
}

/** Menus showing this library file (the media library refuses to delete it while any does). */
export async function menuMediaUsages(ctx: StoreTx, url: string): Promise<MediaUsage[]> {
  const keys = await repo.menusShowingImage(ctx, url);
  return keys.map((key) => ({ kind: 'menu', id: key, label: MENU_KEY_LABELS[key] }));
}
