import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LockKeyhole, Store } from 'lucide-react';
import type { StoreTenant } from '@shared/tenants';
import { SETUP_TEXT } from '@shared/store-setup-text';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { api, errorMessage } from '@/lib/api';
import { platformKeys } from '@/lib/query-keys';

/**
 * What a visitor sees of a store that has not launched (issue 25): its name, "Opening soon", how to
 * reach it, and, when the merchant set one, a box for the preview password. The server answers the
 * page 503 with noindex and refuses every storefront call, so nothing else of the store shows.
 */
export function OpeningSoon({ tenant }: { tenant: StoreTenant }) {
  useEffect(() => {
    document.title = `${SETUP_TEXT.openingSoonTitle} · ${tenant.name}`;
  }, [tenant.name]);
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-8 text-center shadow-sm sm:p-10">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent-soft">
          <Store className="size-6 text-accent" aria-hidden />
        </div>
        <p className="mt-5 text-sm font-medium tracking-wide text-zinc-500 uppercase">{tenant.name}</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight">{SETUP_TEXT.openingSoonTitle}</h1>
        <p className="mt-3 text-pretty text-zinc-600">{tenant.details.description ?? SETUP_TEXT.openingSoonBody}</p>
        {tenant.details.contact_email ? (
          <p className="mt-4 text-sm text-zinc-500">
            Questions? <a className="font-medium text-accent underline-offset-4 hover:underline" href={`mailto:${tenant.details.contact_email}`}>{tenant.details.contact_email}</a>
          </p>
        ) : null}
        {tenant.preview_password ? <PreviewPassword /> : null}
        <p className="mt-8 text-xs text-zinc-500">
          Work here? <Link to="/login?redirect=%2F" className="font-medium text-zinc-700 underline-offset-4 hover:underline">Sign in</Link> to see the shop.
        </p>
      </div>
    </main>
  );
}

function PreviewPassword() {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password.trim()) return setError('Enter the password');
    setBusy(true);
    setError(null);
    try {
      await api('POST', '/api/store-preview', { password });
      // The store now answers this browser: ask again which store this is, and show it.
      await queryClient.invalidateQueries({ queryKey: platformKeys.currentTenant });
    } catch (err) {
      setError(errorMessage(err, SETUP_TEXT.previewWrong));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="mt-8 border-t border-zinc-100 pt-6 text-left" aria-label="Preview the shop">
      <label htmlFor="preview-password" className="flex items-center gap-2 text-sm font-medium text-zinc-800">
        <LockKeyhole className="size-4 text-zinc-500" aria-hidden />
        {SETUP_TEXT.previewPrompt}
      </label>
      <div className="mt-2 flex gap-2">
        <Input
          id="preview-password"
          type="password"
          autoComplete="off"
          value={password}
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'preview-password-error' : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" disabled={busy}>{busy ? 'Checking…' : 'Enter'}</Button>
      </div>
      {error ? <p id="preview-password-error" role="alert" className="mt-2 text-sm text-red-600">{error}</p> : null}
    </form>
  );
}
