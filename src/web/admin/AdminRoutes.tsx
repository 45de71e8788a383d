import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Lock } from 'lucide-react';
import { NotFound } from '@/app/NotFound';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import type { MemberRole } from '@shared/roles';
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
  const managed = (page: ReactNode) => (canManage ? page : <NoAccess />);
  return (
    <Routes>
      <Route index element={<Dashboard canManage={canManage} role={role} />} />
      <Route path="import" element={managed(<ImportPage />)} />
      <Route path="import/:id" element={managed(<ImportBatchPage />)} />
      <Route path="catalogue/categories" element={managed(<CategoriesPage />)} />
      <Route path="catalogue/reviews" element={managed(<ReviewsPage />)} />
      <Route path="orders" element={managed(<OrdersPage />)} />
      <Route path="orders/:id" element={managed(<OrderDetailPage />)} />
      <Route path="orders/:id/packing-slip" element={managed(<PackingSlipPage />)} />
      <Route path="reports/vat" element={managed(<VatReportPage />)} />
      {/* Every member role reads customers and adds notes; the export is for owners and admins (issue 26). */}
      <Route path="customers" element={<CustomersPage canManage={canManage} />} />
      <Route path="customers/:id" element={<CustomerPage canManage={canManage} />} />
      <Route path="webstore/navigation" element={managed(<NavigationPage />)} />
      <Route path="webstore/pages" element={managed(<PagesPage />)} />
      <Route path="content/pages" element={managed(<PagesPage />)} />
      <Route path="content/pages/:id" element={managed(<PageEditorPage />)} />
      <Route path="media" element={managed(<MediaLibraryPage />)} />
      <Route path="settings" element={managed(<SettingsPage />)} />
      {/* Everyone's own sign-in settings (issue 26), whatever their role. */}
      <Route path="account" element={<Suspense fallback={<Spinner label="Loading your account" />}><AccountSettingsPage /></Suspense>} />
      <Route path="emails" element={managed(<EmailsPage />)} />
      <Route path="emails/:id" element={managed(<EmailDetailPage />)} />
      <Route path="catalogue/products/:id/stock" element={managed(<ProductStockPage />)} />
      <Route path="catalogue/products/:id/images" element={managed(<ProductImagesPage />)} />
      <Route path="catalogue/products" element={managed(<ProductsRoute />)} />
      <Route path="catalogue/products/new" element={managed(<CreateProductPage />)} />
      <Route path="catalogue/products/:id/edit" element={managed(<EditProductPage />)} />
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
      Your role in this store covers the sales tools (leads and quotes). Ask a store admin if you need more.
    </EmptyState>
  );
}
