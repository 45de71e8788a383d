// Web push: the texts, kinds and message shape shared by the server, the admin, the storefront's
// consent widget and the service worker. No Zod here: the storefront imports this file (decision 004);
// the request and answer schemas are in push-schemas.ts.

export const PUSH_KINDS = ['customer', 'staff'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** Every push text the spec quotes (admin spec §5 and §8, storefront spec §8), word for word. */
export const PUSH_TEXT = {
  loadFailed: 'Failed to load push settings',
  sendFailed: 'Failed to send test push notification',
  enableFailed: 'Failed to enable push notifications',
  disableFailed: 'Failed to disable push notifications',
  permissionDenied: 'Push notification permission denied',
  notSupported: 'Push notifications are not supported',
  noTenant: 'Tenant UUID not available - cannot send test push',
  blocked: 'Push notifications are blocked. Please enable them in your browser settings and refresh the page.',
  unsupported: 'Push notifications are not supported in this browser.',
  enabled: 'Push notifications enabled successfully!',
  disabled: 'Push notifications disabled',
  testSent: 'Test push notification sent!',
  templateRequired: 'Key, title, and body are required',
  templateCreated: 'Template created successfully',
  templateUpdated: 'Template updated successfully',
  templateSaveFailed: 'Failed to save template',
} as const;

/** What the service worker receives (the decrypted push body) and shows. */
export interface PushMessage {
  title: string;
  body: string;
  icon: string | null;
  /** Opened on a click: a same-site path (resolved against the store's host) or an https URL. */
  url: string | null;
  /** Notifications with the same tag replace each other (one per order, one per test). */
  tag: string;
}

/** The message types the service worker posts to open pages (sw.ts) and the widget listens for. */
export const SW_MESSAGE = {
  /** The push service replaced the subscription: the page re-syncs it with the server. */
  subscriptionChanged: 'push-subscription-changed',
  /** A push arrived and was shown. */
  received: 'push-received',
} as const;

/** The default template keys (tenant_id null rows, written at boot). */
export const PUSH_TEMPLATE_KEYS = { orderPaid: 'order_paid', orderShipped: 'order_shipped', test: 'test' } as const;

/** Sample values a test push fills a template with (admin spec §9's test payload). */
export const TEST_PUSH_PAYLOAD: Record<string, string> = {
  order_number: 'TEST-001',
  total_amount: '£99.99',
  quantity: '5',
  customer_name: 'Test Customer',
};

/** Customer subscriptions a store keeps at most; past it new ones are refused (anonymous sign-ups). */
export const MAX_CUSTOMER_SUBSCRIPTIONS_PER_STORE = 10_000;
/** How many subscriptions the admin list shows (newest first); the count covers all of them. */
export const SUBSCRIPTION_LIST_LIMIT = 100;

/**
 * Fills `{{name}}` placeholders from vars; unknown names become empty text. Notifications are plain
 * text (the platform shows them), so nothing is HTML-escaped; values placed in a URL are encoded.
 */
export function renderPushText(template: string, vars: Record<string, string>, encode = false): string {
  return template.replace(/\{\{\s*([a-z0-9_]+)\s*\}\}/gi, (_, name: string) => {
    const value = Object.hasOwn(vars, name) ? vars[name] : '';
    return encode ? encodeURIComponent(value) : value;
  });
}

/** A link a template may carry: a same-site path (not `//host`) or an https URL. */
export function isPushLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  return /^https:\/\/[^\s/]+/i.test(value) && URL.canParse(value);
}
