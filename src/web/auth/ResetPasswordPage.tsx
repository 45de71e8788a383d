import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Lock, TriangleAlert } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/forms';
import { useCompletePasswordReset, useResetLinkStatus } from '@/lib/account-recovery';
import { useCurrentTenant } from '@/lib/tenant';
import { toast } from '@/lib/toast';
import { newPasswordField, RECOVERY_PATHS, RESET_TEXT } from '@shared/account-recovery';
import { afterSignInPath } from './after-sign-in';
import { AuthLayout } from './AuthLayout';

const choosePassword = z
  .object({ password: newPasswordField, confirm: z.string().max(200) })
  .refine((v) => v.password === v.confirm, { message: RESET_TEXT.passwordsDiffer, path: ['confirm'] });
type ChoosePassword = z.infer<typeof choosePassword>;

/** A link that cannot be used: why, and a way to ask for a new one. */
function LinkProblem({ message }: { message: string }) {
  return (
    <AuthLayout title="This link cannot be used" intro="Password reset links work once, for 30 minutes.">
      <Alert variant="warning">
        <TriangleAlert aria-hidden />
        <p>{message}</p>
      </Alert>
      <Button asChild className="w-full">
        <Link to={RECOVERY_PATHS.forgot}>Ask for a new link</Link>
      </Button>
      <div className="flex justify-center">
        <Link to="/login" className="text-sm text-zinc-600 underline-offset-4 hover:text-zinc-900 hover:underline">Back to sign in</Link>
      </div>
    </AuthLayout>
  );
}

/**
 * /login/reset-password?token= (issue 26): the link from the email. Says at once when the link is used,
 * expired or superseded; otherwise a new password (twice), then the person is signed in here and
 * signed out everywhere else.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.slice(0, 100) ?? '';
  const navigate = useNavigate();
  const tenantId = useCurrentTenant().data?.tenant?.id ?? null;
  const status = useResetLinkStatus(token);
  const complete = useCompletePasswordReset();
  const [problem, setProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChoosePassword>({ resolver: zodResolver(choosePassword), defaultValues: { password: '', confirm: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      const answer = await complete.mutateAsync({ token, password });
      toast.success(RESET_TEXT.done);
      // The account signs in in two steps: the password is set; its code comes next, on the sign-in page.
      if ('two_step_required' in answer) return void (await navigate('/login?two_step=1', { replace: true }));
      await navigate(afterSignInPath(null, answer, tenantId), { replace: true });
    } catch (error) {
      // The link stopped working meanwhile (used in another tab, expired): say so as the page would.
      if (error instanceof ApiError && error.code === 'invalid_link') return setProblem(error.message);
      applyServerFieldErrors(error, form.setError, ['password']);
      setFormError(errorMessage(error, 'We could not change your password. Please try again.'));
    }
  });

  if (problem) return <LinkProblem message={problem} />;
  if (status.isPending) {
    return (
      <AuthLayout title="Choose a new password" intro="Checking your link...">
        <div className="flex justify-center py-6"><Spinner label="Checking your link" /></div>
      </AuthLayout>
    );
  }
  if (status.isError) {
    return (
      <AuthLayout title="Choose a new password" intro="We could not check your link.">
        <Alert variant="destructive">{errorMessage(status.error, 'We could not reach the server. Check your connection and try again.')}</Alert>
        <Button variant="outline" onClick={() => void status.refetch()}>Try again</Button>
      </AuthLayout>
    );
  }
  if (status.data.state !== 'valid') return <LinkProblem message={status.data.message ?? RESET_TEXT.invalid} />;

  return (
    <AuthLayout title="Choose a new password" intro={status.data.email ? `For the account ${status.data.email}` : 'For your account'}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        <FormField label="New password" error={errors.password?.message} hint="At least 8 characters.">
          <Input type="password" autoComplete="new-password" autoFocus {...form.register('password')} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirm?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirm')} />
        </FormField>
        <p className="flex items-start gap-2 text-xs text-zinc-500">
          <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          Saving signs you out on every other device.
        </p>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Saving...' : 'Save new password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
