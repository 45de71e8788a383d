import { useEffect, useRef, useState } from 'react';
import { PUSH_KINDS, PUSH_TEXT, SW_MESSAGE, type PushKind } from '@shared/push';
import { errorMessage } from '@/lib/api';
import {
  disablePush,
  enablePush,
  PUSH_FAILURE_TEXT,
  pushPermission,
  PushRefused,
  pushUnavailable,
  syncPush,
  type PushFailure,
  type PushPermission,
  type PushUnavailable,
} from '@/lib/push-browser';
import { toast } from '@/lib/toast';

/** What the widget shows (admin spec §4 push permission × subscription, plus the checks before). */
export type ConsentStatus = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

export interface PushConsent {
  status: ConsentStatus;
  permission: PushPermission;
  /** Why push cannot work in this browser at all (status 'unsupported'), or null. */
  unavailable: PushUnavailable | null;
  /** Why the last Enable did not subscribe this device, until the next try; null when it did. */
  problem: PushFailure | null;
  busy: boolean;
  enable(): Promise<void>;
  disable(): Promise<void>;
}

/**
 * The consent state of this browser for one kind of push, kept in step with the server: on mount, and
 * whenever the service worker says the push service replaced the subscription.
 */
export function usePushConsent(kind: PushKind, onChange?: () => void): PushConsent {
  const unavailable = pushUnavailable();
  const supported = unavailable === null;
  const [permission, setPermission] = useState<PushPermission>(() => pushPermission());
  const [subscribed, setSubscribed] = useState<boolean | null>(supported ? null : false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PushFailure | null>(null);
  // The latest callback, without making the effect below start over each time the parent renders.
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

  useEffect(() => {
    if (!supported) return;
    let live = true;
    // Offline or the server down: show what this browser knows rather than nothing.
    const check = () =>
      syncPush(kind)
        .catch(() => Notification.permission === 'granted' && localStorage.getItem(`push:${kind}`) !== null)
        .then((on) => {
          if (!live) return;
          setPermission(pushPermission());
          setSubscribed(on);
        });
    void check();
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === SW_MESSAGE.subscriptionChanged) void check().then(() => changed.current?.());
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => {
      live = false;
      navigator.serviceWorker.removeEventListener('message', onMessage);
    };
  }, [supported, kind]);

  const enable = async () => {
    if (!supported) {
      setProblem(unavailable);
      toast.error(PUSH_TEXT.notSupported, { description: PUSH_FAILURE_TEXT[unavailable] });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await enablePush(kind);
      setSubscribed(true);
      toast.success(PUSH_TEXT.enabled);
      onChange?.();
    } catch (error) {
      if (error instanceof PushRefused) {
        // The spec's titles where it has one; the reason and what to do as the description.
        setProblem(error.reason);
        const title = error.reason === 'denied' ? PUSH_TEXT.permissionDenied
          : error.reason === 'unsupported' || error.reason === 'insecure' || error.reason === 'private' ? PUSH_TEXT.notSupported
          : PUSH_TEXT.enableFailed;
        toast.error(title, { description: PUSH_FAILURE_TEXT[error.reason] });
      } else {
        const message = errorMessage(error, PUSH_TEXT.enableFailed);
        toast.error(PUSH_TEXT.enableFailed, message !== PUSH_TEXT.enableFailed ? { description: message } : undefined);
      }
    } finally {
      setPermission(pushPermission());
      setBusy(false);
    }
  };

  const disable = async () => {
    setBusy(true);
    try {
      await disablePush(kind, PUSH_KINDS.filter((k) => k !== kind));
      setSubscribed(false);
      toast.success(PUSH_TEXT.disabled);
      onChange?.();
    } catch (error) {
      const message = errorMessage(error, PUSH_TEXT.disableFailed);
      toast.error(PUSH_TEXT.disableFailed, message !== PUSH_TEXT.disableFailed ? { description: message } : undefined);
    } finally {
      setBusy(false);
    }
  };

  let status: ConsentStatus;
  if (!supported) status = 'unsupported';
  else if (permission === 'denied') status = 'denied';
  else if (subscribed === null) status = 'checking';
  else status = subscribed && permission === 'granted' ? 'on' : 'off';
  return { status, permission, unavailable, problem, busy, enable, disable };
}
