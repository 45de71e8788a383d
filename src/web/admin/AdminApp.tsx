import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAdminContext, useSession } from '@/lib/auth';
import { useCurrentTenant } from '@/lib/tenant';
import { currentPath } from '@/lib/urls';
import { UnsavedChangesGuard } from '@/lib/use-unsaved-changes';
import { AccessDenied, PermissionsError, StoreSuspended } from './GuardScreens';
import { AdminShell } from './AdminShell';
import { AutoChooseTenant, TenantChooser } from './TenantChooser';
import OwnerAdmin from './owner/OwnerAdmin';

// The CRM page has its own layout and left menu (admin spec §2); its code loads only when opened.
const CrmApp = lazy(() => import('@/crm/CrmApp'));
// Under /admin/*, so the CRM's own relative routes ('leads', 'access') resolve below /admin/crm.
// The set-up screen a store's two-step requirement sends members to (issue 26): loaded when needed.
const TwoStepRequired = lazy(() => import('./account/TwoStepRequired').then((m) => ({ default: m.TwoStepRequired })));
// Account settings load when opened: the storefront's account page shares their forms (decision 004).
const StandaloneAccountPage = lazy(() => import('./account/StandaloneAccountPage').then((m) => ({ default: m.StandaloneAccountPage })));
const crmPage = (
  <Routes>
    <Route path="crm/*" element={<CrmApp />} />
  </Routes>
);

/** Every /admin page, the CRM's included: a form with unsaved changes asks before it is left (decision 040). */
export default function AdminApp() {
  return (
    <UnsavedChangesGuard>
      <AdminGate />
    </UnsavedChangesGuard>
  );
}

/**
 * The guard on every /admin route (storefront spec §2 "Admin guard", §6). The server decides who is an
 * owner and what role a member has; this only picks the screen. The API checks roles again on every call.
 */
function AdminGate() {
  const hostTenant = useCurrentTenant().data?.tenant ?? null;
  const session = useSession();
  const user = session.data?.user ?? null;
  const context = useAdminContext(user !== null);
  const pathname = useLocation().pathname;
  const inCrm = /^\/admin\/crm(\/|$)/.test(pathname);
  const inAccount = /^\/admin\/account\/?$/.test(pathname);

  if (session.isPending) return <FullPageSpinner label="Checking your access" />;
  if (session.isError) return <PermissionsError />;
  if (!user) return <Navigate to={`/login?redirect=${encodeURIComponent(currentPath())}`} replace />;
  if (context.isPending) return <FullPageSpinner label="Checking your access" />;
  if (context.isError) return <PermissionsError />;

  const { tenant, role, isOwner, suspended, suspension, two_step_setup_required: twoStepSetup } = context.data;
  const memberships = session.data.memberships;
  // Suspended: a member who may not serve orders has nothing left to open (the API refuses them too,
  // 403 store_suspended); this says why, and where to write, instead of showing failing screens.
  if (tenant && suspended && !isOwner && context.data.permissions.length === 0) return <StoreSuspended storeName={tenant.name} email={user.email} suspension={suspension} />;
  // The store requires two-step sign-in and this member has not set it up: that first (issue 26).
  if (tenant && twoStepSetup) return <TwoStepRequired storeName={tenant.name} email={user.email} />;

  // On a store's own host: members and platform owners get that store's admin; anyone else is refused.
  if (hostTenant) {
    if (tenant && (role || isOwner) && inCrm) return crmPage;
    if (tenant && (role || isOwner)) return <AdminShell tenant={tenant} suspension={suspension} role={role} permissions={context.data.permissions} isOwner={isOwner} email={user.email} memberships={memberships} onPlatformHost={false} crmEnabled={context.data.crm_enabled} />;
    return <AccessDenied email={user.email} />;
  }

  // On the platform host: the tenant chosen for this session, else the owner admin, else choose one.
  if (tenant && inCrm) return crmPage;
  if (tenant) return <AdminShell tenant={tenant} suspension={suspension} role={role} permissions={context.data.permissions} isOwner={isOwner} email={user.email} memberships={memberships} onPlatformHost crmEnabled={context.data.crm_enabled} />;
  // Anyone signed in keeps their own account settings, with or without a store (issue 26).
  if (inAccount) return <StandaloneAccountPage email={user.email} roleLabel={isOwner ? 'Platform owner' : user.isSales ? 'Platform sales' : 'Account'} />;
  // The provider's sales team (and owners) use the platform's own CRM with no store chosen (decision 027).
  if (user.isSales && inCrm) return crmPage;
  if (isOwner) return <OwnerAdmin email={user.email} />;
  if (user.isSales && memberships.length === 0) return <Navigate to="/admin/crm" replace />;
  if (memberships.length === 1) return <AutoChooseTenant membership={memberships[0]} />;
  if (memberships.length > 1) return <TenantChooser memberships={memberships} email={user.email} />;
  return <Navigate to="/login?reason=no-tenant" replace />;
}
