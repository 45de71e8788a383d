import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertCircle, FolderTree, Package, Settings, ShoppingCart, Sparkles, Upload, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PERMISSION_LABELS, type MemberRole } from '@shared/roles';
import { useAdminAccess } from '../access';
import { visibleNav } from '../nav';
import { LowStockAlert } from '../stock/LowStockAlert';
import { ProductWizard } from '../catalogue/ProductWizard';
import { KpiCards, KpiCardsSkeleton } from '../dashboard/KpiCards';
import { RecoveredCheckouts } from '../dashboard/RecoveredCheckouts';
import { QuickWinsPanel } from '../dashboard/QuickWinsPanel';
import { SalesChart } from '../dashboard/SalesChart';
import { SetupProgress } from '../dashboard/SetupProgress';
import { useDashboardKpis } from '@/lib/admin-dashboard';
import { useStoreSetup } from '@/lib/admin-setup';
import { useCurrentTenant } from '@/lib/tenant';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { DASHBOARD_LOAD_FAILED } from '@shared/dashboard';
import { Skeleton } from '@/components/ui/skeleton';

const QUICK_ACTIONS = [
  { label: 'Manage Products', to: '/admin/catalogue/products', icon: Package },
  { label: 'Organize Categories', to: '/admin/catalogue/categories', icon: FolderTree },
  { label: 'View Orders', to: '/admin/orders', icon: ShoppingCart },
  { label: 'Store Settings', to: '/admin/settings', icon: Settings },
];

/**
 * Admin spec "Dashboard": greeting, main actions, Low Stock Alert, KPI cards, the 30-day sales chart,
 * Quick Wins, Store Setup Progress and Quick Actions. Staff see none of the store's figures. Until the
 * store is launched its set-up checklist comes first, on every screen size: it is the way to a first sale.
 */
export function Dashboard({ canManage, role }: { canManage: boolean; role: MemberRole | null }) {
  const [wizardOpen, setWizardOpen] = useState(false);
  const kpis = useDashboardKpis(canManage);
  const setupFirst = useSetupFirst(canManage);
  useEmailConfirmedNotice();
  useEffect(() => {
    if (kpis.isError) toast.error(DASHBOARD_LOAD_FAILED, { id: 'dashboard-load', description: errorMessage(kpis.error, 'Please try again.') });
  }, [kpis.isError, kpis.error]);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Good morning!</h1>
          <p className="mt-1 text-sm text-zinc-500">Here is where your store stands today.</p>
        </div>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setWizardOpen(true)}>
              <Sparkles aria-hidden className="text-indigo-600" /> AI Product Wizard
            </Button>
            <Button asChild variant="outline">
              <Link to="/admin/import"><Upload aria-hidden /> Import Products</Link>
            </Button>
            <Button asChild>
              <Link to="/admin/catalogue/products"><Package aria-hidden /> Add Product</Link>
            </Button>
          </div>
        ) : null}
      </div>
      {canManage ? <ProductWizard open={wizardOpen} onOpenChange={setWizardOpen} /> : null}

      {canManage && setupFirst ? <SetupProgress /> : null}

      {canManage ? <LowStockAlert /> : null}

      {canManage ? (
        kpis.isError ? (
          <Card role="alert" className="border-red-200">
            <CardHeader>
              <CardTitle className="flex items-center gap-2"><AlertCircle className="size-4 text-red-600" aria-hidden /> {DASHBOARD_LOAD_FAILED}</CardTitle>
              <CardDescription>{errorMessage(kpis.error, 'The figures could not be loaded. Please try again.')}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button variant="outline" onClick={() => void kpis.refetch()} disabled={kpis.isFetching}>Try again</Button>
            </CardContent>
          </Card>
        ) : kpis.data ? (
          <>
            <KpiCards kpis={kpis.data} />
            {kpis.data.recovered_checkouts ? <RecoveredCheckouts figures={kpis.data.recovered_checkouts} /> : null}
          </>
        ) : (
          <KpiCardsSkeleton />
        )
      ) : null}

      {canManage && !kpis.isError ? (
        <Card>
          <CardHeader>
            <CardTitle>Last 30 days</CardTitle>
            <CardDescription>Revenue and orders per day</CardDescription>
          </CardHeader>
          <CardContent>{kpis.data ? <SalesChart series={kpis.data.series} /> : <Skeleton className="h-48 w-full" />}</CardContent>
        </Card>
      ) : null}

      {canManage ? <QuickWinsPanel /> : null}

      {canManage ? (
        setupFirst ? (
          <QuickActions wide />
        ) : (
          <div className="grid gap-6 lg:grid-cols-3">
            <SetupProgress className="lg:col-span-2" />
            <QuickActions />
          </div>
        )
      ) : (
        <YourAccess role={role} />
      )}
    </div>
  );
}

/**
 * Whether the checklist leads the page: until the store is launched. Before the set-up answer arrives
 * the host's store answer (already loaded for the admin) says so, so the card does not jump once it
 * comes; with neither (the platform host), it leads.
 */
function useSetupFirst(canManage: boolean): boolean {
  const setup = useStoreSetup(canManage);
  const tenant = useCurrentTenant().data?.tenant;
  if (setup.data) return setup.data.launched_at === null;
  return !(tenant?.launched ?? false);
}

function QuickActions({ wide = false }: { wide?: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className={wide ? 'grid gap-1 sm:grid-cols-2 lg:grid-cols-4' : 'grid gap-1'}>
        {QUICK_ACTIONS.map(({ label, to, icon: Icon }) => (
          <Link key={label} to={to} className="flex items-center gap-3 rounded-md px-2 py-2 text-sm font-medium text-zinc-700 hover:bg-zinc-50">
            <Icon className="size-4 text-zinc-500" aria-hidden />
            {label}
          </Link>
        ))}
      </CardContent>
    </Card>
  );
}

/** The "Confirm your email" link lands here with ?email_confirmed=1 (or 0 for a link that failed): say so once. */
function useEmailConfirmedNotice() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('email_confirmed');
  useEffect(() => {
    if (outcome === null) return;
    if (outcome === '1') toast.success('Email confirmed', { description: 'Your store can open once the other steps are done.' });
    else toast.error('That confirmation link did not work', { description: 'It may have expired. Send a new one from the checklist.' });
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('email_confirmed');
      return next;
    }, { replace: true });
  }, [outcome, setParams]);
}

/** A member who does not run the store: what they may do here, and the way to each (issue 27). */
function YourAccess({ role }: { role: MemberRole | null }) {
  const access = useAdminAccess();
  const places = visibleNav(access).flatMap((g) => g.items).filter((item) => item.to !== '/admin');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2"><Users className="size-4 text-zinc-500" aria-hidden /> Your role: {role ?? 'member'}</CardTitle>
        <CardDescription>
          {access.permissions.length > 0
            ? `You can: ${access.permissions.map((p) => PERMISSION_LABELS[p].label.toLowerCase()).join(', ')}. The store's owner or an admin chooses this in Settings > Team.`
            : "Nothing in this store's admin is open to you at the moment. Ask the store's owner or an admin."}
        </CardDescription>
      </CardHeader>
      {places.length > 0 ? (
        <CardContent className="flex flex-wrap gap-x-4 gap-y-2">
          {places.map((place) => (
            <Link key={place.to} to={place.to} className="text-sm font-medium text-indigo-700 hover:underline">
              Open {place.label}
            </Link>
          ))}
        </CardContent>
      ) : null}
    </Card>
  );
}
