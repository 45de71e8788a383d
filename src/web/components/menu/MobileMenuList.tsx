import { ChevronDown } from 'lucide-react';
import type { StoreMenuGroup } from '@shared/navigation';
import { MenuBadge, MenuLink } from './MenuLink';

const rowLink = 'flex items-center gap-2 rounded-md px-3 py-2.5 font-medium hover:bg-zinc-100';

/**
 * The mobile flyout's links: All products, then each group, folded open and shut (a group without
 * items is one link). Also the admin's preview of the phone menu.
 */
export function MobileMenuList({ groups, failed = false, onNavigate }: { groups: StoreMenuGroup[]; failed?: boolean; onNavigate?: () => void }) {
  return (
    <nav aria-label="Main menu" className="flex-1 overflow-y-auto px-3 py-4">
      <MenuLink href="/products" onClick={onNavigate} className={rowLink}>
        All products
      </MenuLink>
      {failed ? <p className="px-3 py-2 text-sm text-zinc-500">The menu could not be loaded.</p> : null}
      <ul className="mt-1 grid gap-1">
        {groups.map((group) => (
          <li key={group.id}>
            {group.items.length === 0 ? (
              group.href ? <MenuLink href={group.href} onClick={onNavigate} className={rowLink}>{group.label}</MenuLink> : null
            ) : (
              <details className="group/flyout">
                <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-3 py-2.5 font-medium hover:bg-zinc-100 [&::-webkit-details-marker]:hidden">
                  {group.label}
                  <ChevronDown className="size-4 text-zinc-400 transition-transform group-open/flyout:rotate-180" aria-hidden />
                </summary>
                <ul aria-label={group.label} className="mb-2 ml-3 border-l border-zinc-200 pl-2">
                  {group.image ? (
                    // The group's picture, as on the desktop's mega menu; the links below say where to go.
                    <li aria-hidden className="px-3 py-1">
                      <img src={group.image.url} alt="" loading="lazy" className="aspect-video w-full rounded-md bg-zinc-100 object-cover" />
                    </li>
                  ) : null}
                  {group.href ? (
                    <li>
                      <MenuLink href={group.href} onClick={onNavigate} className="block rounded-md px-3 py-2 text-sm font-medium text-zinc-900 hover:bg-zinc-100">
                        {group.view_all?.label ?? `All ${group.label}`}
                      </MenuLink>
                    </li>
                  ) : null}
                  {group.items.map((item) => (
                    <li key={item.id}>
                      <MenuLink href={item.href} onClick={onNavigate} className={`flex items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-zinc-100 hover:text-zinc-900 ${item.children ? 'font-medium text-zinc-900' : 'text-zinc-600'}`}>
                        <span>{item.label}</span>
                        {item.badge ? <MenuBadge>{item.badge}</MenuBadge> : null}
                      </MenuLink>
                      {item.children ? (
                        // A category's sub-categories, one step in.
                        <ul aria-label={item.label} className="ml-3 border-l border-zinc-100 pl-2">
                          {item.children.map((child) => (
                            <li key={child.id}>
                              <MenuLink href={child.href} onClick={onNavigate} className="block rounded-md px-3 py-2 text-sm text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900">
                                {child.label}
                              </MenuLink>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
