import { useEffect, useRef, useState } from 'react';
import { PUSH_KINDS, PUSH_TEXT, SW_MESSAGE, type PushKind } from '@shared/push';
import { errorMessage } from '@/lib/api';
import { disablePush, enablePush, pushPermission, pushSupported, PushRefused, syncPush, type PushPermission } from '@/lib/push-browser';
import { toast } from '@/lib/toast';

/** What the widget shows (admin spec §4 push permission × subscription, plus the checks before). */
export type ConsentStatus = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

export interface PushConsent {
  status: ConsentStatus;
  permission: PushPermission;
  busy: boolean;
  enable(): Promise<void>;
  disable(): Promise<void>;
}

/**
 * The consent state of this browser for one kind of push, kept in step with the server: on mount, and
 * whenever the service worker says the push service replaced the subscription.
 */
export function usePushConsent(kind: PushKind, onChange?: () => void): PushConsent {
  const supported = pushSupported();
  const [permission, setPermission] = useState<PushPermission>(() => pushPermission());
  const [subscribed, setSubscribed] = useState<boolean | null>(supported ? null : false);
  const [busy, setBusy] = useState(false);
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
      toast.error(PUSH_TEXT.notSupported);
      return;
    }
    setBusy(true);
    try {
      await enablePush(kind);
      setSubscribed(true);
      toast.success(PUSH_TEXT.enabled);
      onChange?.();
    } catch (error) {
      if (error instanceof PushRefused) toast.error(error.reason === 'denied' ? PUSH_TEXT.permissionDenied : PUSH_TEXT.notSupported);
      else {
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
  return { status, permission, busy, enable, disable };
}
