// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { EMAIL_SETTINGS_TEXT, TEST_PAYLOAD, type EmailTemplate } from '@shared/email-settings';
import { fakeFetch, renderForm, submit, typeInto, type FetchCall, type Rendered } from '@/test/form-dom';
import { AddDomainDialog } from './AddDomainDialog';
import { TemplateDialog } from './TemplateDialog';
import { TestEmailDialog } from './TestEmailDialog';
import { COPY_INDICATOR_MS, useCopy } from './use-copy';
import { DomainCard } from './DomainCard';
import { RemoveDomainDialog } from './RemoveDomainDialog';
import { TemplatePreview } from './TemplatePreview';
import type { EmailDomain } from '@shared/email-settings';

// The Email tab's forms with the spec's texts (admin spec §5, §8, §9), against a stand-in server.

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/lib/toast', () => ({
  toast: { success: (m: string) => toasts.push(`success: ${m}`), error: (m: string) => toasts.push(`error: ${m}`), message: (m: string) => toasts.push(`message: ${m}`) },
}));

let view: Rendered;
let api: ReturnType<typeof fakeFetch>;
let answer: (call: FetchCall) => { status: number; body: unknown };
const alerts = () => [...document.body.querySelectorAll('[role="alert"]')].map((a) => a.textContent);
const formOf = (control: Element) => control.closest('form')!;
// The template editor's live preview asks the server too (a POST that stores nothing): not a write.
const writes = () => api.calls.filter((c) => c.method !== 'GET' && !c.url.endsWith('/preview'));
const previews = () => api.calls.filter((c) => c.url.endsWith('/email-templates/preview'));
const settle = async (ms: number) => {
  await act(async () => { await new Promise((r) => setTimeout(r, ms)); });
  for (let i = 0; i < 5; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
};

beforeEach(() => {
  toasts.length = 0;
  answer = () => ({ status: 200, body: {} });
  api = fakeFetch((call) => answer(call));
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(async () => {
  await view?.unmount();
  vi.unstubAllGlobals();
});

describe('Add Email Domain', () => {
  it('asks for domain and from email in the spec’s words, and sends nothing', async () => {
    view = await renderForm(<AddDomainDialog open onOpenChange={() => undefined} />);
    await submit(formOf(view.field('Domain *')));
    expect(alerts()).toEqual([EMAIL_SETTINGS_TEXT.domainRequired]);
    expect(writes()).toEqual([]);
  });

  it('with one of the two missing, says which one (issue 27 item 5)', async () => {
    view = await renderForm(<AddDomainDialog open onOpenChange={() => undefined} />);
    await typeInto(view.field('Domain *'), 'shop.example');
    await submit(formOf(view.field('Domain *')));
    expect(alerts()).toEqual([]);
    expect(view.errors()).toEqual([EMAIL_SETTINGS_TEXT.fromEmailMissing]);
    await typeInto(view.field('Domain *'), '');
    await typeInto(view.field('From email *'), 'orders@shop.example');
    await submit(formOf(view.field('Domain *')));
    expect(alerts()).toEqual([]);
    expect(view.errors()).toEqual([EMAIL_SETTINGS_TEXT.domainMissing]);
    expect(writes()).toEqual([]);
  });

  it('cleans a pasted web address to its domain, and a mailto: from the email', async () => {
    answer = () => ({ status: 201, body: { domain: {} } });
    view = await renderForm(<AddDomainDialog open onOpenChange={() => undefined} />);
    await typeInto(view.field('Domain *'), ' https://Shop.Example.co.uk/about?x=1 ');
    expect(view.field('Domain *').value).toBe('shop.example.co.uk');
    await typeInto(view.field('From email *'), 'mailto:Orders@shop.example.co.uk');
    expect(view.field('From email *').value).toBe('orders@shop.example.co.uk');
    await submit(formOf(view.field('Domain *')));
    expect(writes()).toEqual([{ method: 'POST', url: '/api/functions/v1/email-domains', body: { domain: 'shop.example.co.uk', from_name: 'Orders', from_email: 'orders@shop.example.co.uk' } }]);
  });

  it('wants the from email at the domain; then creates it with from name Orders', async () => {
    view = await renderForm(<AddDomainDialog open onOpenChange={() => undefined} />);
    expect(view.field('From name').value).toBe('Orders');
    await typeInto(view.field('Domain *'), 'shop.example');
    await typeInto(view.field('From email *'), 'orders@elsewhere.example');
    await submit(formOf(view.field('Domain *')));
    expect(view.errors()).toEqual(['The from email must be an address at shop.example']);
    answer = () => ({ status: 201, body: { domain: {} } });
    await typeInto(view.field('From email *'), 'orders@shop.example');
    await submit(formOf(view.field('Domain *')));
    expect(writes()).toEqual([{ method: 'POST', url: '/api/functions/v1/email-domains', body: { domain: 'shop.example', from_name: 'Orders', from_email: 'orders@shop.example' } }]);
    expect(toasts).toEqual([`success: ${EMAIL_SETTINGS_TEXT.domainCreated}`]);
  });

  it('shows the server’s refusal under its field with the spec’s failure toast', async () => {
    answer = () => ({ status: 409, body: { error: { code: 'domain_taken', message: EMAIL_SETTINGS_TEXT.domainTaken, fields: { domain: EMAIL_SETTINGS_TEXT.domainTaken } } } });
    view = await renderForm(<AddDomainDialog open onOpenChange={() => undefined} />);
    await typeInto(view.field('Domain *'), 'shop.example');
    await typeInto(view.field('From email *'), 'orders@shop.example');
    await submit(formOf(view.field('Domain *')));
    expect(view.errors()).toEqual([EMAIL_SETTINGS_TEXT.domainTaken]);
    expect(toasts).toEqual([`error: ${EMAIL_SETTINGS_TEXT.createDomainFailed}`]);
  });
});

const template = (over: Partial<EmailTemplate>): EmailTemplate => ({
  id: 't-1', key: 'order_shipped', subject: 'Shipped {{order_number}}', html: '<p>{{order_number}}</p>', text: null, is_active: true, tenant_id: 'tenant-1', created_at: '', updated_at: '', ...over,
});

const modeButton = (name: string) => [...document.body.querySelectorAll<HTMLButtonElement>('[role="group"] button')].find((b) => b.textContent === name)!;
const pressed = (name: string) => modeButton(name).getAttribute('aria-pressed');

describe('template dialog', () => {
  it('create: key, subject and HTML are required (spec §5); variables are checked against the key', async () => {
    view = await renderForm(<TemplateDialog mode={{ kind: 'create' }} onClose={() => undefined} />);
    await submit(formOf(view.field('Key *')));
    expect(alerts()).toEqual([EMAIL_SETTINGS_TEXT.templateRequired]);
    await typeInto(view.field('Key *'), 'order_shipped');
    await typeInto(view.field('Subject *'), 'Hi {{claim_url}}');
    // The body opens in the rich-text editor; its HTML view is a plain text area.
    expect(pressed('Rich text')).toBe('true');
    await act(async () => modeButton('Edit HTML').click());
    await typeInto(view.field('HTML content *'), '<p>{{tracking_reference}}</p>');
    await submit(formOf(view.field('Key *')));
    expect(view.errors()).toEqual(['{{claim_url}} is not available in this email']);
    answer = () => ({ status: 201, body: { template: {} } });
    await typeInto(view.field('Subject *'), 'On its way: {{order_number}}');
    await submit(formOf(view.field('Key *')));
    expect(writes()).toEqual([
      { method: 'POST', url: '/api/functions/v1/email-templates', body: { key: 'order_shipped', subject: 'On its way: {{order_number}}', html: '<p>{{tracking_reference}}</p>', text: null, is_active: true } },
    ]);
    expect(toasts).toEqual([`success: ${EMAIL_SETTINGS_TEXT.templateCreated}`]);
  });

  it('edit: the key is locked and the store’s template is updated in place', async () => {
    answer = () => ({ status: 200, body: { template: {} } });
    view = await renderForm(<TemplateDialog mode={{ kind: 'edit', template: template({}) }} onClose={() => undefined} />);
    expect((view.field('Key *') as HTMLInputElement).disabled).toBe(true);
    await typeInto(view.field('Text content'), 'Order {{order_number}} shipped');
    await submit(formOf(view.field('Key *')));
    expect(writes()).toEqual([
      { method: 'PUT', url: '/api/functions/v1/email-templates?id=t-1', body: { key: 'order_shipped', subject: 'Shipped {{order_number}}', html: '<p>{{order_number}}</p>', text: 'Order {{order_number}} shipped', is_active: true } },
    ]);
    expect(toasts).toEqual([`success: ${EMAIL_SETTINGS_TEXT.templateUpdated}`]);
  });

  it('a body with markup the editor cannot show opens as HTML, and stays there', async () => {
    view = await renderForm(<TemplateDialog mode={{ kind: 'edit', template: template({ html: '<table><tr><td>{{order_number}}</td></tr></table>' }) }} onClose={() => undefined} />);
    expect(pressed('Edit HTML')).toBe('true');
    expect(modeButton('Rich text').disabled).toBe(true);
    expect(document.body.textContent).toContain('markup the editor cannot show');
    await typeInto(view.field('HTML content *'), '<p>{{order_number}} is on its way</p>');
    expect(modeButton('Rich text').disabled).toBe(false);
  });

  it('customising a default saves a custom copy (POST), key locked; a failure says so', async () => {
    answer = () => ({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong. Please try again.' } } });
    view = await renderForm(<TemplateDialog mode={{ kind: 'edit', template: template({ tenant_id: null }) }} onClose={() => undefined} />);
    expect((view.field('Key *') as HTMLInputElement).disabled).toBe(true);
    await submit(formOf(view.field('Key *')));
    expect(writes().map((c) => [c.method, c.url])).toEqual([['POST', '/api/functions/v1/email-templates']]);
    expect(toasts).toEqual([`error: ${EMAIL_SETTINGS_TEXT.saveTemplateFailed}`]);
  });
});

describe('test email', () => {
  const session = { user: { id: 'u-1', email: 'admin@demo.test' }, memberships: [], active_tenant_id: null };
  const context = (tenant: unknown) => (call: FetchCall) =>
    call.url === '/api/admin/context' ? { status: 200, body: { tenant, role: 'admin', isOwner: false } }
    : call.url === '/api/auth/session' ? { status: 200, body: session }
    : { status: 200, body: { message: EMAIL_SETTINGS_TEXT.testSent, email_id: 'e-1' } };
  // The dialog reads the tenant id from the admin context query: wait until that answer has arrived and
  // rendered (on a busy machine it can come after the first submit otherwise).
  const render = async () => {
    const rendered = await renderForm(<MemoryRouter><TestEmailDialog templateKey="order_shipped" keys={['order_confirmation', 'order_shipped']} onClose={() => undefined} /></MemoryRouter>);
    for (let i = 0; i < 200 && !api.calls.some((c) => c.url === '/api/admin/context'); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
    for (let i = 0; i < 5; i++) await act(() => new Promise((r) => setTimeout(r, 10)));
    return rendered;
  };

  it('without the tenant’s id it says so and sends nothing', async () => {
    answer = context(null);
    view = await render();
    await typeInto(view.field('Send to *'), 'me@example.com');
    await submit(formOf(view.field('Send to *')));
    expect(toasts).toEqual([`error: ${EMAIL_SETTINGS_TEXT.noTenant}`]);
    expect(writes()).toEqual([]);
  });

  it('sends the TEST-001 sample with the tenant’s id', async () => {
    answer = context({ id: 'tenant-1', name: 'Demo Store', slug: 'demo', domain: null });
    view = await render();
    await typeInto(view.field('Send to *'), 'me@example.com');
    await submit(formOf(view.field('Send to *')));
    expect(writes()).toEqual([{ method: 'POST', url: '/api/functions/v1/email-dispatch', body: { tenant_id: 'tenant-1', to_email: 'me@example.com', template_key: 'order_shipped', payload: TEST_PAYLOAD } }]);
    expect(TEST_PAYLOAD).toEqual({ order_number: 'TEST-001', total_amount: 99.99, currency: 'GBP', quantity: 5 });
    expect(toasts).toEqual([`success: ${EMAIL_SETTINGS_TEXT.testSent}`]);
  });
});

describe('domain card', () => {
  const pending: EmailDomain = {
    id: 'd-1', domain: 'shop.example', from_name: 'Orders', from_email: 'orders@shop.example', status: 'pending', created_at: '2026-01-01T00:00:00Z', verified_at: null, last_checked_at: null,
    dns_json: { records: [{ type: 'TXT', purpose: 'SPF', name: 'shop.example', value: 'v=spf1 include:_spf.shops.test ~all', found: null }] },
  };
  const verifyButton = () => [...document.body.querySelectorAll('button')].find((b) => b.textContent?.includes('Verify Domain'))!;

  it('shows the DNS records only while pending', async () => {
    view = await renderForm(<DomainCard domain={pending} sending={false} />);
    expect(view.container.textContent).toContain('v=spf1 include:_spf.shops.test ~all');
    await view.unmount();
    view = await renderForm(<DomainCard domain={{ ...pending, status: 'verified', verified_at: '2026-01-02T00:00:00Z' }} sending />);
    expect(view.container.textContent).not.toContain('v=spf1');
    expect(view.container.textContent).toContain('Your store’s emails are sent from orders@shop.example and signed with DKIM.');
  });

  it.each([
    [{ status: 200, body: { domain: { ...pending, status: 'verified' } } }, `success: ${EMAIL_SETTINGS_TEXT.domainVerified}`],
    [{ status: 200, body: { domain: { ...pending, last_checked_at: '2026-01-02T00:00:00Z' } } }, 'message: Domain is still pending'],
    [{ status: 500, body: { error: { code: 'internal', message: 'Something went wrong. Please try again.' } } }, `error: ${EMAIL_SETTINGS_TEXT.verifyFailed}`],
  ])('Verify answers %j with %s', async (reply, toast) => {
    answer = () => reply;
    view = await renderForm(<DomainCard domain={pending} sending={false} />);
    await act(async () => verifyButton().click());
    for (let i = 0; i < 5; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
    expect(writes()).toEqual([{ method: 'PUT', url: '/api/functions/v1/email-domains?id=d-1', body: undefined }]);
    expect(toasts).toEqual([toast]);
  });
});

describe('removing a domain (issue 27 item 5)', () => {
  const domain: EmailDomain = {
    id: 'd-9', domain: 'old.example', from_name: 'Orders', from_email: 'orders@old.example', status: 'verified', created_at: '2026-01-01T00:00:00Z', verified_at: '2026-01-02T00:00:00Z', last_checked_at: null,
    dns_json: { records: [] },
  };
  const button = (name: string) => [...document.body.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;

  it('the card offers Remove; the dialog says what changes and removes it', async () => {
    answer = () => ({ status: 204, body: undefined });
    view = await renderForm(<DomainCard domain={domain} sending />);
    await act(async () => document.body.querySelector<HTMLButtonElement>('button[aria-label="Remove old.example"]')!.click());
    expect(document.body.textContent).toContain('Remove old.example?');
    expect(document.body.textContent).toContain('Your store’s emails are sent from this domain.');
    await act(async () => button('Remove domain').click());
    await settle(0);
    expect(writes()).toEqual([{ method: 'DELETE', url: '/api/functions/v1/email-domains?id=d-9', body: undefined }]);
    expect(toasts).toEqual([`success: ${EMAIL_SETTINGS_TEXT.domainRemoved}`]);
  });

  it('a failure says so, with the server’s reason', async () => {
    answer = () => ({ status: 404, body: { error: { code: 'not_found', message: 'Email domain not found' } } });
    let closed = false;
    view = await renderForm(<RemoveDomainDialog domain={domain} sending={false} onClose={() => { closed = true; }} />);
    expect(document.body.textContent).toContain('Nothing is sent from this domain yet.');
    await act(async () => button('Remove domain').click());
    await settle(0);
    expect(toasts).toEqual([`error: ${EMAIL_SETTINGS_TEXT.removeDomainFailed}`]);
    expect(closed).toBe(false);
  });
});

describe('template live preview (issue 27 item 5)', () => {
  const values = { key: 'order_shipped', subject: 'Shipped {{order_number}}', html: '<p>{{total}}</p>', text: '', is_active: true };
  const frame = () => document.body.querySelector<HTMLIFrameElement>('iframe[title="Email preview"]');

  it('asks the server for the filled-in email once typing stops, and shows it sandboxed', async () => {
    answer = (call) => (call.url.endsWith('/preview') ? { status: 200, body: { subject: 'Shipped TEST-001', html: '<p>£99.99</p>', text: '£99.99' } } : { status: 200, body: {} });
    view = await renderForm(<TemplatePreview values={values} />);
    await settle(450);
    expect(previews()).toEqual([{ method: 'POST', url: '/api/functions/v1/email-templates/preview', body: { key: 'order_shipped', subject: 'Shipped {{order_number}}', html: '<p>{{total}}</p>', text: null } }]);
    expect(document.body.querySelector('[data-testid="preview-subject"]')?.textContent).toBe('Shipped TEST-001');
    expect(frame()?.getAttribute('srcdoc')).toBe('<p>£99.99</p>');
    expect(frame()?.getAttribute('sandbox')).toBe('');
  });

  it('says what is needed instead of asking, while subject or HTML is empty or a variable is not offered', async () => {
    view = await renderForm(<TemplatePreview values={{ ...values, html: '' }} />);
    await settle(450);
    expect(document.body.textContent).toContain('The preview appears once the subject and HTML content are filled in.');
    await view.unmount();
    view = await renderForm(<TemplatePreview values={{ ...values, html: '<p>{{claim_url}}</p>' }} />);
    await settle(450);
    expect(document.body.textContent).toContain('{{claim_url}} is not available in this email');
    expect(previews()).toEqual([]);
  });

  it('shows the server’s refusal', async () => {
    answer = () => ({ status: 400, body: { error: { code: 'invalid_input', message: 'Subject must be a single line' } } });
    view = await renderForm(<TemplatePreview values={values} />);
    await settle(450);
    expect(alerts()).toEqual(['Subject must be a single line']);
  });
});

describe('copy to clipboard', () => {
  function Probe() {
    const { copied, copy } = useCopy();
    return <button type="button" onClick={() => void copy('dkim', 'v=DKIM1; p=abc')}>{copied ?? 'none'}</button>;
  }

  it('copies with the spec’s toast, and the indicator clears after 2 seconds', async () => {
    vi.useFakeTimers();
    try {
      const writeText = vi.fn(async () => undefined);
      vi.stubGlobal('navigator', { clipboard: { writeText } });
      view = await renderForm(<Probe />);
      const button = view.container.querySelector('button')!;
      await act(async () => button.click());
      expect(writeText).toHaveBeenCalledWith('v=DKIM1; p=abc');
      expect(button.textContent).toBe('dkim');
      expect(toasts).toEqual([`success: ${EMAIL_SETTINGS_TEXT.copied}`]);
      await act(async () => vi.advanceTimersByTime(COPY_INDICATOR_MS - 1));
      expect(button.textContent).toBe('dkim');
      await act(async () => vi.advanceTimersByTime(1));
      expect(button.textContent).toBe('none');
      expect(COPY_INDICATOR_MS).toBe(2000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refused clipboard says so', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    view = await renderForm(<Probe />);
    await act(async () => view.container.querySelector('button')!.click());
    expect(toasts).toEqual([`error: ${EMAIL_SETTINGS_TEXT.copyFailed}`]);
  });
});
