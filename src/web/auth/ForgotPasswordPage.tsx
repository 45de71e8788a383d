import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/forms';
import { useRequestPasswordReset } from '@/lib/account-recovery';
import { RESET_TEXT, resetRequestBody, type ResetRequestBody } from '@shared/account-recovery';
import { AuthLayout } from './AuthLayout';

/**
 * /login/forgot-password (issue 26): an email, then the same answer whether or not it has an account. The
 * link in the email opens /reset-password on this host.
 */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetRequestBody>({ resolver: zodResolver(resetRequestBody), defaultValues: { email: params.get('email')?.slice(0, 254) ?? '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await request.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['email']);
      setFormError(errorMessage(error, 'We could not send the link. Please try again.'));
    }
  });

  if (sentTo) {
    return (
      <AuthLayout title="Check your email" intro={`We sent it to ${sentTo}, if an account uses it.`}>
        <Alert>
          <MailCheck aria-hidden />
          <div className="grid gap-1">
            <p className="font-medium">{RESET_TEXT.sent}</p>
            <p className="text-zinc-600">{RESET_TEXT.sentHint}</p>
          </div>
        </Alert>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="outline" onClick={() => setSentTo(null)}>Use another email</Button>
          <Link to="/login" className="text-sm text-zinc-600 underline-offset-4 hover:text-zinc-900 hover:underline">Back to sign in</Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot your password?" intro="Enter the email you sign in with and we will send you a link to choose a new password.">
      <form onSubmit={submit} noValidate className="grid gap-4">
        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" autoFocus placeholder="you@example.co.uk" {...form.register('email')} />
        </FormField>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
        <div className="flex justify-center">
          <Link to="/login" className="text-sm text-zinc-600 underline-offset-4 hover:text-zinc-900 hover:underline">Back to sign in</Link>
        </div>
      </form>
    </AuthLayout>
  );
}
