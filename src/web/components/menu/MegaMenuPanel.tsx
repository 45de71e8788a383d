import type { StoreMenuGroup } from '@shared/navigation';
import { MenuBadge, MenuLink } from './MenuLink';

/** A group's panel: its heading, its links in columns and the view-all link. Also the admin's preview. */
export function MegaMenuPanel({ group }: { group: StoreMenuGroup }) {
  return (
    <div className="mx-auto flex max-w-6xl gap-10 px-6 py-6">
      <div className="w-48 shrink-0">
        <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{group.label}</p>
        {group.view_all ? (
          <MenuLink href={group.view_all.href} className="mt-3 inline-block text-sm font-medium text-accent hover:underline">
            {group.view_all.label} →
          </MenuLink>
        ) : null}
      </div>
      <ul aria-label={group.label} className="grid flex-1 grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] content-start gap-x-8 gap-y-1">
        {group.items.map((item) => (
          <li key={item.id}>
            <MenuLink href={item.href} className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900">
              <span>{item.label}</span>
              {item.badge ? <MenuBadge>{item.badge}</MenuBadge> : null}
            </MenuLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
