import { NAV_LIMITS, type MenuDestination, type MenuGroup, type MenuItem, type StoreMenuGroup, type StoreMenuLink } from '@shared/navigation';

/** Names of the records a menu points at (from the server, and from the pickers as staff choose). */
export type TargetNames = Record<string, { name: string; slug: string }>;

/** Field errors by path ("groups.0.items.2.label"). */
export type FieldErrors = Record<string, string>;

/** A category's sub-categories, for the preview (the storefront keeps them under the category). */
export type SubCategories = (categoryId: string) => { id: string; name: string; slug: string }[];

const noSubCategories: SubCategories = () => [];

export function newId(): string {
  // randomUUID needs a secure context; a shop admin over plain http on a custom host still works.
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `n${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

export const emptyDestination = (): MenuDestination => ({ type: null, targetId: null, url: null });

export function newItem(): MenuItem {
  return { id: newId(), label: '', badge: null, ...emptyDestination() };
}

export function newGroup(index: number): MenuGroup {
  return { id: newId(), label: `Group ${index + 1}`, linkable: false, target: null, viewAllLabel: null, column_index: index, image: null, items: [] };
}

/**
 * A picked record's name as a new item's label: labels hold 28 characters, so a longer name is cut at
 * a word with an ellipsis ("Glass Storage Jars with…") rather than mid-word.
 */
export function labelFor(name: string): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean.length <= NAV_LIMITS.label) return clean;
  const room = clean.slice(0, NAV_LIMITS.label - 1);
  const cut = room.lastIndexOf(' ');
  return `${(cut > NAV_LIMITS.label / 2 ? room.slice(0, cut) : room).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** The errors under one path, with that prefix taken off ("label", "items.2.url"). */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === prefix) out[''] = message;
    else if (path.startsWith(`${prefix}.`)) out[path.slice(prefix.length + 1)] = message;
  }
  return out;
}

/** Where a destination would lead, for the preview (the storefront resolves the real address). */
function previewHref(d: MenuDestination | null, names: TargetNames): string | null {
  if (!d?.type) return null;
  if (d.type === 'url') return d.url || null;
  const slug = d.targetId ? names[d.targetId]?.slug : undefined;
  if (!slug) return null;
  return `${d.type === 'category' ? '/c/' : d.type === 'product' ? '/p/' : '/pages/'}${slug}`;
}

/**
 * The editor's groups in the storefront's shape, so the preview is drawn by the shop's own parts: a
 * category keeps its sub-categories as the storefront does (under a category item, or as the items
 * of a category header that has none).
 */
export function previewGroups(groups: MenuGroup[], names: TargetNames, subCategories: SubCategories = noSubCategories): StoreMenuGroup[] {
  const subs = (d: MenuDestination | null): StoreMenuLink[] =>
    d?.type === 'category' && d.targetId ? subCategories(d.targetId).slice(0, NAV_LIMITS.subLevels).map((c) => ({ id: c.id, label: c.name, href: `/c/${c.slug}`, badge: null })) : [];
  return groups.map((g, index) => {
    const href = g.linkable ? (previewHref(g.target, names) ?? '#') : null;
    const items = g.items.map((i): StoreMenuLink => {
      const children = subs(i);
      return { id: i.id, label: i.label.trim() || 'Untitled item', href: previewHref(i, names) ?? '#', badge: i.badge?.trim() || null, ...(children.length ? { children } : {}) };
    });
    return {
      id: g.id,
      label: g.label.trim() || 'Untitled group',
      href,
      view_all: href && g.viewAllLabel?.trim() ? { label: g.viewAllLabel.trim(), href } : null,
      column_index: index,
      image: g.image?.url.trim() ? { url: g.image.url.trim(), alt: g.image.alt.trim() } : null,
      items: items.length === 0 && g.linkable ? subs(g.target) : items,
    };
  });
}

/** The menu as the server takes it: texts trimmed, empty optional texts as null. */
export function forSaving(groups: MenuGroup[]): MenuGroup[] {
  const destination = (d: MenuDestination): MenuDestination => ({
    type: d.type,
    targetId: d.type && d.type !== 'url' ? d.targetId : null,
    url: d.type === 'url' ? (d.url?.trim() ?? '') : null,
  });
  return groups.map((g, index) => ({
    id: g.id,
    label: g.label.trim(),
    linkable: g.linkable,
    target: g.linkable && g.target ? destination(g.target) : null,
    viewAllLabel: g.linkable ? g.viewAllLabel?.trim() || null : null,
    column_index: index,
    // An empty address is no picture; the alt text goes with it.
    image: g.image?.url.trim() ? { url: g.image.url.trim(), alt: g.image.alt.trim() } : null,
    items: g.items.map((i) => ({ id: i.id, label: i.label.trim(), badge: i.badge?.trim() || null, ...destination(i) })),
  }));
}
