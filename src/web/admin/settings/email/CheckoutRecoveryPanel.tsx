import { useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import { CHECKOUT_RECOVERY, CHECKOUT_RECOVERY_TEXT, type CheckoutRecoveryStats } from '@shared/checkout-recovery';
import type { CheckoutRecoverySettingsView } from '@shared/checkout-recovery-schemas';
import { formatGBP } from '@shared/money';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { ApiError, errorMessage } from '@/lib/api';
import { useCheckoutRecoverySettings, useSaveCheckoutRecoverySettings } from '@/lib/admin-checkout-recovery';
import { toast } from '@/lib/toast';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { checkRecoveryDraft, recoveryDraftOf, type RecoveryDraft } from './checkout-recovery-form';

/**
 * Settings > Email > Checkout recovery (issue 28 item 6, decision 048): the switch and how many hours
 * after a checkout was left its one email goes, with the last 30 days' figures. Staff with the Settings
 * permission see it; only owners and admins change it. The email itself is a template (Templates).
 */
export function CheckoutRecoveryPanel({ onEditTemplate }: { onEditTemplate: () => void }) {
  const settings = useCheckoutRecoverySettings();
  return (
    <section className="flex flex-col gap-4" aria-labelledby="checkout-recovery-title">
      <div>
        <h2 id="checkout-recovery-title" className="text-lg font-semibold">Checkout recovery</h2>
        <p className="mt-1 max-w-2xl text-sm text-zinc-500">{CHECKOUT_RECOVERY_TEXT.description}</p>
      </div>
      {settings.isError ? (
        <Alert variant="destructive" className="max-w-3xl items-center">
          <span className="flex-1">
            <span className="block font-medium">{CHECKOUT_RECOVERY_TEXT.loadFailed}</span>
            <span className="block">{errorMessage(settings.error, 'Please try again.')}</span>
          </span>
          <Button size="sm" variant="outline" onClick={() => void settings.refetch()}>Try again</Button>
        </Alert>
      ) : settings.isPending ? (
        <Card className="grid max-w-3xl gap-3 p-5" aria-busy="true" aria-label="Loading the checkout recovery settings">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-9 w-full sm:w-2/3" />
          <Skeleton className="h-9 w-32" />
        </Card>
      ) : (
        <>
          <RecoveryForm view={settings.data} />
          <RecoveryFigures stats={settings.data.stats} />
          <p className="max-w-3xl text-sm text-zinc-500">
            {CHECKOUT_RECOVERY_TEXT.templateHint}{' '}
            <button type="button" className="rounded-sm font-medium text-indigo-700 hover:underline" onClick={onEditTemplate}>Open Templates</button>
          </p>
        </>
      )}
    </section>
  );
}

function RecoveryForm({ view }: { view: CheckoutRecoverySettingsView }) {
  const save = useSaveCheckoutRecoverySettings();
  const [saved, setSaved] = useState(() => recoveryDraftOf(view.settings));
  const [draft, setDraft] = useState<RecoveryDraft>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dirty = draft.enabled !== saved.enabled || draft.hours.trim() !== saved.hours;
  useUnsavedChanges(dirty && view.can_edit, 'your checkout recovery settings');
  const locked = !view.can_edit;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRecoveryDraft(draft);
    if (!checked.ok) {
      setErrors(checked.fields);
      toast.error(CHECKOUT_RECOVERY_TEXT.saveFailed, { description: Object.values(checked.fields)[0] });
      return;
    }
    setErrors({});
    save.mutate(checked.body, {
      onSuccess: (next) => {
        const fresh = recoveryDraftOf(next.settings);
        setSaved(fresh);
        setDraft(fresh);
        toast.success(CHECKOUT_RECOVERY_TEXT.saved);
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toast.error(CHECKOUT_RECOVERY_TEXT.saveFailed, { description: errorMessage(error, 'Please try again.') });
      },
    });
  };

  return (
    <Card className="max-w-3xl">
      <form onSubmit={submit} noValidate aria-label="Checkout recovery settings">
        <CardHeader>
          <CardTitle>{CHECKOUT_RECOVERY_TEXT.title}</CardTitle>
          <CardDescription>One reminder per checkout, to the email address the shopper entered.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {locked ? (
            <Alert variant="info">
              <Lock aria-hidden />
              <span>{CHECKOUT_RECOVERY_TEXT.readOnly}</span>
            </Alert>
          ) : null}
          <label className="flex items-start gap-3">
            <Switch
              checked={draft.enabled}
              onCheckedChange={(enabled) => setDraft((d) => ({ ...d, enabled }))}
              disabled={locked}
              aria-labelledby="checkout-recovery-enabled-label"
              aria-describedby="checkout-recovery-enabled-hint"
              className="mt-0.5"
            />
            <span className="grid gap-0.5">
              <span id="checkout-recovery-enabled-label" className="text-sm font-medium text-zinc-900">{CHECKOUT_RECOVERY_TEXT.enabledLabel}</span>
              <span id="checkout-recovery-enabled-hint" className="text-sm text-zinc-500">{draft.enabled ? CHECKOUT_RECOVERY_TEXT.on : CHECKOUT_RECOVERY_TEXT.off}</span>
            </span>
          </label>
          <div className="max-w-xs">
            <FormField label={CHECKOUT_RECOVERY_TEXT.hoursLabel} hint={CHECKOUT_RECOVERY_TEXT.hoursHint} error={errors.send_after_hours}>
              <Input
                inputMode="numeric"
                value={draft.hours}
                onChange={(e) => setDraft((d) => ({ ...d, hours: e.target.value }))}
                maxLength={6}
                disabled={locked}
                className="w-28"
              />
            </FormField>
          </div>
          {errors.enabled ? <p className="text-xs text-red-600">{errors.enabled}</p> : null}
          {locked ? null : (
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={!dirty || save.isPending}>{save.isPending ? 'Saving…' : 'Save'}</Button>
              {dirty ? <span className="text-sm text-zinc-500">Unsaved changes</span> : null}
            </div>
          )}
        </CardContent>
      </form>
    </Card>
  );
}

/** The last 30 days: emails sent, links opened, checkouts recovered and what they came to. */
function RecoveryFigures({ stats }: { stats: CheckoutRecoveryStats }) {
  const figures = [
    { label: 'Emails sent', value: String(stats.sent) },
    { label: 'Carts reopened', value: String(stats.restored) },
    { label: 'Checkouts recovered', value: String(stats.recovered) },
    { label: 'Recovered sales', value: formatGBP(stats.recovered_revenue) },
  ];
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle>{CHECKOUT_RECOVERY_TEXT.statsTitle}</CardTitle>
        <CardDescription>A checkout is recovered when it is paid from the email’s link, or by the same address within {CHECKOUT_RECOVERY.recoveredWithinDays} days of the email.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {figures.map((f) => (
            <div key={f.label} className="min-w-0">
              <dt className="text-xs text-zinc-500">{f.label}</dt>
              <dd className="mt-0.5 text-xl font-semibold tabular-nums">{f.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
