import { useState } from 'react';
import { ExternalLink, Globe, MoreHorizontal, Power, Store } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useTenants } from '@/lib/platform';
import { storeUrl } from '@/lib/urls';
import type { TenantListItem } from '@shared/tenants';
import { CreateTenantDialog } from './CreateTenantDialog';
import { StoreDomainsDialog } from './StoreDomainsDialog';
import { SuspendStoreDialog } from './SuspendStoreDialog';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** Every tenant on the platform, newest last, with a way into each store and a way to add one. */
export function TenantsPanel() {
  const tenants = useTenants();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Tenants</h1>
          <p className="mt-1 text-sm text-zinc-500">
            {tenants.data ? `${tenants.data.length} store${tenants.data.length === 1 ? '' : 's'} on the platform` : 'Every store on the platform'}
          </p>
        </div>
        <CreateTenantDialog />
      </div>

      {tenants.isError ? (
        <Alert variant="destructive">
          <span className="flex-1">{errorMessage(tenants.error, 'Failed to load tenants')}</span>
          <Button size="sm" variant="outline" onClick={() => void tenants.refetch()}>Try again</Button>
        </Alert>
      ) : tenants.isPending ? (
        <Card className="grid gap-3 p-5" aria-busy="true" aria-label="Loading tenants">
          {[0, 1, 2].map((i) => <Skeleton key={i} className="h-10" />)}
        </Card>
      ) : tenants.data.length === 0 ? (
        <EmptyState icon={Store} title="No tenants yet">Create the first store with its domain to get started.</EmptyState>
      ) : (
        <Card className="overflow-hidden">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Store</TableHead>
                <TableHead className="hidden sm:table-cell">Domain</TableHead>
                <TableHead className="hidden lg:table-cell">Status</TableHead>
                <TableHead className="hidden text-right md:table-cell">Members</TableHead>
                <TableHead className="hidden md:table-cell">Created</TableHead>
                <TableHead className="text-right"><span className="sr-only">Actions</span></TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {tenants.data.map((t) => (
                <TableRow key={t.id}>
                  <TableCell>
                    <span className="flex items-center gap-2 font-medium">
                      <span>{t.name}</span>
                      {/* The status column shows from lg; on a phone or tablet the badge sits by the name (issue 27 item 10). */}
                      <StoreStatus tenant={t} className="lg:hidden" />
                    </span>
                    <span className="block text-xs text-zinc-500">{t.slug}</span>
                    <span className="block text-xs text-zinc-500 sm:hidden">{t.domain}</span>
                  </TableCell>
                  <TableCell className="hidden text-zinc-600 sm:table-cell">{t.domain ?? '—'}</TableCell>
                  <TableCell className="hidden lg:table-cell">
                    <StoreStatus tenant={t} />
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums md:table-cell">{t.member_count}</TableCell>
                  <TableCell className="hidden whitespace-nowrap text-zinc-600 md:table-cell">{dateFormat.format(new Date(t.created_at))}</TableCell>
                  <TableCell className="text-right">
                    <TenantActions tenant={t} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </div>
  );
}

/** Suspended, open to shoppers, or waiting for its merchant's launch. */
function StoreStatus({ tenant, className }: { tenant: TenantListItem; className?: string }) {
  if (tenant.suspended_at) return <Badge variant="destructive" className={className}>Suspended</Badge>;
  return tenant.launched_at ? <Badge variant="success" className={className}>Open</Badge> : <Badge variant="secondary" className={className}>Opening soon</Badge>;
}

/** Open the store's admin, manage its domains, suspend or reactivate it. */
function TenantActions({ tenant }: { tenant: TenantListItem }) {
  const [dialog, setDialog] = useState<'domains' | 'suspend' | null>(null);
  const close = (open: boolean) => !open && setDialog(null);
  return (
    <div className="flex items-center justify-end gap-2">
      {tenant.domain ? (
        <Button asChild variant="outline" size="sm" className="hidden sm:inline-flex">
          <a href={storeUrl(tenant.domain, '/admin')}>
            Open admin <ExternalLink aria-hidden />
          </a>
        </Button>
      ) : null}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`More actions for ${tenant.name}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {tenant.domain ? (
            <DropdownMenuItem asChild className="sm:hidden">
              <a href={storeUrl(tenant.domain, '/admin')}><ExternalLink aria-hidden /> Open admin</a>
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => setDialog('domains')}><Globe aria-hidden /> Manage domains</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('suspend')} className={tenant.suspended_at ? undefined : 'text-red-700'}>
            <Power aria-hidden /> {tenant.suspended_at ? 'Reactivate store' : 'Suspend store'}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <StoreDomainsDialog tenant={tenant} open={dialog === 'domains'} onOpenChange={close} />
      <SuspendStoreDialog tenant={tenant} open={dialog === 'suspend'} onOpenChange={close} />
    </div>
  );
}
