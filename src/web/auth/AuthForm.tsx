import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/forms';
import { signInBody, signUpBody } from '@shared/auth';
import { RECOVERY_PATHS } from '@shared/account-recovery';

type Credentials = { email: string; password: string };

interface AuthFormProps {
  mode: 'sign-in' | 'sign-up';
  /** Sends the credentials; resolves on success, throws the server's error on failure. */
  onSubmit: (values: Credentials) => Promise<unknown>;
  /** Turns a failure into the text to show (spec §8 wording). */
  describeError: (error: unknown) => string;
}

/** Email and password, checked with the same schema the server uses, with the server's message on failure. */
export function AuthForm({ mode, onSubmit, describeError }: AuthFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Credentials>({
    resolver: zodResolver(mode === 'sign-in' ? signInBody : signUpBody),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const typedEmail = useWatch({ control: form.control, name: 'email' });
  const label = mode === 'sign-in' ? 'Sign In' : 'Sign Up';

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['email', 'password']);
      setFormError(describeError(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@example.co.uk" {...form.register('email')} />
      </FormField>
      <FormField
        label="Password"
        error={errors.password?.message}
        hint={mode === 'sign-up' ? 'At least 8 characters.' : undefined}
      >
        <Input type="password" autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'} {...form.register('password')} />
      </FormField>
      {mode === 'sign-in' ? (
        // Issue 26: a way back in for someone who forgot their password, with the email typed so far.
        <div className="-mt-2 flex justify-end">
          <Link
            to={`${RECOVERY_PATHS.forgot}${typedEmail ? `?email=${encodeURIComponent(typedEmail)}` : ''}`}
            className="text-sm text-zinc-600 underline-offset-4 hover:text-zinc-900 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
      ) : null}
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? (mode === 'sign-in' ? 'Signing in...' : 'Creating account...') : label}
      </Button>
    </form>
  );
}
