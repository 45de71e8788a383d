import type { StoreMenuGroup, StoreMenuLink } from '@shared/navigation';
import { MenuBadge, MenuLink } from './MenuLink';

// The menus' panels, lazily loaded by the storefront: the header's mega menu (on first hover or focus)
// and the footer's columns (with the footer). One module, so the product page's first download names
// one more chunk rather than two (decision 004's budget). Also the admin's previews.

/**
 * A group's panel: its heading and view-all link, its links in columns (a category with its
 * sub-categories under it, kept together), and the group's picture as the last column. Also the
 * admin's preview.
 */
export function MegaMenuPanel({ group }: { group: StoreMenuGroup }) {
  const image = group.image;
  return (
    // Wraps when narrow (the admin's preview): the picture moves under the links rather than squeezing them.
    <div className="mx-auto flex max-w-6xl flex-wrap gap-x-10 gap-y-4 px-6 py-6">
      <div className="w-48 shrink-0">
        <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{group.label}</p>
        {group.view_all ? (
          <MenuLink href={group.view_all.href} className="mt-3 inline-block text-sm font-medium text-accent hover:underline">
            {group.view_all.label} →
          </MenuLink>
        ) : null}
      </div>
      {/* Columns (not a grid), so a category's sub-categories stay under it without leaving gaps beside
          it. A style, not a class: each new class name costs every product page a few bytes (decision 004). */}
      <ul aria-label={group.label} className="min-w-48 flex-1" style={{ columns: '12rem', columnGap: '2rem' }}>
        {group.items.map((item) => (
          <li key={item.id} className="break-inside-avoid pb-1">
            <ItemLink item={item} strong={Boolean(item.children)} />
            {item.children ? (
              <ul aria-label={item.label} className="mb-2 ml-2 border-l border-zinc-100 pl-2">
                {item.children.map((child) => (
                  <li key={child.id}>
                    <MenuLink href={child.href} className="block rounded-md px-2 py-1 text-sm text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900">
                      {child.label}
                    </MenuLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {image ? (
        // With a destination, the picture and its caption are one link (the caption names it).
        <div className="w-56 shrink-0">
          {group.href ? (
            <MenuLink href={group.href} className="group/picture block">
              <span className="block overflow-hidden rounded-lg">
                <img src={image.url} alt={image.alt} loading="lazy" className="aspect-[3/2] w-full bg-zinc-100 object-cover transition-transform duration-300 group-hover/picture:scale-105" />
              </span>
              <span className="mt-2 block text-sm font-medium text-zinc-900 group-hover/picture:underline">{group.view_all?.label ?? group.label} →</span>
            </MenuLink>
          ) : (
            <img src={image.url} alt={image.alt} loading="lazy" className="aspect-[3/2] w-full rounded-lg bg-zinc-100 object-cover" />
          )}
        </div>
      ) : null}
    </div>
  );
}

function ItemLink({ item, strong }: { item: StoreMenuLink; strong: boolean }) {
  return (
    <MenuLink href={item.href} className={`flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-zinc-100 hover:text-zinc-900 ${strong ? 'font-medium text-zinc-900' : 'text-zinc-700'}`}>
      <span>{item.label}</span>
      {item.badge ? <MenuBadge>{item.badge}</MenuBadge> : null}
    </MenuLink>
  );
}

export const footerLinkClass = 'text-sm text-zinc-600 hover:text-zinc-900 hover:underline underline-offset-4';

/**
 * The footer menu's groups as footer columns: the heading (a link when the group has a destination),
 * its links in order and its view-all link. Also the admin's preview of the footer.
 */
export function FooterMenuColumns({ groups }: { groups: StoreMenuGroup[] }) {
  return groups.map((group) => (
    <div key={group.id}>
      <h2 className="text-sm font-semibold text-zinc-900">{group.href ? <MenuLink href={group.href} className="hover:underline underline-offset-4">{group.label}</MenuLink> : group.label}</h2>
      <ul aria-label={group.label} className="mt-3 grid gap-2">
        {group.items.map((item) => (
          <li key={item.id}>
            <MenuLink href={item.href} className={footerLinkClass}>{item.label}</MenuLink>
          </li>
        ))}
        {group.view_all ? (
          <li>
            <MenuLink href={group.view_all.href} className={`${footerLinkClass} font-medium`}>{group.view_all.label}</MenuLink>
          </li>
        ) : null}
      </ul>
    </div>
  ));
}

/** Grid columns for this many footer columns (menu groups plus the footer's own). */
export function footerGridClass(columns: number): string {
  if (columns <= 3) return 'sm:grid-cols-3';
  if (columns === 4) return 'sm:grid-cols-2 lg:grid-cols-4';
  if (columns === 5) return 'sm:grid-cols-3 lg:grid-cols-5';
  return 'sm:grid-cols-3 lg:grid-cols-6';
}
