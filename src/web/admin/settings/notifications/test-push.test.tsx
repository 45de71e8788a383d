// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UseQueryResult } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { PushTemplate } from '@shared/push-schemas';
import { fakeFetch, renderForm, type Rendered } from '@/test/form-dom';
import { TestPushCard } from './TestPushCard';
import { TemplatesPanel } from './TemplatesPanel';

// Settings > Notifications (issue 27 item 5): Send test is off while this device is not subscribed,
// and push templates are shown by name, not by key.

vi.mock('@/lib/toast', () => ({ toast: { success: () => undefined, error: () => undefined } }));

const template = (key: string, over: Partial<PushTemplate> = {}): PushTemplate =>
  ({ id: `t-${key}`, key, title: `Title ${key}`, body: 'Body', icon: null, url: null, is_active: true, tenant_id: null, created_at: '', updated_at: '', ...over }) as PushTemplate;
const templates = { data: [template('order_paid'), template('order_shipped'), template('test'), template('back_in_stock', { tenant_id: 'tenant-1' })], isPending: false, isError: false } as unknown as UseQueryResult<PushTemplate[]>;

let view: Rendered;
beforeEach(() => {
  vi.stubGlobal('fetch', fakeFetch({ status: 200, body: { tenant: { id: 'tenant-1' }, role: 'admin', isOwner: false } }).fetch);
});
afterEach(async () => {
  await view?.unmount();
  vi.unstubAllGlobals();
});

const sendButton = () => [...view.container.querySelectorAll('button')].find((b) => b.textContent?.includes('Send test'))!;

describe('Send test', () => {
  it('is off, saying why, while this device is not subscribed', async () => {
    view = await renderForm(<MemoryRouter><TestPushCard templates={templates} staffStatus="off" /></MemoryRouter>);
    expect(sendButton().disabled).toBe(true);
    expect(view.container.textContent).toContain('Turn on order alerts on this device first');
    expect(sendButton().getAttribute('aria-describedby')).toBe('test-push-hint');
  });

  it('is on once this device is subscribed', async () => {
    view = await renderForm(<MemoryRouter><TestPushCard templates={templates} staffStatus="on" /></MemoryRouter>);
    expect(sendButton().disabled).toBe(false);
    expect(view.container.textContent).not.toContain('Turn on order alerts');
  });

  it('offers the templates by name', async () => {
    view = await renderForm(<MemoryRouter><TestPushCard templates={templates} staffStatus="on" /></MemoryRouter>);
    const options = [...view.container.querySelectorAll('option')].slice(0, 4).map((o) => [o.value, o.textContent]);
    expect(options).toEqual([
      ['order_paid', 'New paid order (to your team)'],
      ['order_shipped', 'Order shipped (to the customer)'],
      ['test', 'Test notification'],
      ['back_in_stock', 'Back in stock'],
    ]);
  });
});

describe('push templates list', () => {
  it('names each template, with its key small beside it', async () => {
    view = await renderForm(<TemplatesPanel templates={templates} />);
    const names = [...view.container.querySelectorAll('li p.font-semibold')].map((p) => p.textContent);
    expect(names).toEqual(['New paid order (to your team)', 'Order shipped (to the customer)', 'Test notification', 'Back in stock']);
    expect(view.container.querySelector('button[aria-label="Edit New paid order (to your team) (default)"]')).not.toBeNull();
  });
});
