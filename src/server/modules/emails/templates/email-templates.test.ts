import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { shopper } from '../../../test/shopper';
import { rowsOf } from '../../../db/rows';
import { DEFAULT_TEMPLATE_KEYS, EMAIL_SETTINGS_TEXT, TEST_PAYLOAD, type EmailTemplate } from '../../../../shared/email-settings';
import type { ProductCard } from '../../../../shared/catalog';

let t: TestApp;
let admin: string;
const PATH = '/api/functions/v1/email-templates';
const DISPATCH = '/api/functions/v1/email-dispatch';
const MISSING = '0b8c7c1e-5d4a-4c3b-9a2f-1e0d9c8b7a6f';

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
});

const list = async (cookie = admin, host?: string) => (await call(t.app, 'GET', PATH, { cookie, host })).json().templates as EmailTemplate[];
const create = (body: unknown, cookie = admin, host?: string) => call(t.app, 'POST', PATH, { cookie, host, body });
const update = (id: string, body: unknown, cookie = admin, host?: string) => call(t.app, 'PUT', `${PATH}?id=${id}`, { cookie, host, body });
const dispatch = (body: unknown, cookie = admin, host?: string) => call(t.app, 'POST', DISPATCH, { cookie, host, body });
const preview = (body: unknown, cookie = admin, host?: string) => call(t.app, 'POST', `${PATH}/preview`, { cookie, host, body });
const mails = async (where = sql`true`) =>
  rowsOf<{ to_address: string; subject: string; html: string; text: string; kind: string }>(await t.database.db.execute(sql`select to_address, subject, html, text, kind from email_messages where ${where} order by created_at`));

const evilName = `<img src=x onerror=alert(1)>`;

/** A guest pays for one product: the confirmation is written as the payment is recorded. */
async function paidOrder(firstName: string): Promise<string> {
  const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
  const product = items.find((p) => !p.has_variants && p.in_stock)!;
  const guest = shopper(t.app);
  await guest.send('POST', '/api/cart/items', { product_id: product.id });
  const address = { first_name: firstName, last_name: 'Lovelace', address_line1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' };
  const placed = (await guest.send('POST', '/api/checkout', { contact: { email: 'ada@example.com' }, shippingAddress: address, billingSameAsShipping: true })).json();
  const { payload, headers } = t.payments.webhook(placed.session_id, 'checkout.completed');
  const paid = await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: 'demo.localhost:3000' }, payload });
  expect(paid.statusCode).toBe(200);
  return placed.order_number;
}

describe('email templates: validation (spec §5)', () => {
  const required = EMAIL_SETTINGS_TEXT.templateRequired;
  it.each([
    [{}, { key: required, subject: required, html: required }],
    [{ key: 'welcome', subject: 'Hi', html: '   ' }, { html: required }],
    [{ key: '', subject: 'Hi', html: '<p>x</p>' }, { key: required }],
    [{ key: 'Welcome Mail', subject: 'Hi', html: '<p>x</p>' }, { key: EMAIL_SETTINGS_TEXT.keyPattern }],
    [{ key: 'welcome', subject: 'Hi\nBcc: x@y.z', html: '<p>x</p>' }, { subject: EMAIL_SETTINGS_TEXT.subjectOneLine }],
    [{ key: 'welcome', subject: 'Hi', html: '<p>{{order_numbr}}</p>' }, { html: 'Unknown variable {{order_numbr}}' }],
    [{ key: 'order_shipped', subject: 'Hi {{claim_url}}', html: '<p>x</p>' }, { subject: '{{claim_url}} is not available in this email' }],
    [{ key: 'welcome', subject: 'Hi', html: '<p>x</p>', text: '{{#was_paid}}open' }, { text: '{{#was_paid}} is never closed with {{/was_paid}}' }],
    [{ key: 'welcome', subject: 'Hi', html: 'x'.repeat(50_001) }, { html: EMAIL_SETTINGS_TEXT.htmlTooLong }],
    [{ key: 'welcome', subject: 'Hi', html: '<p>x</p>', tenant_id: MISSING }, { tenant_id: 'Unknown field' }],
  ])('%j answers 400 with %j', async (body, fields) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject(fields);
  });
});

describe('email templates', () => {
  let custom: EmailTemplate;

  it('lists every default (tenant_id null), ready for orders, claims and invitations', async () => {
    const templates = await list();
    expect(templates.map((x) => x.key).sort()).toEqual([...DEFAULT_TEMPLATE_KEYS].sort());
    expect(templates.every((x) => x.tenant_id === null && x.is_active)).toBe(true);
    expect(templates.find((x) => x.key === 'invite')!.html).toContain('{{invite_button}}');
  });

  it('a custom template with a default’s key is the store’s own (Custom) and listed before the default', async () => {
    const res = await create({ key: 'order_confirmation', subject: '{{shop_name}} got order {{order_number}}', html: '<p>Cheers, {{customer_first_name}}! {{total}} ({{total_amount}} {{currency}})</p>{{order_summary}}', text: null, is_active: true });
    expect(res.statusCode).toBe(201);
    custom = res.json().template;
    expect(custom).toMatchObject({ key: 'order_confirmation', tenant_id: t.seed.tenantIds.demo, is_active: true, text: null });
    const keys = (await list()).filter((x) => x.key === 'order_confirmation');
    expect(keys.map((x) => x.tenant_id)).toEqual([t.seed.tenantIds.demo, null]);
    // A second custom template for the key is refused: edit the first.
    const again = await create({ key: 'order_confirmation', subject: 'S', html: '<p>x</p>' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'template_taken', fields: { key: EMAIL_SETTINGS_TEXT.keyTaken } });
  });

  it('replaces the default in the store’s real order confirmation, with the customer’s values escaped', async () => {
    const number = await paidOrder(evilName);
    const [mail] = await mails(sql`kind = 'order_confirmation' and subject like ${`%${number}%`}`);
    expect(mail.subject).toBe(`Demo Store got order ${number}`);
    expect(mail.html).toContain('Cheers, &lt;img src=x onerror=alert(1)&gt;!');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toMatch(/£[\d,.]+ \([\d.]+ GBP\)/);
    // No text of its own: the text part is made from the HTML, the name as the customer typed it.
    expect(mail.text).toContain(`Cheers, ${evilName}!`);
    // Another store still sends the default.
    expect((await list(await signIn(t.app, 'admin@acme.test', ACME_HOST), ACME_HOST)).every((x) => x.tenant_id === null)).toBe(true);
  });

  it('edits the custom template with the key locked; an inactive one gives the default back', async () => {
    const locked = await update(custom.id, { key: 'order_shipped', subject: 'S', html: '<p>x</p>' });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error.fields).toEqual({ key: EMAIL_SETTINGS_TEXT.keyLocked });

    const res = await update(custom.id, { key: 'order_confirmation', subject: 'Paused {{order_number}}', html: '<p>Paused</p>', text: 'Paused', is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().template).toMatchObject({ id: custom.id, subject: 'Paused {{order_number}}', text: 'Paused', is_active: false });
    expect(res.json().template.updated_at > custom.updated_at).toBe(true);

    const number = await paidOrder('Grace');
    const [mail] = await mails(sql`kind = 'order_confirmation' and subject like ${`%${number}%`}`);
    expect(mail.subject).toBe(`Demo Store: order ${number} confirmed`);
    expect(mail.html).toContain('Thank you for your order, Grace');
  });

  it('a default cannot be changed (403, saying how to replace it); another store’s template is a 404 like a missing one', async () => {
    const def = (await list()).find((x) => x.key === 'order_shipped' && x.tenant_id === null)!;
    const res = await update(def.id, { key: 'order_shipped', subject: 'Mine', html: '<p>x</p>' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(EMAIL_SETTINGS_TEXT.defaultReadOnly);

    const acme = await signIn(t.app, 'admin@acme.test', ACME_HOST);
    const body = { key: 'order_confirmation', subject: 'S', html: '<p>x</p>' };
    const foreign = await update(custom.id, body, acme, ACME_HOST);
    const missing = await update(MISSING, body, acme, ACME_HOST);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await update('nope', body)).statusCode).toBe(404);
    // Acme can make its own with the same key.
    expect((await create(body, acme, ACME_HOST)).statusCode).toBe(201);
  });

  it('the database itself refuses a store writing a default row', async () => {
    const demo = t.seed.tenantIds.demo;
    const changed = await t.scopes.run({ tenantId: demo, userId: null }, ({ tx }) => tx.execute(sql`update email_templates set subject = 'hacked' where tenant_id is null returning id`));
    expect(rowsOf(changed)).toEqual([]);
    await expect(
      t.scopes.run({ tenantId: demo, userId: null }, ({ tx }) => tx.execute(sql`insert into email_templates (tenant_id, key, subject, html) values (null, 'x', 's', 'h')`)),
    ).rejects.toSatisfy((e: unknown) => /row-level security/.test(String((e as { cause?: Error }).cause?.message ?? e)));
  });
});

describe('test email (email-dispatch)', () => {
  it('sends the template with the TEST-001 sample into the outbox, marked [Test]', async () => {
    const res = await dispatch({ tenant_id: t.seed.tenantIds.demo, to_email: 'Me@Example.com', template_key: 'order_shipped', payload: TEST_PAYLOAD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: EMAIL_SETTINGS_TEXT.testSent });
    const [mail] = await mails(sql`kind = 'template_test'`);
    expect(mail).toMatchObject({ to_address: 'me@example.com', subject: '[Test] Demo Store: order TEST-001 has shipped' });
    expect(mail.html).toContain('Your order TEST-001 has been sent by Standard Delivery.');
    expect(mail.text).toMatch(/Sample item\s+5/);
    const listed = (await call(t.app, 'GET', '/api/admin/emails?search=TEST-001', { cookie: admin })).json().emails;
    expect(listed[0]).toMatchObject({ kind: 'template_test', to: 'me@example.com' });
  });

  it('reads as a real one would (issue 27): the store’s details in the footer and its own promised times', async () => {
    // The store states its contact details and a refund time (Settings > Store Info, Policies).
    const { settings } = (await call(t.app, 'GET', '/api/admin/settings', { cookie: admin })).json();
    const saved = await call(t.app, 'PUT', '/api/admin/settings', { cookie: admin, body: { name: settings.name, settings_json: { ...settings.settings_json, contact_email: 'hello@demo-store.example' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const { policies } = (await call(t.app, 'GET', '/api/admin/settings/policies', { cookie: admin })).json();
    const real = await call(t.app, 'PUT', '/api/admin/settings/policies', { cookie: admin, body: { ...policies, refund_days: { min: 3, max: 4 } } });
    expect(real.statusCode, real.body).toBe(200);
    await dispatch({ to_email: 'footer@example.com', template_key: 'order_refunded', payload: TEST_PAYLOAD });
    const [mail] = await mails(sql`to_address = 'footer@example.com'`);
    expect(mail.html).toContain('hello@demo-store.example');
    expect(mail.text).toContain('Sent by Demo Store');
    expect(mail.text).toContain('3-4 business days');
  });

  it('fills in total 99.99 and currency; a payload value is escaped like any other', async () => {
    await create({ key: 'receipt', subject: 'Receipt {{order_number}}', html: '<p>{{total_amount}} {{currency}} = {{total}} x{{quantity}} for {{customer_name}}</p>' });
    await dispatch({ to_email: 'me@example.com', template_key: 'receipt', payload: { ...TEST_PAYLOAD, customer_name: '<b>Bo</b>' } });
    const [mail] = await mails(sql`subject = '[Test] Receipt TEST-001'`);
    expect(mail.html).toContain('<p>99.99 GBP = £99.99 x5 for &lt;b&gt;Bo&lt;/b&gt;</p>');
  });

  it('refuses a tenant_id naming another store (403), an unknown key (404), bad input (400)', async () => {
    expect((await dispatch({ tenant_id: t.seed.tenantIds.acme, to_email: 'me@example.com', template_key: 'order_shipped', payload: TEST_PAYLOAD })).statusCode).toBe(403);
    const unknown = await dispatch({ to_email: 'me@example.com', template_key: 'nothing_here', payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(EMAIL_SETTINGS_TEXT.noTemplate);
    expect((await dispatch({ to_email: 'nope', template_key: 'order_shipped' })).json().error.fields).toEqual({ to_email: EMAIL_SETTINGS_TEXT.emailInvalid });
    expect((await dispatch({ to_email: 'me@example.com', template_key: 'order_shipped', payload: { order_items: '<table>' } })).json().error.fields).toEqual({ 'payload.order_items': 'Unknown field' });
  });

  it('staff 403, visitors 401 on every template and test-send route', async () => {
    const staff = await signIn(t.app, 'staff@demo.test');
    const body = { key: 'x_key', subject: 'S', html: '<p>x</p>' };
    for (const cookie of [staff, '']) {
      const expected = cookie ? 403 : 401;
      expect((await call(t.app, 'GET', PATH, { cookie })).statusCode).toBe(expected);
      expect((await create(body, cookie)).statusCode).toBe(expected);
      expect((await update(MISSING, body, cookie)).statusCode).toBe(expected);
      expect((await dispatch({ to_email: 'me@example.com', template_key: 'order_shipped' }, cookie)).statusCode).toBe(expected);
      expect((await preview(body, cookie)).statusCode).toBe(expected);
    }
  });
});

describe('live preview (issue 27 item 5)', () => {
  it('fills the unsaved template with the sample order inside the store’s layout, and stores and sends nothing', async () => {
    const before = (await mails()).length;
    const res = await preview({ key: 'order_shipped', subject: 'On its way: {{order_number}}', html: '<p>Hi {{customer_first_name}}, {{total}} for {{quantity}} items.</p>' });
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json();
    expect(shown.subject).toBe('On its way: TEST-001');
    expect(shown.html).toContain('<p>Hi Alex, £99.99 for 5 items.</p>');
    expect(shown.html).toContain('Demo Store');
    expect(shown.text).toContain('Hi Alex, £99.99 for 5 items.');
    expect((await mails()).length).toBe(before);
    expect((await list()).some((x) => x.subject === 'On its way: {{order_number}}')).toBe(false);
  });

  it('escapes values and answers a variable the key does not offer as a 400 on its field, as saving does', async () => {
    const bad = await preview({ key: 'order_shipped', subject: 'S', html: '<p>{{claim_url}}</p>' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['html']);
    const empty = await preview({ key: 'order_shipped', subject: '', html: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({ subject: EMAIL_SETTINGS_TEXT.templateRequired });
  });

  it('uses the calling store’s own name, never another’s', async () => {
    const acme = await signIn(t.app, 'admin@acme.test', ACME_HOST);
    const res = await preview({ key: 'receipt', subject: '{{shop_name}}', html: '<p>x</p>' }, acme, ACME_HOST);
    expect(res.statusCode).toBe(200);
    expect(res.json().subject).toBe('Acme');
  });
});
