import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Lock } from 'lucide-react';
import { NotFound } from '@/app/NotFound';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import type { MemberRole } from '@shared/roles';
import { mayUse, useAdminAccess, type AdminNeed } from './access';
import { PICTURES } from './nav';
import { Dashboard } from './sections/Dashboard';
import { ReviewsPage } from './sections/ReviewsPage';
import { EmailsPage } from './emails/EmailsPage';
import { EmailDetailPage } from './emails/EmailDetailPage';
import { ProductStockPage } from './stock/ProductStockPage';
import { ProductImagesPage } from './catalogue/ProductImagesPage';
import { CategoriesPage } from './categories/CategoriesPage';
import { OrdersPage } from './orders/OrdersPage';
import { OrderDetailPage } from './orders/OrderDetailPage';
import { PackingSlipPage } from './orders/PackingSlipPage';
import { VatReportPage } from './reports/VatReportPage';
import { DiscountsPage } from './discounts/DiscountsPage';
import { CreateDiscountPage, EditDiscountPage } from './discounts/DiscountFormPage';
import { CustomersPage } from './customers/CustomersPage';
import { CustomerPage } from './customers/CustomerPage';
import { SettingsPage } from './settings/SettingsPage';
import { ProductsRoute } from './catalogue/ProductsRoute';
import { CreateProductPage, EditProductPage } from './catalogue/ProductFormPage';
import { NavigationPage } from './navigation/NavigationPage';
import { PagesPage } from './pages/PagesPage';
import { PageEditorPage } from './pages/PageEditorPage';
import { MediaLibraryPage } from './media/MediaLibraryPage';
import { ImportPage } from './import/ImportPage';
import { ImportBatchPage } from './import/ImportBatchPage';

// Loaded when opened: its forms are shared with the storefront's account page (decision 004).
const AccountSettingsPage = lazy(() => import('./account/AccountSettingsPage').then((m) => ({ default: m.AccountSettingsPage })));

/** The pages inside the shell. Store management pages need owner or admin rights (admin spec §6). */
export function AdminRoutes({ canManage, role }: { canManage: boolean; role: MemberRole | null }) {
  const access = useAdminAccess();
  // Each page needs what its calls need (the server's access table, src/server/http/access.ts).
  const gated = (need: AdminNeed, page: ReactNode) => (mayUse(access, need) ? page : <NoAccess />);
  return (
    <Routes>
      <Route index element={<Dashboard canManage={canManage} role={role} />} />
      <Route path="import" element={gated('products', <ImportPage />)} />
      <Route path="import/:id" element={gated('products', <ImportBatchPage />)} />
      <Route path="catalogue/categories" element={gated('products', <CategoriesPage />)} />
      <Route path="catalogue/reviews" element={gated('products', <ReviewsPage />)} />
      <Route path="orders" element={gated('orders.view', <OrdersPage />)} />
      <Route path="orders/:id" element={gated('orders.view', <OrderDetailPage />)} />
      <Route path="orders/:id/packing-slip" element={gated('orders.view', <PackingSlipPage />)} />
      {/* Discount codes (issue 28): staff who see orders read the list; owners and admins change codes. */}
      <Route path="discounts" element={gated('orders.view', <DiscountsPage />)} />
      <Route path="discounts/new" element={gated('manage', <CreateDiscountPage />)} />
      <Route path="discounts/:id/edit" element={gated('manage', <EditDiscountPage />)} />
      <Route path="reports/vat" element={gated('manage', <VatReportPage />)} />
      {/* Customers with the permission read them and add notes; the export is for owners and admins (issue 26). */}
      <Route path="customers" element={gated('customers', <CustomersPage canManage={canManage} />)} />
      <Route path="customers/:id" element={gated('customers', <CustomerPage canManage={canManage} />)} />
      <Route path="webstore/navigation" element={gated('content', <NavigationPage />)} />
      <Route path="webstore/pages" element={gated('content', <PagesPage />)} />
      <Route path="content/pages" element={gated('content', <PagesPage />)} />
      <Route path="content/pages/:id" element={gated('content', <PageEditorPage />)} />
      <Route path="media" element={gated(PICTURES, <MediaLibraryPage />)} />
      <Route path="settings" element={gated('settings', <SettingsPage />)} />
      {/* Everyone's own sign-in settings (issue 26), whatever their role. */}
      <Route path="account" element={<Suspense fallback={<Spinner label="Loading your account" />}><AccountSettingsPage /></Suspense>} />
      <Route path="emails" element={gated('settings', <EmailsPage />)} />
      <Route path="emails/:id" element={gated('settings', <EmailDetailPage />)} />
      <Route path="catalogue/products/:id/stock" element={gated('products', <ProductStockPage />)} />
      <Route path="catalogue/products/:id/images" element={gated('products', <ProductImagesPage />)} />
      <Route path="catalogue/products" element={gated('products', <ProductsRoute />)} />
      <Route path="catalogue/products/new" element={gated('products', <CreateProductPage />)} />
      <Route path="catalogue/products/:id/edit" element={gated('products', <EditProductPage />)} />
      {/* The CRM (issue 16) renders outside this shell (AdminApp); these older paths lead to it. */}
      <Route path="leads" element={<Navigate to="/admin/crm/leads" replace />} />
      <Route path="quotes" element={<Navigate to="/admin/crm/quotes" replace />} />
      <Route path="*" element={<NotFound homeHref="/admin" />} />
    </Routes>
  );
}

function NoAccess() {
  return (
    <EmptyState icon={Lock} title="You do not have access to this section">
      Your permissions in this store do not include it. Ask the store's owner or an admin (Settings &gt; Team) if you need it.
    </EmptyState>
  );
}
