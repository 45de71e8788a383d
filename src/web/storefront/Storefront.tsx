import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import type { StoreTenant } from '@shared/tenants';
import { Spinner } from '@/components/ui/spinner';
import { StoreLayout } from './StoreLayout';
import { AccountArea, CartPage, CategoryPage, CheckoutPage, ContentPage, NotFoundPage, OrderSuccessPage, ProductsPage, StoreHome, preloadStorePage } from './pages';
import { ProductPage } from './product/ProductPage';

// Only visitors of a store that has not launched see it: its own bundle, out of every shopper's download.
const OpeningSoon = lazy(() => import('./opening-soon/OpeningSoon').then((m) => ({ default: m.OpeningSoon })));

// A shopper landing on a page with a bundle of its own: fetch it as soon as this bundle runs,
// before React gets round to rendering the route.
if (typeof window !== 'undefined') preloadStorePage(window.location.pathname);

/** The store routes (storefront spec §2), shown on a tenant's own host. */
export default function Storefront({ tenant }: { tenant: StoreTenant }) {
  // Not launched, and this visitor is neither its staff nor has its preview password (issue 25).
  if (tenant.opening_soon) {
    return (
      <Suspense fallback={<PageLoading />}>
        <OpeningSoon tenant={tenant} />
      </Suspense>
    );
  }
  return (
    <StoreLayout tenant={tenant}>
      {/* Some pages have their own bundle (pages.ts); the header and footer stay while one arrives. */}
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route index element={<StoreHome tenant={tenant} />} />
          <Route path="c/:categorySlug" element={<CategoryPage />} />
          <Route path="products" element={<ProductsPage />} />
          <Route path="p/:productSlug" element={<ProductPage />} />
          <Route path="cart" element={<CartPage />} />
          <Route path="checkout" element={<CheckoutPage />} />
          <Route path="order/success" element={<OrderSuccessPage />} />
          <Route path="my-orders/*" element={<AccountArea />} />
          <Route path="account" element={<AccountArea />} />
          <Route path="pages/:pageSlug" element={<ContentPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </StoreLayout>
  );
}

function PageLoading() {
  return (
    <div className="flex flex-1 items-center justify-center py-24">
      <Spinner className="size-8" label="Loading the page" />
    </div>
  );
}
