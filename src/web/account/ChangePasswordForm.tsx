import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Lock } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useChangePassword } from '@/lib/account-settings';
import { changePasswordBody } from '@shared/account-settings';
import { PASSWORDS_DIFFER } from '@shared/auth';
import { SettingsSection } from './SettingsSection';

const form = changePasswordBody.extend({ confirm: z.string().max(200) }).refine((v) => v.new_password === v.confirm, { message: PASSWORDS_DIFFER, path: ['confirm'] });
type Values = z.infer<typeof form>;

/** Change password: the current one, the new one twice; other devices are signed out. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const f = useForm<Values>({ resolver: zodResolver(form), defaultValues: { current_password: '', new_password: '', confirm: '' } });
  const { errors, isSubmitting } = f.formState;

  const submit = f.handleSubmit(async ({ current_password, new_password }) => {
    setFormError(null);
    try {
      const { message } = await change.mutateAsync({ current_password, new_password });
      f.reset();
      toast.success(message);
    } catch (error) {
      if (!applyServerFieldErrors(error, f.setError, ['current_password', 'new_password'])) setFormError(errorMessage(error, 'Could not change your password. Please try again.'));
    }
  });

  return (
    <SettingsSection icon={Lock} title="Password" description="Changing it signs you out on every other device.">
      <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        <FormField label="Current password" error={errors.current_password?.message}>
          <Input type="password" autoComplete="current-password" {...f.register('current_password')} />
        </FormField>
        <FormField label="New password" error={errors.new_password?.message} hint="At least 8 characters.">
          <Input type="password" autoComplete="new-password" {...f.register('new_password')} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirm?.message}>
          <Input type="password" autoComplete="new-password" {...f.register('confirm')} />
        </FormField>
        <Button type="submit" disabled={isSubmitting} className="justify-self-start">
          {isSubmitting ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
