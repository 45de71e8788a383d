import { ACCESS_TEXT, type Invite } from '@shared/crm/access';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useInvite, useRevokeInvite, type InviteAnswer } from '@/lib/client-access';
import { toast } from '@/lib/toast';
import { inviteState, shortDate, STATE_BADGE } from './format';

/**
 * Invites, newest first: pending ones can be resent (a fresh link; the old one stops working) or
 * revoked; a link made in this visit can be shown again to copy.
 */
export function InvitesTable({ tenantId, invites, links, onLink }: { tenantId: string; invites: Invite[]; links: Record<string, string>; onLink: (answer: InviteAnswer) => void }) {
  const resend = useInvite(tenantId);
  const revoke = useRevokeInvite(tenantId);

  function doResend(invite: Invite) {
    resend.mutate(
      { email: invite.email, role: invite.role, inviteId: invite.id, resend: true },
      {
        onSuccess: (answer) => {
          toast.success(ACCESS_TEXT.inviteRefreshed, { description: `A new link was sent to ${invite.email}.` });
          onLink(answer);
        },
        onError: (error) => toast.error(ACCESS_TEXT.resendFailed, { description: errorMessage(error, ACCESS_TEXT.resendFailed) }),
      },
    );
  }

  function doRevoke(invite: Invite) {
    revoke.mutate(invite.id, {
      onSuccess: () => toast.success(ACCESS_TEXT.inviteRevoked, { description: `The link sent to ${invite.email} no longer works.` }),
      onError: (error) => toast.error(ACCESS_TEXT.revokeFailed, { description: errorMessage(error, ACCESS_TEXT.revokeFailed) }),
    });
  }

  if (invites.length === 0) return <p className="px-4 py-6 text-sm text-zinc-500">No invitations yet. Invite someone above.</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="hidden sm:table-cell">Sent</TableHead>
          <TableHead className="relative text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invites.map((invite) => {
          const state = inviteState(invite);
          const open = state === 'Pending' || state === 'Expired';
          return (
            <TableRow key={invite.id}>
              <TableCell className="max-w-[8rem] truncate font-medium sm:max-w-[16rem]" title={invite.email}>{invite.email}</TableCell>
              <TableCell>{invite.role}</TableCell>
              <TableCell>
                <Badge variant={STATE_BADGE[state]}>{state}</Badge>
              </TableCell>
              <TableCell className="hidden whitespace-nowrap text-zinc-600 sm:table-cell">{shortDate(invite.magic_link_sent_at)}</TableCell>
              <TableCell>
                {open ? (
                  <div className="flex flex-wrap justify-end gap-1">
                    {links[invite.id] && state === 'Pending' ? (
                      <Button variant="ghost" size="sm" onClick={() => onLink({ invite, magic_link_url: links[invite.id] })}>
                        Copy link
                      </Button>
                    ) : null}
                    <Button variant="ghost" size="sm" disabled={resend.isPending} onClick={() => doResend(invite)}>
                      Resend
                    </Button>
                    <Button variant="ghost" size="sm" className="text-red-600 hover:text-red-700" disabled={revoke.isPending} onClick={() => doRevoke(invite)}>
                      Revoke
                    </Button>
                  </div>
                ) : null}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
