import { useEffect } from 'react';
import { ACCESS_TEXT } from '@shared/crm/access';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useAccessList, type InviteAnswer } from '@/lib/client-access';
import type { SessionUser } from '@shared/auth';
import { toast } from '@/lib/toast';
import { InvitesTable } from './InvitesTable';
import { MembersTable } from './MembersTable';

/** The chosen store's members and invitations, with loading and error states. */
export function AccessLists({ tenantId, self, links, onLink }: { tenantId: string; self: SessionUser | null; links: Record<string, string>; onLink: (answer: InviteAnswer) => void }) {
  const list = useAccessList(tenantId);
  useEffect(() => {
    if (list.isError) toast.error(ACCESS_TEXT.loadInvitationsFailed, { description: errorMessage(list.error, ACCESS_TEXT.loadInvitationsFailed) });
  }, [list.isError, list.error]);

  if (list.isPending)
    return (
      <div className="grid gap-3" aria-busy="true" aria-label="Loading members">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  if (list.isError)
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-white px-4 py-8 text-center">
        <p className="font-medium text-zinc-900">{ACCESS_TEXT.loadInvitationsFailed}</p>
        <p className="text-sm text-zinc-500">{errorMessage(list.error, 'Please try again.')}</p>
        <Button variant="outline" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  return (
    <>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Members ({list.data.members.length})</CardTitle>
        </CardHeader>
        <MembersTable tenantId={tenantId} members={list.data.members} selfId={self?.id ?? null} canManage={list.data.can_manage} />
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Invitations</CardTitle>
        </CardHeader>
        <InvitesTable tenantId={tenantId} invites={list.data.invites} canManage={list.data.can_manage} selfEmail={self?.email ?? null} links={links} onLink={onLink} />
      </Card>
    </>
  );
}
