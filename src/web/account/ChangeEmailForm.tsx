import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { MailCheck } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/forms';
import { useAccount, useChangeEmail } from '@/lib/account-settings';
import { changeEmailBody } from '@shared/account-settings';
import { SettingsSection } from './SettingsSection';

const form = changeEmailBody.omit({ return_to: true });
type Values = z.input<typeof form>;

/**
 * Change email: the new address and the current password. The change happens only when the link sent
 * to the new address is opened; until then the old one keeps working.
 */
export function ChangeEmailForm({ returnTo }: { returnTo: 'store' | 'admin' }) {
  const account = useAccount();
  const change = useChangeEmail();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const f = useForm<Values>({ resolver: zodResolver(form), defaultValues: { new_email: '', current_password: '' } });
  const { errors, isSubmitting } = f.formState;

  const submit = f.handleSubmit(async (values) => {
    setFormError(null);
    setSent(null);
    try {
      const { message } = await change.mutateAsync({ ...values, return_to: returnTo });
      f.reset();
      setSent(message);
    } catch (error) {
      if (!applyServerFieldErrors(error, f.setError, ['new_email', 'current_password'])) setFormError(errorMessage(error, 'Could not send the confirmation link. Please try again.'));
    }
  });

  return (
    <SettingsSection icon={MailCheck} title="Email" description="You sign in with it, and we send your orders and account notices to it.">
      <div className="grid max-w-md gap-4">
        {account.isPending ? (
          <Skeleton className="h-6 w-64" />
        ) : account.isError ? (
          <Alert variant="destructive">{errorMessage(account.error, 'Could not load your account.')}</Alert>
        ) : (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="break-all font-medium">{account.data.email}</span>
            {account.data.email_confirmed ? <Badge variant="success">Confirmed</Badge> : <Badge variant="warning">Not confirmed</Badge>}
          </p>
        )}
        {sent ? (
          <Alert>
            <MailCheck aria-hidden />
            <p>{sent}</p>
          </Alert>
        ) : null}
        <form onSubmit={submit} noValidate className="grid gap-4">
          {formError ? <Alert variant="destructive">{formError}</Alert> : null}
          <FormField label="New email" error={errors.new_email?.message}>
            <Input type="email" autoComplete="email" placeholder="you@example.co.uk" {...f.register('new_email')} />
          </FormField>
          <FormField label="Current password" error={errors.current_password?.message}>
            <Input type="password" autoComplete="current-password" {...f.register('current_password')} />
          </FormField>
          <Button type="submit" variant="outline" disabled={isSubmitting} className="justify-self-start">
            {isSubmitting ? 'Sending...' : 'Change email'}
          </Button>
        </form>
      </div>
    </SettingsSection>
  );
}
