import { ACCESS_TEXT, type Invite } from '@shared/crm/access';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useDecideRequest, useInvite, useRevokeInvite, type InviteAnswer } from '@/lib/client-access';
import { toast } from '@/lib/toast';
import { inviteState, shortDate, STATE_BADGE } from './format';

interface Props {
  tenantId: string;
  invites: Invite[];
  /** The caller manages the store: approves requests, resends and revokes any invitation. */
  canManage: boolean;
  /** Without standing, a platform sales account acts only on what it asked for (decision 030). */
  selfEmail: string | null;
  links: Record<string, string>;
  onLink: (answer: InviteAnswer) => void;
}

/**
 * Invites, newest first: pending ones can be resent (a fresh link; the old one stops working) or
 * revoked; a link made in this visit can be shown again to copy. Requests from platform sales await
 * the store's owner or an admin, who approves (the link is sent then) or declines them here.
 */
export function InvitesTable({ tenantId, invites, canManage, selfEmail, links, onLink }: Props) {
  const resend = useInvite(tenantId);
  const revoke = useRevokeInvite(tenantId);
  const decide = useDecideRequest(tenantId);

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
      onSuccess: () => toast.success(ACCESS_TEXT.inviteRevoked, { description: invite.status === 'awaiting_approval' ? 'The request was withdrawn.' : `The link sent to ${invite.email} no longer works.` }),
      onError: (error) => toast.error(ACCESS_TEXT.revokeFailed, { description: errorMessage(error, ACCESS_TEXT.revokeFailed) }),
    });
  }

  function doDecide(invite: Invite, decision: 'approve' | 'decline') {
    decide.mutate(
      { inviteId: invite.id, decision },
      {
        onSuccess: (answer) => {
          if (decision === 'decline') return toast.success(ACCESS_TEXT.requestDeclined, { description: `No invitation goes to ${invite.email}.` });
          toast.success(ACCESS_TEXT.inviteApproved, { description: `A link was sent to ${invite.email}.` });
          onLink(answer);
        },
        onError: (error) => {
          const title = decision === 'approve' ? ACCESS_TEXT.approveFailed : ACCESS_TEXT.declineFailed;
          toast.error(title, { description: errorMessage(error, title) });
        },
      },
    );
  }

  const isMine = (invite: Invite) => invite.requested_by_email !== null && invite.requested_by_email === selfEmail;

  /** What the caller may do with an invitation, laid out on the right (desktop) or under the address (phone). */
  function actions(invite: Invite, align: string) {
    const state = inviteState(invite);
    const mine = isMine(invite);
    const open = state === 'Pending' || state === 'Expired';
    return state === 'Awaiting approval' && canManage ? (
      <div className={`flex flex-wrap gap-1 ${align}`}>
        <Button size="sm" disabled={decide.isPending} onClick={() => doDecide(invite, 'approve')}>
          Approve
        </Button>
        <Button variant="ghost" size="sm" className="text-red-600 hover:text-red-700" disabled={decide.isPending} onClick={() => doDecide(invite, 'decline')}>
          Decline
        </Button>
      </div>
    ) : state === 'Awaiting approval' && mine ? (
      <div className={`flex ${align}`}>
        <Button variant="ghost" size="sm" className="text-red-600 hover:text-red-700" disabled={revoke.isPending} onClick={() => doRevoke(invite)}>
          Withdraw
        </Button>
      </div>
    ) : open && (canManage || mine) ? (
      <div className={`flex flex-wrap gap-1 ${align}`}>
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
    ) : null;
  }

  if (invites.length === 0) return <p className="px-4 py-6 text-sm text-zinc-500">No invitations yet. {canManage ? 'Invite someone above.' : 'Request one above.'}</p>;
  const requestedBy = (invite: Invite) =>
    invite.requested_by_email ? (
      <div className="truncate text-xs text-zinc-500" title={`Requested by ${invite.requested_by_email}`}>
        Requested by {isMine(invite) ? 'you' : invite.requested_by_email}
      </div>
    ) : null;
  return (
    <>
      {/* Phones: one card per invitation, the whole address shown, actions underneath. */}
      <ul aria-label="Invitations" className="divide-y divide-zinc-100 sm:hidden">
        {invites.map((invite) => {
          const state = inviteState(invite);
          const cardActions = actions(invite, 'justify-start');
          return (
            <li key={invite.id} className="grid gap-1.5 px-4 py-3">
              <div className="flex items-start justify-between gap-3">
                <span className="min-w-0 text-sm font-medium break-all text-zinc-900">{invite.email}</span>
                <Badge variant={STATE_BADGE[state]} className="shrink-0">{state}</Badge>
              </div>
              <div className="text-xs text-zinc-500">
                {invite.role}
                {invite.magic_link_sent_at ? ` · sent ${shortDate(invite.magic_link_sent_at)}` : ''}
              </div>
              {requestedBy(invite)}
              {cardActions ? <div className="pt-1">{cardActions}</div> : null}
            </li>
          );
        })}
      </ul>
      <Table aria-label="Invitations" className="hidden sm:table">
        <TableHeader>
          <TableRow>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Sent</TableHead>
            <TableHead className="relative text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {invites.map((invite) => {
            const state = inviteState(invite);
            return (
              <TableRow key={invite.id}>
                <TableCell className="max-w-[16rem]">
                  <div className="truncate font-medium" title={invite.email}>
                    {invite.email}
                  </div>
                  {requestedBy(invite)}
                </TableCell>
                <TableCell>{invite.role}</TableCell>
                <TableCell>
                  <Badge variant={STATE_BADGE[state]}>{state}</Badge>
                </TableCell>
                <TableCell className="whitespace-nowrap text-zinc-600">{shortDate(invite.magic_link_sent_at)}</TableCell>
                <TableCell>{actions(invite, 'justify-end')}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </>
  );
}
