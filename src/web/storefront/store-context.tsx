import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { StoreTenant } from '@shared/tenants';

const StoreContext = createContext<StoreTenant | null>(null);

/** The store this host belongs to, for pages deep in the tree (titles, hero) without prop drilling. */
export function StoreProvider({ tenant, children }: { tenant: StoreTenant; children: ReactNode }) {
  return <StoreContext.Provider value={tenant}>{children}</StoreContext.Provider>;
}

export function useStore(): StoreTenant {
  const tenant = useContext(StoreContext);
  if (!tenant) throw new Error('useStore must be used inside StoreProvider');
  return tenant;
}

/**
 * Sets the tab title to '{page} | {store}' (or the store name alone for null). The store name comes
 * back on leaving, so a page without its own title (the 404) never keeps the previous one.
 */
export function useDocumentTitle(page: string | null) {
  const { name } = useStore();
  useEffect(() => {
    document.title = page ? `${page} | ${name}` : name;
    return () => {
      document.title = name;
    };
  }, [page, name]);
}
