import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, ExternalLink, KeyRound, Loader2, PartyPopper, Rocket } from 'lucide-react';
import { previewPasswordBody, SETUP_TEXT, type PreviewPasswordBody, type SetupResponse } from '@shared/store-setup';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { api, ApiError, errorMessage } from '@/lib/api';
import { setupKeys, useLaunchStore, useSetPreviewPassword, useUnlaunchStore } from '@/lib/admin-setup';
import { applyServerFieldErrors } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { launchDate, stepLink } from './setup-steps';

/**
 * Under the checklist: the launch itself. Before it, what shoppers see, the preview password, what
 * still blocks the launch and the Launch button; after it, since when the store is open and a way to
 * close it again.
 */
export function LaunchPanel({ setup }: { setup: SetupResponse }) {
  return setup.launched_at ? <Launched setup={setup} /> : <NotLaunched setup={setup} />;
}

function ViewStoreLink({ url }: { url: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={url} target="_blank" rel="noopener noreferrer">
        View your store <ExternalLink aria-hidden />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}

function NotLaunched({ setup }: { setup: SetupResponse }) {
  const titleId = useId();
  const launch = useLaunchStore();
  const queryClient = useQueryClient();
  const blocked = setup.blockers.length > 0;

  const onLaunch = () =>
    launch.mutate(undefined, {
      onSuccess: () => toast.success(SETUP_TEXT.launched, { id: 'store-launch' }),
      onError: (error) => {
        toast.error(errorMessage(error, 'Could not launch your store. Please try again.'), { id: 'store-launch' });
        // Refused: the checklist on screen was out of date. Read it again so the blockers show.
        if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: setupKeys.state });
      },
    });

  return (
    <section aria-labelledby={titleId} className="mt-5 flex flex-col gap-5 rounded-lg border border-zinc-200 bg-zinc-50/70 p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex gap-3">
          <Rocket className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden />
          <div>
            <h4 id={titleId} className="text-sm font-semibold text-zinc-900">Your store is not open yet</h4>
            <p className="mt-0.5 text-sm text-zinc-600">Shoppers see an “Opening soon” page until you launch.</p>
          </div>
        </div>
        <div className="shrink-0 pl-8 sm:pl-0">
          <ViewStoreLink url={setup.store_url} />
        </div>
      </div>

      <PreviewPassword current={setup.preview_password} />

      {blocked ? (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 sm:p-4" role="status">
          <p className="text-sm font-medium text-amber-900">Before you can launch:</p>
          <ul className="mt-2 grid gap-1.5">
            {setup.blockers.map((blocker) => {
              const to = stepLink(blocker.key);
              return (
                <li key={blocker.key} className="text-sm text-amber-900">
                  {to ? (
                    <Link to={to} className="group inline-flex items-start gap-1.5 rounded-sm underline-offset-4 hover:underline">
                      <ArrowRight className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
                      <span>{blocker.message}</span>
                    </Link>
                  ) : (
                    <span className="inline-flex flex-wrap items-start gap-1.5">
                      <ArrowRight className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
                      <span>{blocker.message}</span>
                      {blocker.key === 'email' ? <ResendConfirmation /> : null}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button size="lg" className="w-full sm:w-auto" disabled={blocked || launch.isPending} onClick={onLaunch}>
          {launch.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Rocket aria-hidden />}
          {launch.isPending ? 'Launching…' : 'Launch store'}
        </Button>
        {blocked ? <p className="text-xs text-zinc-500">Finish the steps above to launch.</p> : <p className="text-xs text-zinc-500">Your store opens to shoppers straight away.</p>}
      </div>
    </section>
  );
}

/** The body as typed (the input always gives a string; null is Remove's, not the form's). */
type PasswordValues = { password: string | null };

/** The preview password: who may see the store before it opens, with a small form to set, change or remove it. */
function PreviewPassword({ current }: { current: string | null }) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const save = useSetPreviewPassword();
  const remove = useSetPreviewPassword();
  const form = useForm<PasswordValues, unknown, PreviewPasswordBody>({ defaultValues: { password: '' }, resolver: zodResolver(previewPasswordBody) });
  const error = form.formState.errors.password?.message;
  const busy = save.isPending || remove.isPending;

  const onSave = form.handleSubmit((body) =>
    save.mutate(body.password, {
      onSuccess: () => {
        toast.success(SETUP_TEXT.previewSaved, { id: 'preview-password' });
        form.reset({ password: '' });
      },
      onError: (err) => {
        if (!applyServerFieldErrors(err, form.setError, ['password'])) toast.error(errorMessage(err, 'Could not save the preview password. Please try again.'), { id: 'preview-password' });
      },
    }),
  );
  const onRemove = () =>
    remove.mutate(null, {
      onSuccess: () => {
        toast.success(SETUP_TEXT.previewRemoved, { id: 'preview-password' });
        form.reset({ password: '' });
      },
      onError: (err) => toast.error(errorMessage(err, 'Could not remove the preview password. Please try again.'), { id: 'preview-password' }),
    });

  return (
    <div className="flex gap-3">
      <KeyRound className="mt-0.5 size-5 shrink-0 text-zinc-500" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-zinc-900">Preview password</p>
        {current ? (
          <p className="mt-0.5 text-sm text-zinc-600">
            Anyone with <code className="rounded bg-white px-1.5 py-0.5 font-mono text-[0.8125rem] text-zinc-900 ring-1 ring-zinc-200">{current}</code> can see the shop before it opens.
          </p>
        ) : (
          <p className="mt-0.5 text-sm text-zinc-600">Only your staff can preview the shop. Set a password to show it to others.</p>
        )}
        <form onSubmit={onSave} noValidate aria-label="Set the preview password" className="mt-2.5">
          <label htmlFor={inputId} className="sr-only">{current ? 'New preview password' : 'Preview password'}</label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={inputId}
              autoComplete="off"
              spellCheck={false}
              placeholder={current ? 'New password' : 'Choose a password'}
              maxLength={64}
              className="w-full min-w-0 bg-white sm:w-56"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? messageId : undefined}
              disabled={busy}
              {...form.register('password')}
            />
            <Button type="submit" variant="outline" disabled={busy}>
              {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              Save password
            </Button>
            {current ? (
              <Button type="button" variant="ghost" className="text-zinc-600 hover:text-red-700" disabled={busy} onClick={onRemove}>
                {remove.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
                Remove
              </Button>
            ) : null}
          </div>
          {error ? (
            <p id={messageId} className="mt-1.5 text-xs text-red-600">{error}</p>
          ) : null}
        </form>
      </div>
    </div>
  );
}

function Launched({ setup }: { setup: SetupResponse }) {
  const titleId = useId();
  const unlaunch = useUnlaunchStore();
  const [confirming, setConfirming] = useState(false);
  const since = launchDate(setup.launched_at);

  const close = () =>
    unlaunch.mutate(undefined, {
      onSuccess: () => {
        toast.success(SETUP_TEXT.unlaunched, { id: 'store-launch' });
        setConfirming(false);
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not close your store. Please try again.'), { id: 'store-launch' }),
    });

  return (
    <section aria-labelledby={titleId} className="@container mt-5 rounded-lg border border-emerald-200 bg-emerald-50/60 p-4 sm:p-5">
      <div className="flex flex-col gap-4 @2xl:flex-row @2xl:items-center @2xl:justify-between">
        <div className="flex gap-3">
          <PartyPopper className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
          <div>
            <h4 id={titleId} className="text-sm font-semibold text-emerald-950">Your store is open</h4>
            <p className="mt-0.5 text-sm text-emerald-900/80">{since ? `Launched on ${since}. ` : ''}Shoppers can browse and buy.</p>
          </div>
        </div>
        {/* Beside the words only when the panel is wide enough (the card is two thirds of the page once launched). */}
        <div className="flex flex-wrap gap-2 pl-8 @2xl:shrink-0 @2xl:pl-0">
          <ViewStoreLink url={setup.store_url} />
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>Close to shoppers</Button>
        </div>
      </div>

      <Dialog open={confirming} onOpenChange={(open) => !unlaunch.isPending && setConfirming(open)}>
        <DialogContent role="alertdialog" className="max-w-md">
          <DialogHeader>
            <DialogTitle>Close your store to shoppers?</DialogTitle>
            <DialogDescription>
              Shoppers will see the “Opening soon” page again and cannot place orders until you launch again. You and your staff can still see the store.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" disabled={unlaunch.isPending} onClick={() => setConfirming(false)}>Cancel</Button>
            <Button variant="destructive" disabled={unlaunch.isPending} onClick={close}>
              {unlaunch.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {unlaunch.isPending ? 'Closing…' : 'Close to shoppers'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}

/** "Send the link again" beside the email blocker: a new confirmation link to the signed-in person. */
function ResendConfirmation() {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const resend = async () => {
    setState('sending');
    try {
      await api('POST', '/api/auth/confirm-email/resend');
      setState('sent');
      toast.success('We have sent you a new link');
    } catch (error) {
      setState('idle');
      toast.error(errorMessage(error, 'Could not send the link. Please try again.'));
    }
  };
  if (state === 'sent') return <span className="text-amber-800">Sent: check your inbox.</span>;
  return (
    <button type="button" onClick={() => void resend()} disabled={state === 'sending'} className="font-medium text-amber-900 underline underline-offset-4 disabled:opacity-60">
      {state === 'sending' ? 'Sending…' : 'Send the link again'}
    </button>
  );
}
