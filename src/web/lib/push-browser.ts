import type { PushKind } from '@shared/push';
import { api } from './api';

// The browser's side of web push, for the consent widget on the storefront and in the admin. Small
// and free of Zod and React Query (the storefront loads it, decision 004). The browser holds one push
// subscription per site; which kinds (customer, staff) it was given to is remembered here, per kind,
// with the endpoint it was sent for, so a replaced subscription is noticed and sent again.

export type PushPermission = 'default' | 'granted' | 'denied';

/**
 * Why this browser cannot do push at all: no push API ('unsupported'), a page not served over https
 * ('insecure'), or push without service workers, which is how browsers leave private windows
 * ('private').
 */
export type PushUnavailable = 'unsupported' | 'insecure' | 'private';

/**
 * Why enabling stopped: the browser cannot do push, permission was refused or the question closed
 * unanswered, the service worker did not start ('worker'), or the push service refused
 * ('unreachable') or did not answer in time ('timeout').
 */
export type PushFailure = PushUnavailable | 'denied' | 'dismissed' | 'worker' | 'unreachable' | 'timeout';

export class PushRefused extends Error {
  constructor(readonly reason: PushFailure) {
    super(reason);
  }
}

/** How long the service worker and the push service may take before enabling gives up and says so. */
export const PUSH_TIMEOUTS = { workerMs: 10_000, subscribeMs: 15_000 };

/** What each failure means and what to do, shown in the widget and the error toast. */
export const PUSH_FAILURE_TEXT: Record<PushFailure, string> = {
  unsupported: 'Push notifications are not supported in this browser.',
  insecure: 'Push notifications need a secure (https) address. Open this page at its https address and try again.',
  private: 'This window cannot run the background worker that notifications need. Browsers turn it off in private windows: open this page in a normal window.',
  denied: 'The browser refused permission. If it did not ask you, it answered for you: browsers do this in private (incognito) windows and for sites they block quietly. Allow notifications for this site in the browser’s settings, or use a normal window.',
  dismissed: 'The browser’s question was closed without an answer. Choose Enable push notifications again and pick Allow.',
  worker: 'The browser could not start the background worker that notifications need. Reload the page and try again; in a private window, use a normal window instead.',
  unreachable: 'The browser’s push service could not be reached, so this device was not subscribed. Check the connection (and that no firewall blocks the push service), then try again.',
  timeout: `The browser’s push service did not answer within ${PUSH_TIMEOUTS.subscribeMs / 1000} seconds, so this device was not subscribed. Check the connection and try again.`,
};

export function pushUnavailable(): PushUnavailable | null {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  if (!window.isSecureContext) return 'insecure';
  if (!('PushManager' in window)) return 'unsupported';
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker) return 'private';
  return null;
}

export function pushSupported(): boolean {
  return pushUnavailable() === null;
}

/** `promise`, or a PushRefused(`reason`) once `ms` have passed without an answer. */
function within<T>(promise: Promise<T>, ms: number, reason: PushFailure): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushRefused(reason)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export function pushPermission(): PushPermission {
  return pushSupported() ? (Notification.permission as PushPermission) : 'default';
}

const remembered = (kind: PushKind) => `push:${kind}`;
interface Remembered {
  endpoint: string;
  /** When the server last heard of it (ms); a re-sync at most daily keeps last_seen_at honest. */
  syncedAt: number;
}

function recall(kind: PushKind): Remembered | null {
  try {
    const value = JSON.parse(localStorage.getItem(remembered(kind)) ?? 'null') as Remembered | null;
    return value && typeof value.endpoint === 'string' ? value : null;
  } catch {
    return null;
  }
}
const remember = (kind: PushKind, endpoint: string) => localStorage.setItem(remembered(kind), JSON.stringify({ endpoint, syncedAt: Date.now() }));
const forget = (kind: PushKind) => localStorage.removeItem(remembered(kind));

/** The service worker at /sw.js, registered for the whole site, once it is active. */
async function worker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

async function sendToServer(kind: PushKind, subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  await api('POST', '/api/functions/v1/push-subscribe', {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    kind,
    user_agent: navigator.userAgent.slice(0, 512),
  });
  remember(kind, subscription.endpoint);
}

/** The server's key, as the bytes pushManager.subscribe wants. */
async function serverKey(): Promise<Uint8Array<ArrayBuffer>> {
  const { publicKey } = await api<{ publicKey: string }>('GET', '/api/functions/v1/push-send');
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(publicKey.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/**
 * Asks for permission when not yet given, subscribes this browser and tells the server it is `kind`.
 * Every way this can fail ends in a PushRefused saying why (or the server's ApiError), never a silent
 * wait: the worker and the push service each have a time limit.
 */
export async function enablePush(kind: PushKind): Promise<void> {
  const unavailable = pushUnavailable();
  if (unavailable) throw new PushRefused(unavailable);
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'default') throw new PushRefused('dismissed');
  if (permission !== 'granted') throw new PushRefused('denied');
  const registration = await within(worker(), PUSH_TIMEOUTS.workerMs, 'worker').catch((error: unknown) => {
    throw error instanceof PushRefused ? error : new PushRefused('worker');
  });
  const existing = await registration.pushManager.getSubscription();
  const subscription = existing ?? (await subscribeHere(registration, await serverKey()));
  await sendToServer(kind, subscription);
}

async function subscribeHere(registration: ServiceWorkerRegistration, applicationServerKey: Uint8Array<ArrayBuffer>): Promise<PushSubscription> {
  try {
    return await within(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }), PUSH_TIMEOUTS.subscribeMs, 'timeout');
  } catch (error) {
    if (error instanceof PushRefused) throw error;
    // NotAllowedError: permission withdrawn meanwhile; anything else (AbortError "push service not
    // available", a network failure): the push service did not take the subscription.
    throw new PushRefused((error as { name?: string } | null)?.name === 'NotAllowedError' ? 'denied' : 'unreachable');
  }
}

/** This browser has a subscription for `kind` that the server was told of, as far as it knows. */
export function subscribedHere(kind: PushKind): boolean {
  return pushSupported() && Notification.permission === 'granted' && recall(kind) !== null;
}

/**
 * Stops `kind` for this browser: the server forgets it first (so a failure leaves things as they
 * were), then the browser's subscription ends unless another kind still uses it.
 */
export async function disablePush(kind: PushKind, otherKinds: readonly PushKind[]): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  const endpoint = subscription?.endpoint ?? recall(kind)?.endpoint;
  if (endpoint) await api('DELETE', '/api/functions/v1/push-subscribe', { endpoint, kind });
  forget(kind);
  if (subscription && !otherKinds.some((other) => recall(other))) await subscription.unsubscribe();
}

/**
 * Whether this browser gets `kind` pushes, bringing the server up to date on the way: a subscription
 * the push service replaced (the worker's change message, or a new endpoint found here) is sent again
 * and the old one dropped; one the browser lost (permission withdrawn) is forgotten.
 */
export async function syncPush(kind: PushKind): Promise<boolean> {
  const known = recall(kind);
  if (!known || !pushSupported() || Notification.permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) {
    forget(kind);
    await api('DELETE', '/api/functions/v1/push-subscribe', { endpoint: known.endpoint, kind }).catch(() => undefined);
    return false;
  }
  const changed = subscription.endpoint !== known.endpoint;
  if (changed || Date.now() - known.syncedAt > 24 * 60 * 60 * 1000) {
    await sendToServer(kind, subscription);
    if (changed) await api('DELETE', '/api/functions/v1/push-subscribe', { endpoint: known.endpoint, kind }).catch(() => undefined);
  }
  return true;
}
