import { useState, type FormEvent } from 'react';
import { ACCESS_TEXT, INVITE_ROLES, type InviteRole } from '@shared/crm/access';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api';
import { useInvite, type InviteAnswer } from '@/lib/client-access';
import { toast } from '@/lib/toast';

const ROLE_LABEL: Record<InviteRole, string> = { admin: 'Admin', staff: 'Staff' };

/**
 * Invite someone by email as admin (the default) or staff; the server checks the address. Without
 * standing in the store (platform sales) the same form files a request for the store to approve.
 */
export function InviteForm({ tenantId, canManage, onInvited }: { tenantId: string; canManage: boolean; onInvited: (answer: InviteAnswer) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('admin');
  const [fields, setFields] = useState<Record<string, string>>({});
  const invite = useInvite(tenantId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!tenantId) {
      setFields({ tenantId: ACCESS_TEXT.chooseTenant });
      toast.error(ACCESS_TEXT.chooseTenant);
      return;
    }
    if (!email.trim()) {
      setFields({ email: 'Email is required' });
      return;
    }
    setFields({});
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (answer) => {
          if (answer.invite.status === 'awaiting_approval') toast.success(ACCESS_TEXT.requestSent, { description: ACCESS_TEXT.requestSentBody });
          else toast.success(ACCESS_TEXT.invitePrepared, { description: `A link was sent to ${answer.invite.email}.` });
          setEmail('');
          onInvited(answer);
        },
        onError: (error) => {
          if (error instanceof ApiError) setFields(error.fields);
          toast.error(ACCESS_TEXT.inviteFailed, { description: errorMessage(error, ACCESS_TEXT.inviteFailedBody) });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start">
      <FormField label="Email" error={fields.email}>
        <Input type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="name@example.com" maxLength={254} />
      </FormField>
      <FormField label="Role" error={fields.role}>
        <Select value={role} onChange={(e) => setRole(e.target.value as InviteRole)}>
          {INVITE_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABEL[r]}
            </option>
          ))}
        </Select>
      </FormField>
      <Button type="submit" disabled={invite.isPending} className="sm:mt-6">
        {invite.isPending ? 'Sending...' : canManage ? 'Send invite' : 'Request invite'}
      </Button>
      {fields.tenantId ? <p className="text-xs text-red-600 sm:col-span-3">{fields.tenantId}</p> : null}
    </form>
  );
}
