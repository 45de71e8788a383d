import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { FOOTER_MENU, MENU_KEYS, MENU_KEY_LABELS, NAV_LIMITS, NAV_MESSAGES, PRIMARY_MENU, type MenuKey } from '@shared/navigation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useAdminNavigation } from '@/lib/admin-navigation';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { NavigationEditor } from './NavigationEditor';

/** The menu being edited, from `?menu=` (a reload or a shared link opens the same one). */
function useMenuKey(): [MenuKey, (key: MenuKey) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.get('menu') === FOOTER_MENU ? FOOTER_MENU : PRIMARY_MENU;
  // Through the router, so unsaved changes ask first (decision 040).
  const choose = (next: MenuKey) => setParams(next === PRIMARY_MENU ? {} : { menu: next });
  return [key, choose];
}

/**
 * Admin spec §2 "Navigation editor": the main menu and the footer (decision 046), one at a time. The
 * groups on the left; Settings, Menu Items and Preview for the chosen group. The whole menu is saved
 * at once, checked first by the same rules as the server (validateMenu).
 */
export function NavigationPage() {
  const [menuKey, chooseMenu] = useMenuKey();
  const navigation = useAdminNavigation(menuKey);
  // Discard starts the editor again from the saved menu.
  const [generation, setGeneration] = useState(0);
  const switcher = <MenuSwitcher value={menuKey} onChange={chooseMenu} />;

  useEffect(() => {
    if (navigation.isError) toast.error(NAV_MESSAGES.loadFailed, { id: 'navigation-load', description: errorMessage(navigation.error, 'Please try again shortly.') });
  }, [navigation.isError, navigation.error]);

  if (navigation.isError) {
    return (
      <NavigationFrame menuKey={menuKey} switcher={switcher}>
        <Alert variant="destructive" className="items-center">
          <span className="flex-1">{NAV_MESSAGES.loadFailed}</span>
          <Button variant="outline" size="sm" onClick={() => void navigation.refetch()}>Try again</Button>
        </Alert>
      </NavigationFrame>
    );
  }
  if (!navigation.data) {
    return (
      <NavigationFrame menuKey={menuKey} switcher={switcher}>
        <div className="grid gap-6 lg:grid-cols-[18rem_1fr]" aria-busy="true">
          <Skeleton className="h-72" />
          <Skeleton className="h-96" />
        </div>
      </NavigationFrame>
    );
  }
  return (
    <NavigationEditor
      key={`${menuKey}-${generation}`}
      menuKey={menuKey}
      initial={navigation.data}
      onDiscard={() => setGeneration((g) => g + 1)}
      frame={(actions, children) => (
        <NavigationFrame menuKey={menuKey} switcher={switcher} actions={actions}>
          {children}
        </NavigationFrame>
      )}
    />
  );
}

const DESCRIPTIONS: Record<MenuKey, string> = {
  primary: `The shop’s main menu: up to ${NAV_LIMITS.groups} groups of ${NAV_LIMITS.items} links, a mega menu on desktop and a flyout on phones.`,
  footer: `The links at the foot of every page: up to ${NAV_LIMITS.groups} columns of ${NAV_LIMITS.items} links, beside delivery, account and contact details.`,
};

function NavigationFrame({ menuKey, switcher, actions, children }: { menuKey: MenuKey; switcher: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Navigation</h1>
          <p className="mt-1 text-sm text-zinc-500">{DESCRIPTIONS[menuKey]}</p>
        </div>
        {actions}
      </div>
      {switcher}
      {children}
    </div>
  );
}

/** Main menu / Footer: which menu the editor shows. */
function MenuSwitcher({ value, onChange }: { value: MenuKey; onChange: (key: MenuKey) => void }) {
  return (
    <div role="group" aria-label="Menu" className="inline-flex w-fit rounded-lg border border-zinc-200 bg-zinc-100 p-1">
      {MENU_KEYS.map((key) => (
        <button
          key={key}
          type="button"
          aria-pressed={value === key}
          onClick={() => value !== key && onChange(key)}
          className={cn('rounded-md px-4 py-1.5 text-sm font-medium whitespace-nowrap transition-colors', value === key ? 'bg-white text-zinc-900 shadow-sm' : 'text-zinc-600 hover:text-zinc-900')}
        >
          {MENU_KEY_LABELS[key]}
        </button>
      ))}
    </div>
  );
}
