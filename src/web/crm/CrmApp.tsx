import { Link, NavLink, Navigate, Route, Routes, useNavigate } from 'react-router';
import { ChevronRight, FileText, KanbanSquare, List, LogOut, Users, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { NotFound } from '@/app/NotFound';
import { ApiError, errorMessage } from '@/lib/api';
import { useSignOut } from '@/lib/auth';
import { useCrmContext } from '@/lib/crm';
import { toast } from '@/lib/toast';
import { useLeaveGuard } from '@/lib/use-unsaved-changes';
import { cn } from '@/lib/utils';
import { LeadsSection } from './leads/LeadsSection';
import { QuotesSection } from './quotes/QuotesSection';
import { ClientAccessSection } from './access/ClientAccessSection';

const MENU: { label: string; to: string; icon: LucideIcon; end?: boolean }[] = [
  { label: 'Pipeline', to: '/admin/crm', icon: KanbanSquare, end: true },
  { label: 'Leads', to: '/admin/crm/leads', icon: List },
  { label: 'Quotes', to: '/admin/crm/quotes', icon: FileText },
  { label: 'Client Access', to: '/admin/crm/access', icon: Users },
];

/**
 * The CRM admin page (admin spec §2 "CRM admin page", issue 16): breadcrumb Admin > CRM, a 'CRM mode'
 * badge, and its own left menu (Pipeline, Leads, Quotes, Client Access, Sign out). It works in a
 * store's sales book for its members, or in the platform's own for the provider's sales team (no store
 * chosen); the server decides which (GET /api/crm/context) and checks it again on every call.
 */
export default function CrmApp() {
  const context = useCrmContext();
  if (context.isPending) return <FullPageSpinner label="Loading the CRM" />;
  // A store that switched its CRM off (Settings > CRM, decision 044): the server answers 404 everywhere.
  if (context.isError && context.error instanceof ApiError && context.error.status === 404)
    return (
      <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-3 px-6 text-center">
        <h1 className="text-xl font-semibold">The CRM is not in use here</h1>
        <p className="max-w-sm text-sm text-zinc-500">This store has switched its CRM off, or it is not yours to open. An owner or admin can switch it on in Settings.</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" asChild><Link to="/admin">Back to admin</Link></Button>
          <Button asChild><Link to="/admin/settings?tab=crm">CRM settings</Link></Button>
        </div>
      </div>
    );
  if (context.isError)
    return (
      <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-3 px-6 text-center">
        <h1 className="text-xl font-semibold">The CRM could not be loaded</h1>
        <p className="max-w-sm text-sm text-zinc-500">{errorMessage(context.error, 'Please refresh and try again.')}</p>
        <Button onClick={() => void context.refetch()}>Try again</Button>
      </div>
    );
  const ctx = context.data;
  const bookName = ctx.tenant ? ctx.tenant.name : 'Platform sales';

  return (
    <div className="flex min-h-screen flex-col bg-zinc-50 lg:flex-row print:bg-white">
      <aside className="flex shrink-0 flex-col border-b border-zinc-200 bg-white lg:sticky lg:top-0 lg:h-screen lg:w-56 lg:border-r lg:border-b-0 print:hidden">
        <div className="flex h-14 items-center gap-2 border-b border-zinc-200 px-5">
          <span className="truncate font-semibold">{bookName}</span>
        </div>
        <nav aria-label="CRM" className="flex gap-1 overflow-x-auto px-3 py-2 lg:flex-1 lg:flex-col lg:overflow-visible lg:py-4">
          {MENU.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cn(
                  'flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900',
                  isActive && 'bg-zinc-900 text-white hover:bg-zinc-900 hover:text-white',
                )
              }
            >
              <item.icon className="size-4" aria-hidden />
              {item.label}
            </NavLink>
          ))}
          <SignOutButton />
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex min-h-14 flex-wrap items-center gap-3 border-b border-zinc-200 bg-white px-4 py-2 sm:px-6 print:hidden">
          <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm text-zinc-500">
            <Link to="/admin" className="hover:text-zinc-900 hover:underline">
              Admin
            </Link>
            <ChevronRight className="size-4" aria-hidden />
            <span aria-current="page" className="font-medium text-zinc-900">
              CRM
            </span>
          </nav>
          <Badge variant="default">CRM mode</Badge>
          <span className="ml-auto truncate text-xs text-zinc-500">{ctx.scope === 'platform' ? 'Provider sales book' : `${bookName} sales book`}</span>
        </header>
        <main className="min-w-0 flex-1 p-4 sm:p-6">
          {/* AdminApp mounts this at /admin/crm/* (crmPage), so these paths are relative to /admin/crm. */}
          <Routes>
            <Route index element={<LeadsSection context={ctx} view="pipeline" />} />
            <Route path="leads" element={<LeadsSection context={ctx} view="list" />} />
            <Route path="quotes/*" element={<QuotesSection context={ctx} />} />
            <Route path="access" element={<ClientAccessSection context={ctx} />} />
            <Route path="pipeline" element={<Navigate to="/admin/crm" replace />} />
            <Route path="*" element={<NotFound homeHref="/admin/crm" />} />
          </Routes>
        </main>
      </div>
    </div>
  );
}

function SignOutButton() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const guard = useLeaveGuard();
  return (
    <button
      type="button"
      // Unsaved changes (a quote being built) are asked about before the session ends, not after.
      onClick={() =>
        guard.askFirst(() =>
          signOut.mutate(undefined, {
            onSuccess: () => guard.withoutAsking(() => navigate('/login')),
            onError: (error) => toast.error('Sign out failed', { description: errorMessage(error, 'Please try again.') }),
          }),
        )
      }
      disabled={signOut.isPending}
      className="flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-60 lg:mt-auto"
    >
      <LogOut className="size-4" aria-hidden />
      Sign out
    </button>
  );
}



