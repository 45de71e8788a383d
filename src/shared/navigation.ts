import { z } from 'zod';
import { isHttpsOrSitePath } from './links';

// The store's navigation menu (admin spec §2 "Navigation editor", §3 "Navigation menu", §5 "Navigation
// save", §7, §8, §9). One set of rules for the editor (client) and PUT /api/admin/navigation (server):
// validateMenu() gives the spec's messages by field path ("groups.0.items.2.label"). Imports Zod, so
// the storefront may only import types from here (docs/decisions/004-storefront-bundle-budget.md).

/** The header's menu and the footer's links (decision 046): one editor, one set of rules, one row each. */
export const MENU_KEYS = ['primary', 'footer'] as const;
export type MenuKey = (typeof MENU_KEYS)[number];
export const PRIMARY_MENU: MenuKey = 'primary';
export const FOOTER_MENU: MenuKey = 'footer';
export const MENU_KEY_LABELS: Record<MenuKey, string> = { primary: 'Main menu', footer: 'Footer' };

/** Spec §9: 6 groups, 12 items per group, labels 28, badge 12, view-all label 80. */
export const NAV_LIMITS = {
  groups: 6,
  items: 12,
  label: 28,
  badge: 12,
  viewAllLabel: 80,
  url: 2048,
  /** A group's picture: its address and its alt text (decision 046). */
  imageUrl: 2048,
  imageAlt: 160,
  /** Sub-categories a category link brings with it into the menu. */
  subLevels: 12,
  /** Client-made ids of groups and items, and target ids (uuids). */
  id: 64,
} as const;

/** Destination search (spec §7, §9): 2+ characters, 250 ms debounce, 10 products or 12 pages. */
export const NAV_SEARCH = { minLength: 2, debounceMs: 250, productLimit: 10, pageLimit: 12 } as const;

export const LINK_TYPES = ['category', 'product', 'page', 'url'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const LINK_TYPE_LABELS: Record<LinkType, string> = { category: 'Category', product: 'Product', page: 'Page', url: 'Custom URL' };

/** Spec §5 and §8, word for word where the spec gives the words. */
export const NAV_MESSAGES = {
  noGroups: 'Add at least one group before saving',
  groupLabelRequired: 'Group labels cannot be empty',
  labelTooLong: `Labels must be ${NAV_LIMITS.label} characters or fewer`,
  badgeTooLong: `Badges must be ${NAV_LIMITS.badge} characters or fewer`,
  viewAllTooLong: 'View all labels must stay under 80 characters',
  tooManyGroups: 'Mega menu supports up to 6 groups',
  tooManyItems: 'Each group supports up to 12 items',
  itemLimitReached: 'Groups are limited to 12 items',
  linkableNeedsDestination: 'Linkable headers need a destination',
  customUrlEmpty: 'Custom URLs cannot be empty',
  destinationNeedsId: 'Selected destinations must include an ID',
  itemLabel: 'Every menu item needs a label',
  itemDestination: 'Every menu item needs a destination',
  invalidTarget: 'Selected items must have a valid target',
  enterUrl: 'Enter a URL',
  badUrl: 'Use a same-site path or https:// link',
  unknownMenu: 'Unknown menu',
  badImage: 'Use a picture from the media library or an https:// link',
  imageAltTooLong: `Alt text must be ${NAV_LIMITS.imageAlt} characters or fewer`,
  searchTooShort: `Type at least ${NAV_SEARCH.minLength} characters`,
  loadFailed: 'Failed to load navigation',
  saveFailed: 'Failed to save navigation',
  saved: 'Navigation saved',
} as const;

/** Where a group header or an item leads: a record of the store by id, or a URL. */
export interface MenuDestination {
  type: LinkType | null;
  targetId: string | null;
  url: string | null;
}

export interface MenuItem extends MenuDestination {
  id: string;
  label: string;
  badge: string | null;
}

/** A mega menu column's picture: a media library file of the store, or an https:// address. */
export interface MenuImage {
  url: string;
  /** Empty: decorative (the group's label beside it says the same). */
  alt: string;
}

export interface MenuGroup {
  id: string;
  label: string;
  /** The header is itself a link (to target). */
  linkable: boolean;
  target: MenuDestination | null;
  /** A "view all" link to the header's destination under the items; empty: none. */
  viewAllLabel: string | null;
  /** The group's column in the mega menu and the footer (its place in the list). */
  column_index: number;
  /** Shown in the group's mega menu column (main menu only). */
  image: MenuImage | null;
  items: MenuItem[];
}

/** GET /api/admin/navigation?key=primary. */
export interface AdminNavigationResponse {
  menu: { id: string; key: MenuKey; updated_at: string } | null;
  groups: MenuGroup[];
  /** The legacy flat form of the same menu (spec §3): group rows, then their items under parent_id. */
  items: LegacyMenuItem[];
  /** Names of the records the menu points at, for the editor's pickers (missing: deleted since). */
  targets: Record<string, { name: string; slug: string }>;
}

export interface LegacyMenuItem {
  id: string;
  parent_id: string | null;
  display_order: number;
  label: string;
  badge: string | null;
  target_type: LinkType | null;
  target_id: string | null;
  target_slug: string | null;
  url: string | null;
  group_linkable: boolean | null;
  group_auto_link_label: string | null;
}

/**
 * GET /api/admin/search?type=product|page: id, slug, name; products also their SKU, price (pounds)
 * and status, so products with similar names can be told apart in the picker.
 */
export interface NavSearchItem {
  id: string;
  slug: string;
  name: string;
  sku?: string;
  price?: number;
  status?: 'draft' | 'active' | 'archived';
}

// ---- The storefront's read: links resolved, dead ones left out ----

export interface StoreMenuLink {
  id: string;
  label: string;
  href: string;
  badge: string | null;
  /** A category's live sub-categories, kept under it (absent when it has none). */
  children?: StoreMenuLink[];
}

export interface StoreMenuGroup {
  id: string;
  label: string;
  /** The header's link; null for a plain heading. */
  href: string | null;
  view_all: { label: string; href: string } | null;
  column_index: number;
  image: MenuImage | null;
  items: StoreMenuLink[];
}

/**
 * GET /api/navigation?key=primary|footer. source 'categories': no menu saved, so the category tree
 * (the footer's: All products and the first six categories, as before there was a footer menu).
 */
export interface StoreMenu {
  source: 'menu' | 'categories';
  groups: StoreMenuGroup[];
}

// ---- Rules ----

/** The editor's and the server's check of a whole menu: path -> message, empty when it may be saved. */
export function validateMenu(groups: readonly MenuGroup[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const add = (path: string, message: string) => {
    errors[path] ??= message;
  };
  if (groups.length === 0) add('groups', NAV_MESSAGES.noGroups);
  if (groups.length > NAV_LIMITS.groups) add('groups', NAV_MESSAGES.tooManyGroups);
  groups.forEach((group, g) => {
    const at = `groups.${g}`;
    const label = group.label.trim();
    if (!label) add(`${at}.label`, NAV_MESSAGES.groupLabelRequired);
    else if (label.length > NAV_LIMITS.label) add(`${at}.label`, NAV_MESSAGES.labelTooLong);
    if ((group.viewAllLabel ?? '').trim().length > NAV_LIMITS.viewAllLabel) add(`${at}.viewAllLabel`, NAV_MESSAGES.viewAllTooLong);
    if (group.linkable) {
      if (!group.target?.type) add(`${at}.target`, NAV_MESSAGES.linkableNeedsDestination);
      else checkDestination(group.target, `${at}.target`, add);
    }
    if (group.image) {
      if (imageProblem(group.image.url)) add(`${at}.image.url`, NAV_MESSAGES.badImage);
      if (group.image.alt.trim().length > NAV_LIMITS.imageAlt) add(`${at}.image.alt`, NAV_MESSAGES.imageAltTooLong);
    }
    if (group.items.length > NAV_LIMITS.items) add(`${at}.items`, NAV_MESSAGES.tooManyItems);
    group.items.forEach((item, i) => {
      const itemAt = `${at}.items.${i}`;
      const itemLabel = item.label.trim();
      if (!itemLabel) add(`${itemAt}.label`, NAV_MESSAGES.itemLabel);
      else if (itemLabel.length > NAV_LIMITS.label) add(`${itemAt}.label`, NAV_MESSAGES.labelTooLong);
      if ((item.badge ?? '').trim().length > NAV_LIMITS.badge) add(`${itemAt}.badge`, NAV_MESSAGES.badgeTooLong);
      if (!item.type) add(`${itemAt}.type`, NAV_MESSAGES.itemDestination);
      else checkDestination(item, itemAt, add);
    });
  });
  return errors;
}

function checkDestination(d: MenuDestination, at: string, add: (path: string, message: string) => void): void {
  if (!d.type || !(LINK_TYPES as readonly string[]).includes(d.type)) return add(`${at}.type`, NAV_MESSAGES.invalidTarget);
  if (d.type === 'url') {
    const message = urlProblem(d.url ?? '', NAV_MESSAGES.customUrlEmpty);
    if (message) add(`${at}.url`, message);
    return;
  }
  if (!d.targetId?.trim()) add(`${at}.targetId`, NAV_MESSAGES.destinationNeedsId);
}

/** A link's URL: a same-site path or https://. Empty gives `empty` ('Enter a URL' while typing). */
export function urlProblem(value: string, empty: string = NAV_MESSAGES.enterUrl): string | null {
  const url = value.trim();
  if (!url) return empty;
  if (url.length > NAV_LIMITS.url || !isHttpsOrSitePath(url)) return NAV_MESSAGES.badUrl;
  return null;
}

/**
 * A picture's address: a path on this shop (a media library file; the server checks it is this
 * store's) or an https:// link. Null when it may be saved.
 */
export function imageProblem(value: string): string | null {
  const url = value.trim();
  if (!url || url.length > NAV_LIMITS.imageUrl || !isHttpsOrSitePath(url)) return NAV_MESSAGES.badImage;
  return null;
}

/** The first message of a set of field errors, in the menu's order (the order they were found). */
export function firstMessage(errors: Record<string, string>): string | null {
  return Object.values(errors)[0] ?? null;
}

// ---- PUT /api/admin/navigation {key, groups} ----

// Structure and hard bounds; the rules with their own messages are validateMenu's, run afterwards, so
// both sides word every problem the same way. Lengths are checked after trimming.
const clientId = z.string().trim().max(NAV_LIMITS.id, 'Too long');
const label = z.string({ error: NAV_MESSAGES.itemLabel }).trim().max(NAV_LIMITS.label, NAV_MESSAGES.labelTooLong);
const nullableText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((v) => v || null);
const linkType = z.enum(LINK_TYPES, { error: NAV_MESSAGES.invalidTarget }).nullable().optional().transform((v) => v ?? null);
const targetId = z.string().trim().max(NAV_LIMITS.id, NAV_MESSAGES.invalidTarget).nullable().optional().transform((v) => v || null);
const url = nullableText(NAV_LIMITS.url, NAV_MESSAGES.badUrl);

const destination = z.strictObject({ type: linkType, targetId, url });

// Null, or absent in menus saved before pictures (decision 046). An empty address is no picture.
const image = z
  .strictObject({
    url: z.string({ error: NAV_MESSAGES.badImage }).trim().max(NAV_LIMITS.imageUrl, NAV_MESSAGES.badImage),
    alt: z.string().trim().max(NAV_LIMITS.imageAlt, NAV_MESSAGES.imageAltTooLong).optional().default(''),
  })
  .nullable()
  .optional()
  .transform((v) => (v?.url ? v : null));

const item = z.strictObject({
  id: clientId.optional(),
  label,
  type: linkType,
  targetId,
  url,
  badge: nullableText(NAV_LIMITS.badge, NAV_MESSAGES.badgeTooLong),
});

const group = z.strictObject({
  id: clientId.optional(),
  label: z.string({ error: NAV_MESSAGES.groupLabelRequired }).trim().max(NAV_LIMITS.label, NAV_MESSAGES.labelTooLong),
  linkable: z.boolean({ error: 'Linkable must be true or false' }).optional().default(false),
  target: destination.nullable().optional().transform((v) => v ?? null),
  viewAllLabel: nullableText(NAV_LIMITS.viewAllLabel, NAV_MESSAGES.viewAllTooLong),
  column_index: z.number().int().min(0).max(NAV_LIMITS.groups - 1).optional(),
  image,
  items: z.array(item, { error: NAV_MESSAGES.itemDestination }).max(NAV_LIMITS.items, NAV_MESSAGES.tooManyItems),
});

export const navigationPutBody = z.strictObject({
  key: z.enum(MENU_KEYS, { error: NAV_MESSAGES.unknownMenu }),
  groups: z.array(group, { error: NAV_MESSAGES.noGroups }).max(NAV_LIMITS.groups, NAV_MESSAGES.tooManyGroups),
});
export type NavigationPutBody = z.input<typeof navigationPutBody>;

/**
 * The menu as stored: ids given to new groups and items, column_index from the order (the editor's
 * list is the columns' order). The footer shows no pictures, so it keeps none.
 */
export function normaliseMenu(parsed: z.output<typeof navigationPutBody>['groups'], newId: () => string, key: MenuKey = PRIMARY_MENU): MenuGroup[] {
  const used = new Set<string>();
  const idFor = (id: string | undefined) => {
    const next = id && !used.has(id) ? id : newId();
    used.add(next);
    return next;
  };
  return parsed.map((g, index) => ({
    id: idFor(g.id),
    label: g.label,
    linkable: g.linkable,
    target: g.linkable && g.target ? g.target : null,
    viewAllLabel: g.linkable ? g.viewAllLabel : null,
    column_index: index,
    image: key === PRIMARY_MENU ? g.image : null,
    items: g.items.map((i) => ({ id: idFor(i.id), label: i.label, type: i.type, targetId: i.type === 'url' ? null : i.targetId, url: i.type === 'url' ? i.url : null, badge: i.badge })),
  }));
}

export const navigationQuery = z.object({ key: z.enum(MENU_KEYS, { error: NAV_MESSAGES.unknownMenu }).default(PRIMARY_MENU) });

/** GET /api/admin/search (spec §7): products (10) or pages (12) by name, 2+ characters. */
export const adminSearchQuery = z.object({
  type: z.enum(['product', 'page'], { error: 'Unknown search type' }),
  q: z.string({ error: NAV_MESSAGES.searchTooShort }).trim().min(NAV_SEARCH.minLength, NAV_MESSAGES.searchTooShort).max(200),
  limit: z.coerce
    .number({ error: 'Limit must be from 1 to 50' })
    .int('Limit must be from 1 to 50')
    .min(1, 'Limit must be from 1 to 50')
    .max(50, 'Limit must be from 1 to 50')
    .optional(),
});
export const adminSearchResponse = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      slug: z.string(),
      name: z.string(),
      sku: z.string().optional(),
      price: z.number().optional(),
      status: z.enum(['draft', 'active', 'archived']).optional(),
    }),
  ),
});
