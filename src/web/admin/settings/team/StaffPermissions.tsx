import { useState } from 'react';
import { MEMBERS_TEXT, type TeamMember } from '@shared/members';
import { PERMISSIONS, PERMISSION_LABELS, withImplied, type Permission } from '@shared/roles';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSetPermissions, useTeamMembers } from '@/lib/admin-team';

/** What each staff member may do (issue 27): owners and admins may do everything, so only staff are listed. */
export function StaffPermissions() {
  const members = useTeamMembers();
  const staff = members.data?.members.filter((m) => m.role === 'staff') ?? [];
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Staff permissions</CardTitle>
        <CardDescription>Owners and admins can do everything. Choose what each staff member can do; payment settings, the team and the VAT report stay with owners and admins.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {members.isPending ? <Skeleton className="h-32" /> : null}
        {members.isError ? (
          <Alert variant="destructive">
            <span className="flex-1">{errorMessage(members.error, 'Unable to load the team')}</span>
            <Button size="sm" variant="outline" onClick={() => void members.refetch()}>Try again</Button>
          </Alert>
        ) : null}
        {members.isSuccess && staff.length === 0 ? <p className="text-sm text-zinc-500">No staff members yet. Invite someone as staff above, then choose what they can do here.</p> : null}
        {staff.map((member) => <MemberPermissions key={member.user_id} member={member} />)}
      </CardContent>
    </Card>
  );
}

function MemberPermissions({ member }: { member: TeamMember }) {
  const save = useSetPermissions(member.user_id);
  const [chosen, setChosen] = useState<Permission[]>(member.permissions);
  const changed = chosen.join() !== member.permissions.join();
  const implied = withImplied(chosen);

  function toggle(permission: Permission, on: boolean) {
    setChosen((prev) => PERMISSIONS.filter((p) => (p === permission ? on : prev.includes(p))));
  }

  function submit() {
    save.mutate(
      { permissions: chosen },
      {
        onSuccess: ({ member: saved }) => {
          setChosen(saved.permissions);
          toast.success(MEMBERS_TEXT.permissionsSaved, { description: saved.email });
        },
        onError: (error) => toast.error('Could not save the permissions', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  }

  return (
    <fieldset className="grid gap-3 rounded-lg border border-zinc-200 p-4">
      <legend className="px-1 text-sm font-medium break-all">{member.email}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {PERMISSIONS.map((permission) => {
          // Fulfilling or refunding shows orders as well: ticked, and not untickable while they are.
          const forced = implied.includes(permission) && !chosen.includes(permission);
          return (
            <label key={permission} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-indigo-600"
                checked={chosen.includes(permission) || forced}
                disabled={forced}
                onChange={(e) => toggle(permission, e.target.checked)}
              />
              <span>
                <span className="font-medium text-zinc-900">{PERMISSION_LABELS[permission].label}</span>
                <span className="block text-xs text-zinc-500">{PERMISSION_LABELS[permission].hint}</span>
              </span>
            </label>
          );
        })}
      </div>
      <Button size="sm" className="justify-self-start" disabled={!changed || save.isPending} onClick={submit}>
        {save.isPending ? 'Saving…' : 'Save permissions'}
      </Button>
    </fieldset>
  );
}
