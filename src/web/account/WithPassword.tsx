import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api';

/**
 * An action confirmed with the current password (new recovery codes, turning two-step off, erasing
 * one's data). A wrong password is the field's error; any other refusal shows above it in the server's words.
 */
export function WithPassword({ label, busy, onConfirm, onCancel, destructive, children }: { label: string; busy: boolean; onConfirm: (password: string) => Promise<void>; onCancel: () => void; destructive?: boolean; children?: ReactNode }) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setFormError(null);
    try {
      await onConfirm(password);
    } catch (err) {
      if (err instanceof ApiError && err.fields.current_password) setFieldError(err.fields.current_password);
      else setFormError(errorMessage(err, 'Something went wrong. Please try again.'));
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="grid max-w-md gap-3">
      {children}
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <FormField label="Current password" error={fieldError ?? undefined}>
        <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy}>{label}</Button>
        <Button type="button" variant="outline" onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
