import type { PushMessage } from '@shared/push';

// What the service worker (sw.ts) decides, as plain functions a unit test can call.

/** The push body as the server sends it (PushMessage JSON); anything else is shown as plain text. */
export function readPushMessage(text: string): PushMessage {
  try {
    const m = JSON.parse(text) as Partial<PushMessage> | null;
    if (m && typeof m.title === 'string') {
      return {
        title: m.title,
        body: typeof m.body === 'string' ? m.body : '',
        icon: typeof m.icon === 'string' ? m.icon : null,
        url: typeof m.url === 'string' ? m.url : null,
        tag: typeof m.tag === 'string' ? m.tag : '',
      };
    }
  } catch {
    // not JSON: shown as it is
  }
  return { title: 'Notification', body: text, icon: null, url: null, tag: '' };
}

/**
 * Where a click on a notification goes: its link resolved on the worker's own site, or an https page
 * elsewhere; anything else (javascript:, data:, plain http elsewhere, nonsense) opens the site's home.
 */
export function notificationTarget(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !URL.canParse(url, origin)) return `${origin}/`;
  const target = new URL(url, origin);
  return target.origin === origin || target.protocol === 'https:' ? target.href : `${origin}/`;
}
