import type { PushKind } from '@shared/push';
import { api } from './api';

// The browser's side of web push, for the consent widget on the storefront and in the admin. Small
// and free of Zod and React Query (the storefront loads it, decision 004). The browser holds one push
// subscription per site; which kinds (customer, staff) it was given to is remembered here, per kind,
// with the endpoint it was sent for, so a replaced subscription is noticed and sent again.

export type PushPermission = 'default' | 'granted' | 'denied';

/** Why enabling stopped: the person said no, or the browser cannot do push at all. */
export class PushRefused extends Error {
  constructor(readonly reason: 'denied' | 'unsupported') {
    super(reason);
  }
}

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
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

/** Asks for permission when not yet given, subscribes this browser and tells the server it is `kind`. */
export async function enablePush(kind: PushKind): Promise<void> {
  if (!pushSupported()) throw new PushRefused('unsupported');
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') throw new PushRefused('denied');
  const registration = await worker();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: await serverKey() }));
  await sendToServer(kind, subscription);
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
