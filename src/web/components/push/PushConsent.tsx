import { useEffect, useId, useState } from 'react';
import { Bell, BellOff, BellRing, ChevronDown } from 'lucide-react';
import { PUSH_TEXT, type PushKind } from '@shared/push';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PUSH_FAILURE_TEXT } from '@/lib/push-browser';
import { cn } from '@/lib/utils';
import { usePushConsent, type ConsentStatus, type PushConsent as Consent } from './use-push-consent';

interface Props {
  kind: PushKind;
  /** A full card, or one line with a details toggle (admin spec §2). */
  mode: 'card' | 'compact';
  title: string;
  description: string;
  /** After this browser was subscribed or unsubscribed (the admin refreshes its list). */
  onChange?: () => void;
  /** Each time the status changes (the admin's Send test waits for 'on'). */
  onStatus?: (status: ConsentStatus) => void;
  className?: string;
}

const BADGE: Record<ConsentStatus, { label: string; className: string }> = {
  checking: { label: 'Checking…', className: 'bg-zinc-100 text-zinc-600' },
  unsupported: { label: 'Not supported', className: 'bg-zinc-100 text-zinc-600' },
  denied: { label: 'Blocked', className: 'bg-amber-50 text-amber-800' },
  off: { label: 'Off', className: 'bg-zinc-100 text-zinc-700' },
  on: { label: 'On', className: 'bg-emerald-50 text-emerald-700' },
};

const PERMISSION_TEXT = { default: 'Not asked yet', granted: 'Allowed', denied: 'Blocked' } as const;

/** The push consent widget: this browser's permission and subscription, and the switch for them. */
export default function PushConsent({ kind, mode, title, description, onChange, onStatus, className }: Props) {
  const consent = usePushConsent(kind, onChange);
  useEffect(() => {
    onStatus?.(consent.status);
  }, [onStatus, consent.status]);
  return mode === 'card' ? (
    <ConsentCard consent={consent} title={title} description={description} className={className} />
  ) : (
    <ConsentCompact consent={consent} title={title} description={description} className={className} />
  );
}

function StatusBadge({ status }: { status: ConsentStatus }) {
  const badge = BADGE[status];
  return <span data-status={status} className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', badge.className)}>{badge.label}</span>;
}

/**
 * The words for the states where no button helps (spec §8; for a browser that has push but not here,
 * why: an http page or a private window), or why the last Enable failed; null when all is well.
 */
function blockedText(consent: Consent): string | null {
  if (consent.status === 'denied') return consent.problem === 'denied' ? `${PUSH_TEXT.blocked} ${PUSH_FAILURE_TEXT.denied}` : PUSH_TEXT.blocked;
  if (consent.status === 'unsupported') return consent.unavailable && consent.unavailable !== 'unsupported' ? PUSH_FAILURE_TEXT[consent.unavailable] : PUSH_TEXT.unsupported;
  if (consent.status === 'off' && consent.problem && !consent.busy) return PUSH_FAILURE_TEXT[consent.problem];
  return null;
}

function Action({ consent, size }: { consent: Consent; size?: 'sm' }) {
  const { status, busy } = consent;
  if (status === 'checking') return <Spinner className="size-5" label="Checking notifications" />;
  if (status === 'unsupported' || status === 'denied') return null;
  if (status === 'on') {
    return (
      <Button variant="outline" size={size} disabled={busy} onClick={() => void consent.disable()}>
        <BellOff aria-hidden />
        {busy ? 'Turning off…' : 'Turn off notifications'}
      </Button>
    );
  }
  return (
    <Button size={size} disabled={busy} onClick={() => void consent.enable()}>
      <BellRing aria-hidden />
      {busy ? 'Enabling…' : 'Enable push notifications'}
    </Button>
  );
}

function Details({ consent }: { consent: Consent }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-zinc-500">Browser permission</dt>
      <dd className="font-medium text-zinc-900">{consent.status === 'unsupported' ? 'Unavailable' : PERMISSION_TEXT[consent.permission]}</dd>
      <dt className="text-zinc-500">This device</dt>
      <dd className="font-medium text-zinc-900">{consent.status === 'on' ? 'Subscribed' : consent.status === 'checking' ? 'Checking…' : 'Not subscribed'}</dd>
    </dl>
  );
}

function Icon({ status, className }: { status: ConsentStatus; className?: string }) {
  const Glyph = status === 'on' ? BellRing : status === 'denied' || status === 'unsupported' ? BellOff : Bell;
  return (
    <div className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', status === 'on' ? 'bg-emerald-50 text-emerald-600' : status === 'denied' ? 'bg-amber-50 text-amber-700' : 'bg-zinc-100 text-zinc-500', className)}>
      <Glyph className="size-5" aria-hidden />
    </div>
  );
}

function ConsentCard({ consent, title, description, className }: { consent: Consent; title: string; description: string; className?: string }) {
  const blocked = blockedText(consent);
  const failed = consent.status === 'off' && blocked !== null;
  return (
    <section aria-label={title} className={cn('rounded-lg border border-zinc-200 bg-white shadow-xs', className)}>
      <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start">
        <Icon status={consent.status} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold leading-tight">{title}</h3>
            <StatusBadge status={consent.status} />
          </div>
          <p className="mt-1 text-sm text-zinc-500">{description}</p>
          {blocked ? (
            <p role={failed ? 'alert' : 'status'} className={cn('mt-3 rounded-md px-3 py-2 text-sm', consent.status === 'denied' || failed ? 'bg-amber-50 text-amber-900' : 'bg-zinc-50 text-zinc-700')}>{blocked}</p>
          ) : null}
        </div>
        <div className="sm:shrink-0"><Action consent={consent} /></div>
      </div>
      <div className="border-t border-zinc-100 px-5 py-3">
        <Details consent={consent} />
      </div>
    </section>
  );
}

function ConsentCompact({ consent, title, description, className }: { consent: Consent; title: string; description: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const blocked = blockedText(consent);
  return (
    <section aria-label={title} className={cn('rounded-xl border border-zinc-200 bg-white', className)}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
        <Icon status={consent.status} className="size-9" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-zinc-900">
            {title}
            <StatusBadge status={consent.status} />
          </p>
          {blocked ? <p role={consent.status === 'off' ? 'alert' : 'status'} className="mt-0.5 text-xs text-zinc-600">{blocked}</p> : null}
        </div>
        <div className="flex items-center gap-1">
          <Action consent={consent} size="sm" />
          <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((v) => !v)}>
            Details
            <ChevronDown aria-hidden className={cn('transition-transform', open && 'rotate-180')} />
          </Button>
        </div>
      </div>
      <div id={detailsId} hidden={!open} className="grid gap-3 border-t border-zinc-100 px-4 py-3">
        <p className="text-sm text-zinc-600">{description}</p>
        <Details consent={consent} />
      </div>
    </section>
  );
}
