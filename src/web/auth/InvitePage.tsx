import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MailCheck, TriangleAlert } from 'lucide-react';
import { ACCESS_TEXT } from '@shared/crm/access';
import { PASSWORD_MIN } from '@shared/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { FullPageSpinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api';
import { useSession, useSignOut } from '@/lib/auth';
import { useAcceptInvitation, useInvitationPreview, type InvitationPreview } from '@/lib/client-access';

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-zinc-50 px-4 py-10">
      <Card className="w-full max-w-sm">{children}</Card>
    </div>
  );
}

/**
 * /invite/:token on the store's own host (issue 16): shows the store, the invited email and role,
 * then joins. A new person chooses a password (the account is created); an existing account is
 * joined at once when signed in as it, else after its password; afterwards the store's admin.
 */
export default function InvitePage() {
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  const session = useSession();

  if (preview.isPending || session.isPending) return <FullPageSpinner label="Opening your invitation" />;
  if (preview.isError) {
    const message = preview.error instanceof ApiError && (preview.error.status === 404 || preview.error.status === 410) ? preview.error.message : errorMessage(preview.error, ACCESS_TEXT.inviteInvalid);
    return (
      <Shell>
        <CardHeader className="items-center text-center">
          <TriangleAlert className="size-8 text-amber-500" aria-hidden />
          <h1 className="mt-2 text-xl font-semibold">Invitation unavailable</h1>
        </CardHeader>
        <CardContent className="grid gap-4 text-center">
          <p role="alert" className="text-sm text-zinc-600">
            {message}
          </p>
          <Button asChild variant="outline">
            <Link to="/login">Go to sign in</Link>
          </Button>
        </CardContent>
      </Shell>
    );
  }
  return <AcceptCard token={token} invite={preview.data} signedInAs={session.data?.user?.email ?? null} />;
}

function AcceptCard({ token, invite, signedInAs }: { token: string; invite: InvitationPreview; signedInAs: string | null }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const signOut = useSignOut();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const sameAccount = signedInAs === invite.email;
  const otherAccount = signedInAs !== null && !sameAccount;
  const needsPassword = !signedInAs;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (needsPassword && !invite.has_account && password.length < PASSWORD_MIN) {
      setFieldError(`Password must be at least ${PASSWORD_MIN} characters`);
      return;
    }
    setFieldError(undefined);
    // Not mutate's own callbacks: the session reloads on success and this card may be gone by then.
    accept.mutateAsync({ token, password: needsPassword ? password : undefined }).then(
      () => navigate('/admin', { replace: true }),
      (error: unknown) => setFieldError(error instanceof ApiError ? error.fields.password : undefined),
    );
  }

  return (
    <Shell>
      <CardHeader className="items-center text-center">
        <MailCheck className="size-8 text-indigo-600" aria-hidden />
        <h1 className="mt-2 text-xl font-semibold">Join {invite.store_name}</h1>
        <p className="text-sm text-zinc-500">
          You are invited as <span className="font-medium text-zinc-900">{invite.role}</span> with <span className="font-medium break-all text-zinc-900">{invite.email}</span>.
        </p>
      </CardHeader>
      <CardContent>
        {otherAccount ? (
          <div className="grid gap-3">
            <Alert variant="warning">{ACCESS_TEXT.wrongAccount}</Alert>
            <Button variant="outline" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
              Sign out
            </Button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            {needsPassword ? (
              <FormField
                label={invite.has_account ? 'Your password' : 'Choose a password'}
                error={fieldError}
                hint={invite.has_account ? 'You already have an account with this email.' : `At least ${PASSWORD_MIN} characters.`}
              >
                <Input type="password" autoComplete={invite.has_account ? 'current-password' : 'new-password'} value={password} onChange={(e) => setPassword(e.target.value)} maxLength={200} />
              </FormField>
            ) : null}
            {accept.isError && !fieldError ? (
              <p role="alert" className="text-sm text-red-600">
                {errorMessage(accept.error, ACCESS_TEXT.inviteInvalid)}
              </p>
            ) : null}
            <Button type="submit" disabled={accept.isPending}>
              {accept.isPending ? 'Joining...' : invite.has_account ? 'Accept invitation' : 'Create account and join'}
            </Button>
          </form>
        )}
      </CardContent>
    </Shell>
  );
}
