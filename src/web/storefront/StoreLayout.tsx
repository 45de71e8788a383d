import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ShoppingBag } from 'lucide-react';
import type { StoreTenant } from '@shared/tenants';
import { StoreProvider } from './store-context';
import { CartLink } from './header/CartLink';
import { AccountLink } from './header/AccountLink';
import { MenuBar } from './header/MenuBar';
import { HeaderSearch } from './header/HeaderSearch';
import { MobileMenu } from './header/MobileMenu';
import { freeDeliveryLine } from '@shared/store-promises';

// Below every page's content and never the first thing a shopper needs: its own bundle, fetched while
// the page renders (decision 004's budget for the product page).
const StoreFooter = lazy(() => import('./footer/StoreFooter').then((m) => ({ default: m.StoreFooter })));

/** The shopper-facing frame: the store's offer, name, menu, search, account and cart links, content, footer with its promises. */
export function StoreLayout({ tenant, children }: { tenant: StoreTenant; children: ReactNode }) {
  const { pathname } = useLocation();
  // The router keeps the scroll position between pages; a new page should open at its top.
  // Braces matter: newer Chromium returns a promise from scrollTo, which React would call as the cleanup.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);
  // The top bar: the store's free-delivery offer, else nothing (a bar with no offer is noise).
  const offer = freeDeliveryLine(tenant.promises);
  return (
    <StoreProvider tenant={tenant}>
      <div className="flex min-h-screen flex-col bg-white">
        {tenant.launched ? null : (
          <div role="status" className="bg-amber-100 px-4 py-2 text-center text-xs font-medium text-amber-900">
            Preview: this shop is not open to shoppers yet.
          </div>
        )}
        {offer ? <div className="bg-zinc-900 px-4 py-2 text-center text-xs font-medium text-white">{offer}</div> : null}
        <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/95 backdrop-blur">
          <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:gap-6 sm:px-6">
            <MobileMenu storeName={tenant.name} />
            <Link to="/" className="flex min-w-0 items-center gap-2 rounded-md text-lg font-semibold tracking-tight">
              <ShoppingBag className="size-5 shrink-0 text-accent" aria-hidden />
              <span className="truncate">{tenant.name}</span>
            </Link>
            <HeaderSearch className="mx-auto hidden w-full max-w-md md:block" />
            <nav aria-label="Account" className="ml-auto flex items-center gap-1 md:ml-0">
              <AccountLink />
              <CartLink />
            </nav>
          </div>
          <div className="px-4 pb-3 md:hidden">
            <HeaderSearch />
          </div>
          <MenuBar />
        </header>
        <main className="flex flex-1 flex-col">{children}</main>
        <Suspense fallback={null}>
          <StoreFooter storeName={tenant.name} details={tenant.details} promises={tenant.promises} />
        </Suspense>
      </div>
    </StoreProvider>
  );
}
