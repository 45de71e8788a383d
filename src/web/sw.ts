// The service worker at /sw.js (storefront spec §7), built by vite.config.ts into its own file (not a
// module of the app). It handles web push only: no fetch handler, so it caches nothing and never
// stands between the shop and its pages.
import { SW_MESSAGE } from '../shared/push';
import { notificationTarget, readPushMessage } from './sw-logic';

// The worker's own types, written out: the WebWorker library cannot share a program with the DOM one.
interface SwExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SwPushEvent extends SwExtendableEvent {
  data: { text(): string } | null;
}
interface SwNotificationEvent extends SwExtendableEvent {
  notification: Notification;
}
interface SwSubscriptionChangeEvent extends SwExtendableEvent {
  oldSubscription: PushSubscription | null;
  newSubscription: PushSubscription | null;
}
interface SwWindowClient {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
  postMessage(message: unknown): void;
}
interface SwScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<SwWindowClient[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: SwExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: SwPushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: SwNotificationEvent) => void): void;
  addEventListener(type: 'pushsubscriptionchange', listener: (event: SwSubscriptionChangeEvent) => void): void;
}

const sw = self as unknown as SwScope;

// A new version takes over at once: there is no cached state that an old page could depend on.
sw.addEventListener('install', (event) => event.waitUntil(sw.skipWaiting()));
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

async function tellPages(message: object): Promise<void> {
  for (const client of await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage(message);
}

sw.addEventListener('push', (event) => {
  const message = readPushMessage(event.data?.text() ?? '');
  event.waitUntil(
    sw.registration
      .showNotification(message.title, { body: message.body, icon: message.icon ?? undefined, tag: message.tag || undefined, data: { url: message.url } })
      .then(() => tellPages({ type: SW_MESSAGE.received, message })),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget((event.notification.data as { url?: unknown } | null)?.url, sw.location.origin);
  event.waitUntil(
    (async () => {
      const open = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = open.find((c) => c.url === target);
      if (same) return same.focus();
      return sw.clients.openWindow(target);
    })(),
  );
});

// The push service replaced the subscription (keys expired or rotated): subscribe again with the same
// server key when the browser has not already, and tell open pages, whose consent widget sends the new
// one to the server (it knows which kinds this browser signed up for).
sw.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      let next = event.newSubscription;
      const key = event.oldSubscription?.options.applicationServerKey;
      if (!next && key) next = await sw.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }).catch(() => null);
      await tellPages({ type: SW_MESSAGE.subscriptionChanged, oldEndpoint: event.oldSubscription?.endpoint ?? null, subscription: next?.toJSON() ?? null });
    })(),
  );
});
