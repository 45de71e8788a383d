// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_TEXT, SW_MESSAGE } from '@shared/push';
import { click, fakeFetch, renderForm, type Rendered } from '@/test/form-dom';
import { PUSH_FAILURE_TEXT, PUSH_TIMEOUTS } from '@/lib/push-browser';
import PushConsent from './PushConsent';

const toasts: string[] = [];
vi.mock('@/lib/toast', () => ({
  toast: { success: (m: string) => void toasts.push(`ok: ${m}`), error: (m: string) => void toasts.push(`error: ${m}`) },
}));

const KEY = `B${'A'.repeat(86)}`;
const keys = { p256dh: KEY, auth: 'A'.repeat(22) };

/** A browser with push: Notification, PushManager and a service worker whose subscription the test controls. */
function fakeBrowser(
  permission: NotificationPermission,
  answer: NotificationPermission = 'granted',
  service: { subscribe?: () => Promise<unknown>; register?: () => Promise<unknown> } = {},
) {
  const state = { permission, endpoint: null as string | null, subscribed: 0 };
  const listeners = new Set<(e: MessageEvent) => void>();
  const subscription = () =>
    state.endpoint ? { endpoint: state.endpoint, toJSON: () => ({ endpoint: state.endpoint, keys }), unsubscribe: async () => ((state.endpoint = null), true) } : null;
  const pushManager = {
    getSubscription: async () => subscription(),
    subscribe: async () => {
      if (service.subscribe) return service.subscribe();
      state.subscribed += 1;
      state.endpoint = 'https://fcm.googleapis.com/fcm/send/first';
      return subscription();
    },
  };
  const registration = { pushManager };
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission: async () => (state.permission = answer),
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: async () => (service.register ? service.register() : registration),
      get ready() {
        return service.register ? service.register() : Promise.resolve(registration);
      },
      getRegistration: async () => registration,
      addEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.delete(fn),
    },
  });
  const post = (data: unknown) => listeners.forEach((fn) => fn(new MessageEvent('message', { data })));
  return { state, post };
}

const settle = async () => {
  for (let i = 0; i < 8; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
};

describe('the push consent widget', () => {
  let view: Rendered;
  let api: ReturnType<typeof fakeFetch>;
  const text = () => view.container.textContent ?? '';
  const button = (name: string) => [...view.container.querySelectorAll('button')].find((b) => b.textContent?.includes(name));

  beforeEach(() => {
    toasts.length = 0;
    localStorage.clear();
    api = fakeFetch((call) => (call.url.endsWith('push-send') ? { status: 200, body: { publicKey: KEY } } : { status: call.method === 'POST' ? 201 : 200, body: { removed: 1, subscription: {} } }));
    vi.stubGlobal('fetch', api.fetch);
  });
  afterEach(async () => {
    await view?.unmount();
    vi.unstubAllGlobals();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  const render = async (mode: 'card' | 'compact' = 'card') => {
    view = await renderForm(<PushConsent kind="staff" mode={mode} title="Order alerts" description="Hear of each paid order." />);
    await settle();
  };

  it('says when the browser cannot do push, with no button', async () => {
    vi.stubGlobal('PushManager', undefined);
    delete (window as { PushManager?: unknown }).PushManager;
    await render();
    expect(text()).toContain(PUSH_TEXT.unsupported);
    expect(text()).toContain('Not supported');
    expect(button('Enable')).toBeUndefined();
  });

  it('says when notifications are blocked, with no button', async () => {
    fakeBrowser('denied');
    await render();
    expect(text()).toContain(PUSH_TEXT.blocked);
    expect(text()).toContain('Blocked');
    expect(button('Enable')).toBeUndefined();
  });

  it('asks for permission on Enable (default), subscribes with the server key and tells the server; then turns off', async () => {
    const browser = fakeBrowser('default');
    await render();
    expect(text()).toContain('Not asked yet');
    expect(text()).toContain('Off');
    await click(button('Enable push notifications')!);
    await settle();
    expect(browser.state.subscribed).toBe(1);
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/functions/v1/push-send', 'POST /api/functions/v1/push-subscribe']);
    expect(api.calls[1].body).toMatchObject({ endpoint: 'https://fcm.googleapis.com/fcm/send/first', keys, kind: 'staff' });
    expect(toasts).toEqual([`ok: ${PUSH_TEXT.enabled}`]);
    expect(text()).toContain('Subscribed');
    expect(text()).toContain('Allowed');

    await click(button('Turn off notifications')!);
    await settle();
    expect(api.calls.at(-1)).toEqual({ method: 'DELETE', url: '/api/functions/v1/push-subscribe', body: { endpoint: 'https://fcm.googleapis.com/fcm/send/first', kind: 'staff' } });
    expect(browser.state.endpoint).toBeNull();
    expect(toasts.at(-1)).toBe(`ok: ${PUSH_TEXT.disabled}`);
  });

  it('tells the person when they refuse permission', async () => {
    fakeBrowser('default', 'denied');
    await render();
    await click(button('Enable push notifications')!);
    await settle();
    expect(toasts).toEqual([`error: ${PUSH_TEXT.permissionDenied}`]);
    expect(text()).toContain(PUSH_TEXT.blocked);
  });

  it('shows the server’s reason when enabling fails', async () => {
    fakeBrowser('granted');
    vi.stubGlobal('fetch', fakeFetch((call) => (call.method === 'GET' ? { status: 200, body: { publicKey: KEY } } : { status: 400, body: { error: { code: 'invalid_input', message: 'This push service is not supported.' } } })).fetch);
    await render();
    await click(button('Enable push notifications')!);
    await settle();
    expect(toasts).toEqual([`error: ${PUSH_TEXT.enableFailed}`]);
    expect(text()).toContain('Off');
  });

  it('compact: one line with a details toggle; the worker’s change message re-sends the new subscription', async () => {
    const browser = fakeBrowser('granted');
    await render('compact');
    const details = button('Details')!;
    expect(details.getAttribute('aria-expanded')).toBe('false');
    expect((view.container.querySelector(`#${CSS.escape(details.getAttribute('aria-controls')!)}`) as HTMLElement).hidden).toBe(true);
    await click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    await click(button('Enable push notifications')!);
    await settle();

    browser.state.endpoint = 'https://fcm.googleapis.com/fcm/send/second';
    const before = api.calls.length;
    await act(async () => browser.post({ type: SW_MESSAGE.subscriptionChanged }));
    await settle();
    expect(api.calls.slice(before).map((c) => [c.method, (c.body as { endpoint: string }).endpoint])).toEqual([
      ['POST', 'https://fcm.googleapis.com/fcm/send/second'],
      ['DELETE', 'https://fcm.googleapis.com/fcm/send/first'],
    ]);
    expect(text()).toContain('On');
  });

  describe('says why this device could not be subscribed (issue 27 item 5)', () => {
    const alertText = () => view.container.querySelector('[role="alert"]')?.textContent ?? null;
    const enable = async () => {
      await render();
      await click(button('Enable push notifications')!);
      await settle();
    };

    it('the question closed without an answer', async () => {
      fakeBrowser('default', 'default');
      await enable();
      expect(alertText()).toBe(PUSH_FAILURE_TEXT.dismissed);
      expect(toasts).toEqual([`error: ${PUSH_TEXT.enableFailed}`]);
      expect(text()).toContain('Off');
    });

    it('refused without asking (a private window): blocked, and why it may not have asked', async () => {
      fakeBrowser('default', 'denied');
      await enable();
      expect(text()).toContain(PUSH_FAILURE_TEXT.denied);
    });

    it('the push service refuses (AbortError)', async () => {
      fakeBrowser('granted', 'granted', { subscribe: async () => Promise.reject(new DOMException('Registration failed - push service not available', 'AbortError')) });
      await enable();
      expect(alertText()).toBe(PUSH_FAILURE_TEXT.unreachable);
      expect(toasts).toEqual([`error: ${PUSH_TEXT.enableFailed}`]);
      expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    });

    it('the push service never answers: it stops waiting and says so', async () => {
      const saved = PUSH_TIMEOUTS.subscribeMs;
      PUSH_TIMEOUTS.subscribeMs = 20;
      try {
        fakeBrowser('granted', 'granted', { subscribe: () => new Promise(() => undefined) });
        await render();
        await click(button('Enable push notifications')!);
        expect(text()).toContain('Enabling…');
        await act(async () => { await new Promise((r) => setTimeout(r, 40)); });
        await settle();
        expect(alertText()).toBe(PUSH_FAILURE_TEXT.timeout);
        expect(button('Enable push notifications')).toBeDefined();
      } finally {
        PUSH_TIMEOUTS.subscribeMs = saved;
      }
    });

    it('the service worker cannot be started', async () => {
      fakeBrowser('granted', 'granted', { register: async () => Promise.reject(new TypeError('Failed to register a ServiceWorker')) });
      await enable();
      expect(alertText()).toBe(PUSH_FAILURE_TEXT.worker);
    });

    it('a window without service workers (how browsers leave private windows) says so, with no button', async () => {
      fakeBrowser('default');
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
      await render();
      expect(text()).toContain(PUSH_FAILURE_TEXT.private);
      expect(text()).not.toContain(PUSH_TEXT.unsupported);
      expect(button('Enable')).toBeUndefined();
    });

    it('a page not served over https says so', async () => {
      fakeBrowser('default');
      vi.stubGlobal('isSecureContext', false);
      await render();
      expect(text()).toContain(PUSH_FAILURE_TEXT.insecure);
    });
  });
});
