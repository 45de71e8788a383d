import { useState } from 'react';
import { Lock } from 'lucide-react';
import type { CrmContext } from '@shared/crm/context';
import { ACCESS_TEXT } from '@shared/crm/access';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useAccessList, useAccessTenants, type InviteAnswer } from '@/lib/client-access';
import { useSession } from '@/lib/auth';
import { errorMessage } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { AccessLists } from './AccessLists';
import { CopyLink } from './CopyLink';
import { InviteForm } from './InviteForm';

/**
 * Client Access (admin spec §2, issue 16): who may open a store's admin, and invitations by magic
 * link. The platform's sales team picks any store; a store's owner or admin manages only their own
 * (preselected). The server checks the same again on every call (decision 027). A platform sales
 * account that does not manage the chosen store only requests invitations, which its owner or an
 * admin approves from this same page (decision 030).
 */
export function ClientAccessSection({ context }: { context: CrmContext }) {
  const platform = context.scope === 'platform';
  const tenants = useAccessTenants(platform && context.can_manage_access);
  const session = useSession();
  const [chosen, setChosen] = useState('');
  const [lastLink, setLastLink] = useState<{ email: string; url: string } | null>(null);
  // Links made in this visit, by invite: the server keeps only a hash, so these cannot be read back later.
  const [links, setLinks] = useState<Record<string, string>>({});
  const tenantId = platform ? chosen : (context.tenant?.id ?? '');
  // Shared with the lists below (one query): whether this caller manages the chosen store.
  const canManage = useAccessList(tenantId).data?.can_manage ?? true;

  if (!context.can_manage_access) {
    return (
      <EmptyState icon={Lock} title="Client Access is for store owners and admins">
        Your role lets you work with leads and quotes. Ask the store's owner or an admin to change who can open this store's admin.
      </EmptyState>
    );
  }

  // A request awaiting approval has no link yet: nothing to show or copy.
  function remember(answer: InviteAnswer) {
    const url = answer.magic_link_url;
    setLastLink(url ? { email: answer.invite.email, url } : null);
    if (url) setLinks((prev) => ({ ...prev, [answer.invite.id]: url }));
  }

  function choose(id: string) {
    setChosen(id);
    setLastLink(null);
  }

  return (
    <div className="mx-auto grid max-w-5xl min-w-0 grid-cols-1 gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Client Access</h1>
        <p className="text-sm text-zinc-500">Invite people to a store's admin, change their role, or remove their access.</p>
      </div>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>{canManage ? 'Invite someone' : 'Request an invitation'}</CardTitle>
          <CardDescription>
            {canManage
              ? 'They get a link by email that works once, for 7 days. Admins run the whole store; staff get the permissions chosen in Settings > Team.'
              : "You do not manage this store, so the store's owner or an admin approves your request first; then the link is emailed. Admins run the whole store; staff get the permissions chosen in Settings > Team."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {platform ? (
            tenants.isError ? (
              <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
                {ACCESS_TEXT.loadTenantsFailed}: {errorMessage(tenants.error, 'Please try again.')}
                <Button size="sm" variant="outline" onClick={() => void tenants.refetch()}>
                  Try again
                </Button>
              </div>
            ) : tenants.isPending ? (
              <Skeleton className="h-9 w-full max-w-sm" />
            ) : (
              <div className="max-w-sm">
                <FormField label="Store">
                  <Select value={chosen} onChange={(e) => choose(e.target.value)}>
                    <option value="">Choose a store</option>
                    {tenants.data.map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.name}
                        {t.domain ? ` (${t.domain})` : ''}
                      </option>
                    ))}
                  </Select>
                </FormField>
              </div>
            )
          ) : (
            <p className="text-sm text-zinc-600">
              Store: <span className="font-medium text-zinc-900">{context.tenant?.name}</span>
            </p>
          )}
          <InviteForm key={tenantId} tenantId={tenantId} canManage={canManage} onInvited={remember} />
          {lastLink ? <CopyLink email={lastLink.email} url={lastLink.url} /> : null}
        </CardContent>
      </Card>
      {tenantId ? (
        <AccessLists tenantId={tenantId} self={session.data?.user ?? null} links={links} onLink={remember} />
      ) : (
        <p className="rounded-lg border border-dashed border-zinc-300 bg-white px-4 py-8 text-center text-sm text-zinc-500">{ACCESS_TEXT.chooseTenant} to see its members and invitations.</p>
      )}
    </div>
  );
}
