import { useState } from 'react';
import { ACCESS_TEXT, INVITE_ROLES, type InviteRole, type Member } from '@shared/crm/access';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useChangeRole, useRemoveMember } from '@/lib/client-access';
import { toast } from '@/lib/toast';
import { shortDate } from './format';
import { useMediaQuery } from '@/lib/use-media-query';

/**
 * The store's members. The owner's row is fixed (spec §4: the owner cannot be changed or removed); so
 * is the viewer's own, which the server also refuses, so nobody locks themself out. Someone who does
 * not manage the store (platform sales) sees the team but changes nothing (decision 030).
 */
export function MembersTable({ tenantId, members, selfId, canManage }: { tenantId: string; members: Member[]; selfId: string | null; canManage: boolean }) {
  const changeRole = useChangeRole(tenantId);
  const remove = useRemoveMember(tenantId);
  const [removing, setRemoving] = useState<Member | null>(null);
  const wide = useMediaQuery('(min-width: 640px)');

  function setRole(member: Member, role: InviteRole) {
    changeRole.mutate(
      { userId: member.user_id, role },
      {
        onSuccess: () => toast.success(ACCESS_TEXT.roleUpdated, { description: `${member.email} is now ${role}.` }),
        onError: (error) => toast.error(ACCESS_TEXT.updateFailed, { description: errorMessage(error, ACCESS_TEXT.updateFailed) }),
      },
    );
  }

  function confirmRemove() {
    if (!removing) return;
    const member = removing;
    remove.mutate(member.user_id, {
      onSuccess: () => {
        toast.success(ACCESS_TEXT.accessRemoved, { description: `${member.email} can no longer open this store's admin.` });
        setRemoving(null);
      },
      onError: (error) => toast.error(ACCESS_TEXT.removalFailed, { description: errorMessage(error, ACCESS_TEXT.removalFailed) }),
    });
  }

  if (members.length === 0) return <p className="px-4 py-6 text-sm text-zinc-500">No members yet.</p>;

  const isLocked = (m: Member) => !canManage || m.role === 'owner' || m.user_id === selfId;
  const roleControl = (m: Member) =>
    isLocked(m) ? (
      <Badge variant={m.role === 'owner' ? 'default' : 'secondary'} title={m.role === 'owner' ? ACCESS_TEXT.ownerLocked : m.user_id === selfId ? 'Your own access' : undefined}>
        {m.role}
        {m.user_id === selfId ? ' (you)' : ''}
      </Badge>
    ) : (
      <div className="w-24 sm:w-28">
        <Select aria-label={`Role of ${m.email}`} value={m.role} disabled={changeRole.isPending} onChange={(e) => setRole(m, e.target.value as InviteRole)} className="h-8">
          {INVITE_ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </Select>
      </div>
    );
  const removeButton = (m: Member) =>
    isLocked(m) ? null : (
      <Button variant="ghost" size="sm" className="text-red-600 hover:text-red-700" onClick={() => setRemoving(m)}>
        Remove
      </Button>
    );

  return (
    <>
      {wide ? (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Email</TableHead>
              <TableHead>Role</TableHead>
              <TableHead className="hidden md:table-cell">Invited</TableHead>
              <TableHead className="hidden md:table-cell">Joined</TableHead>
              <TableHead>Last sign-in</TableHead>
              <TableHead className="relative text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {members.map((m) => (
              <TableRow key={m.user_id}>
                <TableCell className="max-w-[16rem] truncate font-medium" title={m.email}>{m.email}</TableCell>
                <TableCell>{roleControl(m)}</TableCell>
                <TableCell className="hidden whitespace-nowrap text-zinc-600 md:table-cell">{shortDate(m.invited_at)}</TableCell>
                <TableCell className="hidden whitespace-nowrap text-zinc-600 md:table-cell">{shortDate(m.created_at)}</TableCell>
                <TableCell className="whitespace-nowrap text-zinc-600">{shortDate(m.last_sign_in_at)}</TableCell>
                <TableCell className="text-right">{removeButton(m)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        // A phone (issue 27 item 10): each member a card, the whole email on its own line.
        <ul className="divide-y divide-zinc-100" aria-label="Members">
          {members.map((m) => (
            <li key={m.user_id} className="grid gap-2 px-4 py-3">
              <p className="text-sm font-medium break-all">{m.email}</p>
              <div className="flex items-center justify-between gap-2">
                {roleControl(m)}
                {removeButton(m)}
              </div>
              <p className="text-xs text-zinc-500">Joined {shortDate(m.created_at)} · Last sign-in {shortDate(m.last_sign_in_at)}</p>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Remove access?</DialogTitle>
            <DialogDescription>{removing?.email} will no longer be able to open this store's admin. Their account stays; you can invite them again.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={confirmRemove}>
              {remove.isPending ? 'Removing...' : 'Remove'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
