import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/auth';
import type { InviteAnswer } from '@/lib/client-access';
import { AccessLists } from '@/crm/access/AccessLists';
import { CopyLink } from '@/crm/access/CopyLink';
import { InviteForm } from '@/crm/access/InviteForm';
import { useAdminAccess } from '../../access';
import { StaffPermissions } from './StaffPermissions';

/**
 * Settings > Team (issue 27): who works in this store, invitations, roles, and what each staff member
 * may do. The invitations and roles are Client Access's (the same calls as the CRM's sales book).
 */
export function TeamTab() {
  const { tenantId } = useAdminAccess();
  const session = useSession();
  const [lastLink, setLastLink] = useState<{ email: string; url: string } | null>(null);
  // Links made in this visit, by invite: the server keeps only a hash, so they cannot be read back later.
  const [links, setLinks] = useState<Record<string, string>>({});

  function remember(answer: InviteAnswer) {
    const url = answer.magic_link_url;
    setLastLink(url ? { email: answer.invite.email, url } : null);
    if (url) setLinks((prev) => ({ ...prev, [answer.invite.id]: url }));
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Invite someone</CardTitle>
          <CardDescription>They get a link by email that works once, for 7 days. Admins run the whole store; staff do what you choose below.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <InviteForm tenantId={tenantId} canManage onInvited={remember} />
          {lastLink ? <CopyLink email={lastLink.email} url={lastLink.url} /> : null}
        </CardContent>
      </Card>
      <AccessLists tenantId={tenantId} self={session.data?.user ?? null} links={links} onLink={remember} />
      <StaffPermissions />
    </div>
  );
}
