import { useState } from 'react';
import { Fingerprint } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useDisableTwoStep, useEnableTwoStep, useNewRecoveryCodes, useStartTwoStepSetup, useTwoStepStatus } from '@/lib/account-settings';
import type { TwoStepSetup } from '@shared/two-step';
import { SettingsSection } from './SettingsSection';
import { WithPassword } from './WithPassword';

const when = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/** The recovery codes, shown once: to copy or write down before leaving the page. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3">
      <Alert variant="warning">
        <p>Save these recovery codes somewhere safe. Each signs you in once if you lose your phone. They will not be shown again.</p>
      </Alert>
      <ol aria-label="Recovery codes" className="grid grid-cols-1 gap-1 rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(codes.join('\n')).then(() => toast.success('Recovery codes copied'))}>Copy codes</Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

/** Scanning the QR code (or typing the key), then the first code turns it on. */
function SetUp({ setup, onEnabled, onCancel }: { setup: TwoStepSetup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const enable = useEnableTwoStep();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const { recovery_codes, message } = await enable.mutateAsync(code.trim());
      toast.success(message);
      onEnabled(recovery_codes);
    } catch (err) {
      setError(err instanceof ApiError && err.fields.code ? err.fields.code : errorMessage(err, 'Could not turn two-step sign-in on.'));
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Set up two-step sign-in" className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
      <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`} alt="QR code to scan with your authenticator app" width={176} height={176} className="rounded-md border border-zinc-200 bg-white p-2" />
      <div className="grid gap-3 text-sm">
        <p className="text-zinc-600">1. Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password and others).</p>
        <div className="text-zinc-600">
          <p>Can&apos;t scan it? Enter this key instead:</p>
          <code aria-label="Set-up key" className="mt-1 block break-all rounded bg-zinc-100 px-2 py-1 font-mono text-xs text-zinc-900">{setup.secret}</code>
        </div>
        <p className="text-zinc-600">2. Enter the 6-digit code the app shows.</p>
        <FormField label="Code from the app" error={error ?? undefined}>
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} placeholder="123456" value={code} onChange={(e) => setCode(e.target.value)} className="max-w-40 tracking-widest" />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={enable.isPending}>{enable.isPending ? 'Checking...' : 'Turn on two-step sign-in'}</Button>
          <Button type="button" variant="outline" onClick={onCancel}>Cancel</Button>
        </div>
      </div>
    </form>
  );
}

/**
 * Two-step sign-in (issue 26 item 3): off, setting up (QR code and first code), recovery codes shown
 * once, on (new codes, turn off). A store that requires it cannot have it turned off by its members.
 */
export function TwoStepSection() {
  const status = useTwoStepStatus();
  const start = useStartTwoStepSetup();
  const disable = useDisableTwoStep();
  const regenerate = useNewRecoveryCodes();
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState<'off' | 'codes' | null>(null);

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: setSetup,
      onError: (error) => toast.error(errorMessage(error, 'Could not start the set-up.')),
    });

  const body = () => {
    if (status.isPending) return <Skeleton className="h-16" />;
    if (status.isError) return <Alert variant="destructive">{errorMessage(status.error, 'Could not load your sign-in settings.')}</Alert>;
    if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
    if (setup) return <SetUp setup={setup} onEnabled={(c) => { setSetup(null); setCodes(c); }} onCancel={() => setSetup(null)} />;
    const s = status.data;
    if (!s.enabled) {
      return (
        <div className="grid gap-3">
          {s.required_by.length > 0 ? <Alert variant="warning">{`${s.required_by.join(', ')} ${s.required_by.length === 1 ? 'requires' : 'require'} two-step sign-in for everyone with admin access.`}</Alert> : null}
          <p className="text-sm text-zinc-600">After your password, you will also enter a code from an app on your phone, so a stolen password alone is not enough.</p>
          <Button className="justify-self-start" disabled={start.isPending} onClick={begin}>{start.isPending ? 'Starting...' : 'Set up two-step sign-in'}</Button>
        </div>
      );
    }
    return (
      <div className="grid gap-3">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="success">On</Badge>
          {s.enabled_at ? <span className="text-zinc-600">since {when(s.enabled_at)}</span> : null}
          <span className="text-zinc-500">· {s.recovery_codes_left} recovery {s.recovery_codes_left === 1 ? 'code' : 'codes'} left</span>
        </p>
        {confirming === 'codes' ? (
          <WithPassword label="Make new recovery codes" busy={regenerate.isPending} onCancel={() => setConfirming(null)} onConfirm={async (password) => { setCodes((await regenerate.mutateAsync(password)).recovery_codes); setConfirming(null); }} />
        ) : confirming === 'off' ? (
          <WithPassword label="Turn off two-step sign-in" destructive busy={disable.isPending} onCancel={() => setConfirming(null)} onConfirm={async (password) => { toast.success((await disable.mutateAsync(password)).message); setConfirming(null); }} />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setConfirming('codes')}>New recovery codes</Button>
            {s.required_by.length === 0 ? <Button variant="outline" size="sm" onClick={() => setConfirming('off')}>Turn off</Button> : <span className="self-center text-xs text-zinc-500">Required by {s.required_by.join(', ')}</span>}
          </div>
        )}
      </div>
    );
  };

  return (
    <SettingsSection icon={Fingerprint} title="Two-step sign-in" description="A code from your phone after your password.">
      {body()}
    </SettingsSection>
  );
}
