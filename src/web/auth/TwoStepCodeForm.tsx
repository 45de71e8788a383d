import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api';
import { useTwoStepSignIn } from '@/lib/account-recovery';
import type { SessionResponse } from '@shared/auth';

/**
 * The second step of signing in (issue 26): the 6-digit code of the authenticator app, or one of the
 * recovery codes. A challenge that expired sends the person back to the password. Its messages are the
 * server's (wrong code, too many tries): this bundle carries none of the two-step texts (decision 004).
 */
export function TwoStepCodeForm({ onSignedIn, onRestart }: { onSignedIn: (session: SessionResponse) => void | Promise<void>; onRestart: () => void }) {
  const signIn = useTwoStepSignIn();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!code.trim()) return setError(recovery ? 'Enter one of your recovery codes' : 'Enter the 6-digit code from your authenticator app');
    try {
      await onSignedIn(await signIn.mutateAsync(code.trim()));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return onRestart();
      setError(errorMessage(err, 'That code is not right.'));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Two-step sign-in" className="grid gap-4">
      <div className="rounded-lg bg-zinc-50 p-3 text-sm text-zinc-600">
        <p>{recovery ? 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.' : 'Open your authenticator app and enter the 6-digit code it shows for this account.'}</p>
      </div>
      <FormField label={recovery ? 'Recovery code' : 'Authentication code'} error={error ?? undefined}>
        <Input
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 40 : 6}
          placeholder={recovery ? 'xxxx-xxxx-xxxx' : '123456'}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          className="tracking-widest"
        />
      </FormField>
      <Button type="submit" disabled={signIn.isPending} className="w-full">
        {signIn.isPending ? 'Checking...' : 'Verify and sign in'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="text-zinc-600 underline-offset-4 hover:text-zinc-900 hover:underline" onClick={() => { setRecovery(!recovery); setCode(''); setError(null); }}>
          {recovery ? 'Use a code from my app' : 'Use a recovery code'}
        </button>
        <button type="button" className="text-zinc-600 underline-offset-4 hover:text-zinc-900 hover:underline" onClick={onRestart}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
