import { Suspense, useState } from 'react';
import { NavLink } from 'react-router';
import { ChevronDown } from 'lucide-react';
import type { StoreMenuGroup } from '@shared/navigation';
import { Skeleton } from '@/components/ui/skeleton';
import { useStoreMenu } from '@/lib/store-menu';
import { cn } from '@/lib/utils';
import { preloadable } from '@/lib/preloadable';
import { MenuLink } from '@/components/menu/MenuLink';

// The panels' code loads when a shopper first points at or tabs into the bar, not with every page
// (crawlers get the links in the served HTML).
const MegaMenuPanel = preloadable(() => import('@/components/menu/MenuPanels').then((m) => m.MegaMenuPanel));

const barLink = 'inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm whitespace-nowrap text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900';

/**
 * Desktop menu bar: the store's menu (or its categories when none is saved). A group with items opens
 * its mega menu panel on hover and on keyboard focus (focus-within), so tabbing onto a group reveals
 * its links as the next tab stops; no click needed on either.
 */
export function MenuBar() {
  const menu = useStoreMenu();
  const [warm, setWarm] = useState(false);
  const warmUp = () => {
    MegaMenuPanel.preload();
    setWarm(true);
  };
  // The header is on every page: a failed menu load leaves the bar out rather than shouting.
  if (menu.isError) return null;
  return (
    <nav aria-label="Main menu" className="relative hidden border-t border-zinc-100 lg:block" onPointerEnter={warmUp} onFocus={warmUp}>
      <ul className="mx-auto flex h-12 max-w-6xl items-center gap-1 px-3">
        <li>
          <NavLink to="/products" end className={({ isActive }) => cn(barLink, isActive && 'font-medium text-zinc-900')}>
            All products
          </NavLink>
        </li>
        {menu.isPending
          ? [1, 2, 3, 4].map((n) => (
              <li key={n} className="px-3"><Skeleton className="h-4 w-20" /></li>
            ))
          : menu.data.groups.map((group) => <MenuBarGroup key={group.id} group={group} warm={warm} />)}
      </ul>
    </nav>
  );
}

function MenuBarGroup({ group, warm }: { group: StoreMenuGroup; warm: boolean }) {
  if (group.items.length === 0) {
    return <li>{group.href ? <MenuLink href={group.href} className={barLink}>{group.label}</MenuLink> : null}</li>;
  }
  const head = (
    <>
      {group.label}
      <ChevronDown className="size-3.5 text-zinc-400 transition-transform group-focus-within:rotate-180 group-hover:rotate-180" aria-hidden />
    </>
  );
  return (
    // Full height, so the pointer moving down into the panel never leaves the group.
    <li className="group flex h-full items-center">
      {group.href ? (
        <MenuLink href={group.href} className={barLink}>{head}</MenuLink>
      ) : (
        // A heading that only opens the panel: focusable, so the keyboard reaches the links below it.
        <button type="button" className={barLink}>{head}</button>
      )}
      {/* visibility (not display) keeps the fade and removes hidden links from the tab order. */}
      <div className="invisible absolute inset-x-0 top-full z-40 border-t border-zinc-200 bg-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
        {warm ? (
          <Suspense fallback={null}>
            <MegaMenuPanel group={group} />
          </Suspense>
        ) : null}
      </div>
    </li>
  );
}
