import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { useCurrentTenant } from '@/lib/tenant';
import { ErrorBoundary } from './ErrorBoundary';
import { PLATFORM_NAME } from '@shared/platform';

// Separate bundles per area: a shopper never downloads admin code (DESIGN, API and UI conventions).
const MarketingSite = lazy(() => import('@/marketing/MarketingSite'));
const Storefront = lazy(() => import('@/storefront/Storefront'));
// Sign in, forgot password and choose a new password (issue 26): one bundle, on every host.
const AuthPages = lazy(() => import('@/auth/AuthPages'));
const LogoutPage = lazy(() => import('@/auth/LogoutPage'));
const AdminApp = lazy(() => import('@/admin/AdminApp'));
// The client's proposal page (issue 16): a bundle of its own, on store and platform hosts alike.
const ProposalPage = lazy(() => import('@/quote/ProposalPage'));
const InvitePage = lazy(() => import('@/auth/InvitePage'));
// Opening a shop of one's own (issue 25 item 3): the platform host only.
const NameYourShop = lazy(() => import('@/shops/NameYourShop'));

export function App() {
  const location = useLocation();
  const current = useCurrentTenant();
  const tenant = current.data?.tenant ?? null;

  useEffect(() => {
    if (current.data) document.title = tenant ? tenant.name : `${PLATFORM_NAME} - online shops for UK merchants`;
  }, [current.data, tenant]);

  // Storefront spec §1: while the tenant is loading, a spinner.
  if (current.isPending) return <FullPageSpinner label="Loading the shop" />;
  if (current.isError) return <TenantLoadError onRetry={() => void current.refetch()} />;

  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          <Route path="/login/*" element={<AuthPages />} />
          <Route path="/logout" element={<LogoutPage />} />
          <Route path="/admin/*" element={<AdminApp />} />
          <Route path="/quote/:uniqueUrl" element={<ProposalPage />} />
          <Route path="/invite/:token" element={<InvitePage />} />
          {/* Not on a store's host: there /start is the store's own "Page not found". */}
          {tenant ? null : <Route path="/start" element={<NameYourShop />} />}
          {/* With no tenant on this host, the marketing routes replace the store routes. */}
          <Route path="/*" element={tenant ? <Storefront tenant={tenant} /> : <MarketingSite />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}

function TenantLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-xl font-semibold">This shop could not be loaded</h1>
      <p className="max-w-sm text-sm text-zinc-500">We could not reach the server. Check your connection and try again.</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}
