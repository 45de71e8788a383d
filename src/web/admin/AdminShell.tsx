import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Menu } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { storeUrl } from '@/lib/urls';
import type { Membership } from '@shared/auth';
import { canManageStore, type MemberRole, type Permission } from '@shared/roles';
import { AdminAccessProvider } from './access';
import { STORE_CLOSED_TEXT, type AdminContextResponse } from '@shared/tenants';
import type { Tenant } from '@shared/tenants';
import { AccountMenu } from './AccountMenu';
import { AdminRoutes } from './AdminRoutes';
import { OwnerBanner } from './OwnerBanner';
import { SidebarNav } from './Sidebar';
import { StoreBrain } from './StoreBrain';
import { TenantLauncher } from './TenantLauncher';

interface AdminShellProps {
  tenant: Tenant;
  /** Suspended by the platform: the storefront shows "This store is closed". */
  /** Set while the platform has suspended the store: why, and where to write (issue 27). */
  suspension: AdminContextResponse['suspension'];
  role: MemberRole | null;
  /** What this member may do (issue 27), from the admin context. */
  permissions: readonly Permission[];
  isOwner: boolean;
  email: string;
  memberships: Membership[];
  onPlatformHost: boolean;
  /** The store's own CRM is on (decision 044). */
  crmEnabled: boolean;
}

function roleLabel(role: MemberRole | null, isOwner: boolean): string {
  if (isOwner && !role) return 'Platform owner';
  const name = role ? role.charAt(0).toUpperCase() + role.slice(1) : 'Member';
  return isOwner ? `${name} · Platform owner` : name;
}

/** Storefront spec §2 "Admin shell": sidebar, header with store name, 'Production', domain and account menu. */
export function AdminShell({ tenant, suspension, role, permissions, isOwner, email, memberships, onPlatformHost, crmEnabled }: AdminShellProps) {
  const [navOpen, setNavOpen] = useState(false);
  // Suspended, the team serves paid orders only (the server says the same on every call); platform owners keep everything.
  const canManage = canManageStore(role, isOwner) && (isOwner || suspension === null);
  const access = useMemo(() => ({ tenantId: tenant.id, permissions, canManage, crmEnabled }), [tenant.id, permissions, canManage, crmEnabled]);

  return (
    <AdminAccessProvider access={access}>
    <div className="flex min-h-screen flex-col bg-zinc-50 print:bg-white">
      {isOwner ? <OwnerBanner /> : null}
      {suspension ? (
        <div role="status" className="bg-red-600 px-4 py-2 text-center text-sm font-medium text-white print:hidden">
          {isOwner
            ? 'This store is suspended: shoppers see “This store is closed” and its team can only see, fulfil and refund orders.'
            : STORE_CLOSED_TEXT.adminOnly}
          {suspension.reason ? ` Reason: ${suspension.reason}` : ''}
          {isOwner ? null : (
            <>
              {' '}Questions? <a className="underline" href={`mailto:${suspension.contact_email}`}>{suspension.contact_email}</a>
            </>
          )}
        </div>
      ) : null}
      <div className="flex flex-1">
        <aside className="sticky top-0 hidden h-screen w-60 shrink-0 flex-col overflow-y-auto border-r border-zinc-200 bg-white lg:flex print:hidden">
          <Link to="/admin" className="flex h-14 items-center gap-2 border-b border-zinc-200 px-5 font-semibold">
            <span className="truncate">{tenant.name}</span>
          </Link>
          <SidebarNav />
        </aside>
        <Sheet open={navOpen} onOpenChange={setNavOpen}>
          <SheetContent>
            <SheetTitle className="flex h-14 items-center border-b border-zinc-200 px-5 font-semibold">{tenant.name}</SheetTitle>
            <div className="overflow-y-auto">
              <SidebarNav onNavigate={() => setNavOpen(false)} />
            </div>
          </SheetContent>
        </Sheet>

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-zinc-200 bg-white/95 px-3 backdrop-blur sm:px-6 print:hidden">
            <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open navigation" onClick={() => setNavOpen(true)}>
              <Menu aria-hidden />
            </Button>
            {/* On a phone: name above, badge and domain below; from sm up: one line. */}
            <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-3">
              <span className="truncate text-sm font-semibold sm:text-base">{tenant.name}</span>
              <span className="flex min-w-0 items-center gap-2">
                <Badge variant="success" className="px-1.5 py-0 text-[11px] sm:px-2 sm:py-0.5 sm:text-xs">Production</Badge>
                {tenant.domain ? (
                  <a href={storeUrl(tenant.domain)} target="_blank" rel="noopener" className="truncate text-xs text-zinc-500 hover:text-zinc-800 hover:underline sm:text-sm">
                    {tenant.domain}
                  </a>
                ) : null}
              </span>
            </div>
            {canManage ? <StoreBrain /> : null}
            {isOwner ? <TenantLauncher /> : null}
            <AccountMenu
              email={email}
              roleLabel={roleLabel(role, isOwner)}
              domain={tenant.domain}
              canSwitchStore={onPlatformHost && (isOwner || memberships.length > 1)}
            />
          </header>
          <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8 print:p-0">
            <div className="mx-auto w-full max-w-6xl">
              <AdminRoutes canManage={canManage} role={role} />
            </div>
          </main>
        </div>
      </div>
    </div>
    </AdminAccessProvider>
  );
}
