import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { defaultStoreSettings, STORE_SETTINGS_MESSAGES as M } from '../../../../shared/store-settings';
import type { ProductCard } from '../../../../shared/catalog';
import { shopper } from '../../../test/shopper';

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;
let partner: string;
let owner: string;

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
  partner = await signIn(t.app, 'partner@demo.test', ACME_HOST);
  owner = await signIn(t.app, 'owner@platform.test');
});

const get = (cookie: string | null = admin, host = DEMO_HOST) => call(t.app, 'GET', '/api/admin/settings', { cookie, host });
const put = (body: unknown, cookie: string | null = admin, host = DEMO_HOST) => call(t.app, 'PUT', '/api/admin/settings', { cookie, host, body });
const current = async (host = DEMO_HOST) => (await call(t.app, 'GET', '/api/tenant/current', { host })).json().tenant;

const FULL = {
  name: 'Bramble & Oak',
  settings_json: {
    store_name: 'ignored: the name wins',
    store_description: '  Handmade homeware from Yorkshire.  ',
    contact_email: 'Hello@Bramble.example',
    contact_phone: '0113  496 0000',
    address: { line1: '1 Mill Lane', line2: 'Unit 4', city: 'Leeds', postcode: 'ls1 4ap', country: 'United Kingdom' },
    business: { company_number: 'sc 123456', vat_number: '123 4567 89', business_type: 'limited_company' },
    notifications: { order_notifications: false, low_stock_alerts: true, customer_emails: true },
  },
};

describe('GET /api/admin/settings', () => {
  it('answers the name, every settings field with its default, and the store id as tenant_uuid', async () => {
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    // Demo Store is VAT registered (seed/demo.ts); everything else is the defaults.
    const demoDefaults = defaultStoreSettings('Demo Store');
    const expected = { ...demoDefaults, business: { ...demoDefaults.business, vat_number: 'GB999999973', vat_registered: true } };
    expect(res.json()).toEqual({ settings: { name: 'Demo Store', settings_json: expected }, tenant_uuid: t.seed.tenantIds.demo });
    expect(res.json().settings.settings_json.address.country).toBe('United Kingdom');
    expect(res.json().settings.settings_json.notifications).toEqual({ order_notifications: true, low_stock_alerts: true, customer_emails: true });
  });

  it('falls back to defaults for stored parts that no longer parse, keeping the rest', async () => {
    await t.database.db.execute(sql`update tenants set settings_json = ${JSON.stringify({ contact_email: 'shop@acme.example', address: 'not an object', notifications: { order_notifications: 'yes' } })}::jsonb where id = ${t.seed.tenantIds.acme}::uuid`);
    const res = await get(acmeAdmin, ACME_HOST);
    expect(res.statusCode).toBe(200);
    const s = res.json().settings.settings_json;
    expect(s.contact_email).toBe('shop@acme.example');
    expect(s.address).toEqual(defaultStoreSettings().address);
    expect(s.notifications).toEqual(defaultStoreSettings().notifications);
    await t.database.db.execute(sql`update tenants set settings_json = '{}'::jsonb where id = ${t.seed.tenantIds.acme}::uuid`);
  });
});

describe('who may read and change the settings', () => {
  it('staff 403, another store’s admin 404, nobody signed in 401, on GET and PUT alike', async () => {
    for (const send of [(c: string | null, h?: string) => get(c, h), (c: string | null, h?: string) => put({ name: 'Taken over' }, c, h)]) {
      expect((await send(staff)).statusCode).toBe(403);
      expect((await send(partner, ACME_HOST)).statusCode).toBe(403);
      expect((await send(acmeAdmin)).statusCode).toBe(404);
      expect((await send(await signIn(t.app, 'shopper@demo.test'))).statusCode).toBe(404);
      expect((await send(null)).statusCode).toBe(401);
    }
    expect((await current()).name).toBe('Demo Store');
  });

  it('the platform owner may (on the store’s host, or the platform host with the store chosen)', async () => {
    expect((await get(owner)).statusCode).toBe(200);
    const onPlatform = await signIn(t.app, 'owner@platform.test', PLATFORM_HOST);
    expect((await get(onPlatform, PLATFORM_HOST)).statusCode).toBe(404);
  });

  it('a tenant id in the body selects nothing: unknown fields are refused', async () => {
    const res = await put({ name: 'X', tenant_id: t.seed.tenantIds.acme });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ tenant_id: 'Unknown field' });
  });
});

describe('PUT /api/admin/settings', () => {
  it('saves the name and settings, normalised, and answers them; store_name mirrors the name', async () => {
    const res = await put(FULL);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().settings;
    expect(saved.name).toBe('Bramble & Oak');
    expect(saved.settings_json).toEqual({
      store_name: 'Bramble & Oak',
      store_description: 'Handmade homeware from Yorkshire.',
      contact_email: 'hello@bramble.example',
      contact_phone: '0113 496 0000',
      address: { line1: '1 Mill Lane', line2: 'Unit 4', city: 'Leeds', postcode: 'LS1 4AP', country: 'United Kingdom' },
      // Sent without the switch (as before it existed): a VAT number given reads as registered.
      business: { company_number: 'SC123456', vat_number: 'GB123456789', business_type: 'limited_company', vat_registered: true },
      notifications: { order_notifications: false, low_stock_alerts: true, customer_emails: true },
      // Left out: two-step sign-in is not required (issue 26).
      security: { require_two_step: false },
    });
    expect((await get()).json().settings).toEqual(saved);
    // Acme is untouched.
    expect((await get(acmeAdmin, ACME_HOST)).json().settings.name).toBe('Acme');
  });

  it('with only a name, renames and keeps the stored settings', async () => {
    const res = await put({ name: 'Bramble & Oak Ltd' });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.settings_json.contact_email).toBe('hello@bramble.example');
    expect(res.json().settings.settings_json.store_name).toBe('Bramble & Oak Ltd');
  });

  it('left-out parts of settings_json get their defaults (country United Kingdom, notifications on)', async () => {
    const res = await put({ name: 'Bramble & Oak', settings_json: { contact_email: '' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.settings_json).toEqual(defaultStoreSettings('Bramble & Oak'));
    expect((await put(FULL)).statusCode).toBe(200);
  });

  it('shows the new name and details to shoppers at once: the host cache is dropped on save', async () => {
    // Cached by the requests above; rename again and ask straight away.
    expect((await current()).name).toBe('Bramble & Oak');
    expect((await put({ ...FULL, name: 'Bramble Home' })).statusCode).toBe(200);
    const tenant = await current();
    expect(tenant.name).toBe('Bramble Home');
    expect(tenant.details).toEqual({
      description: 'Handmade homeware from Yorkshire.',
      contact_email: 'hello@bramble.example',
      contact_phone: '0113 496 0000',
      address: { line1: '1 Mill Lane', line2: 'Unit 4', city: 'Leeds', postcode: 'LS1 4AP', country: 'United Kingdom' },
      company_number: 'SC123456',
      vat_number: 'GB123456789',
      vat_registered: true,
    });
    // Never public: the business type and the notification preferences.
    expect(JSON.stringify(tenant)).not.toMatch(/business_type|limited_company|order_notifications/);
    // The server-rendered head of every page uses the new name.
    const page = await call(t.app, 'GET', '/cart', { host: DEMO_HOST });
    expect(page.body).toContain('<title>Bramble Home</title>');
    expect(page.body).toContain('<meta name="description" content="Handmade homeware from Yorkshire." />');
    const product = await call(t.app, 'GET', '/p/hand-thrown-serving-bowl', { host: DEMO_HOST });
    expect(product.body).toMatch(/<title>[^<]+ \| Bramble Home<\/title>/);
  });

  it('emails carry the new name and the store’s contact details in their footer', async () => {
    const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
    const product = items.find((p) => !p.has_variants && p.in_stock)!;
    const guest = shopper(t.app);
    await guest.send('POST', '/api/cart/items', { product_id: product.id });
    const address = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' };
    const placed = (await guest.send('POST', '/api/checkout', { contact: { email: 'ada@example.com' }, shippingAddress: address, billingSameAsShipping: true })).json();
    const { payload, headers } = t.payments.webhook(placed.session_id, 'checkout.completed');
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host: DEMO_HOST }, payload })).statusCode).toBe(200);
    const rows = await t.database.db.execute<{ subject: string; text: string; html: string }>(sql`select subject, text, html from email_messages where kind = 'order_confirmation' and to_address = 'ada@example.com'`);
    const [mail] = (rows as unknown as { rows: { subject: string; text: string; html: string }[] }).rows;
    expect(mail.subject).toMatch(/^Bramble Home: order /);
    expect(mail.text).toContain(['Sent by Bramble Home', '1 Mill Lane, Unit 4, Leeds LS1 4AP, United Kingdom', 'Email: hello@bramble.example · Phone: 0113 496 0000', 'Company no. SC123456 · VAT no. GB123456789'].join('\n'));
    expect(mail.html).toContain('href="mailto:hello@bramble.example"');
  });

  it('a store without an address or contact answers null details', async () => {
    expect((await current(ACME_HOST)).details).toEqual({ description: null, contact_email: null, contact_phone: null, address: null, company_number: null, vat_number: null, vat_registered: false });
  });

  it('VAT registered needs a VAT number; switched off, the number is kept for the admin but shoppers see no VAT (issue 25)', async () => {
    const business = { company_number: '', business_type: '' };
    const refused = await put({ name: 'Bramble Home', settings_json: { ...FULL.settings_json, business: { ...business, vat_number: '', vat_registered: true } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ 'settings_json.business.vat_number': 'Enter your VAT number: it is printed on every VAT receipt' });
    const bad = await put({ name: 'Bramble Home', settings_json: { ...FULL.settings_json, business: { ...business, vat_number: 'GB12', vat_registered: true } } });
    expect(bad.json().error.fields).toEqual({ 'settings_json.business.vat_number': 'Enter a UK VAT number, such as GB123456789' });
    const off = await put({ name: 'Bramble Home', settings_json: { ...FULL.settings_json, business: { ...business, vat_number: 'GB123456789', vat_registered: false } } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().settings.settings_json.business).toMatchObject({ vat_number: 'GB123456789', vat_registered: false });
    expect((await current()).details).toMatchObject({ vat_number: null, vat_registered: false });
    expect((await put({ ...FULL, name: 'Bramble Home' })).statusCode).toBe(200);
    expect((await current()).details).toMatchObject({ vat_number: 'GB123456789', vat_registered: true });
  });
});

describe('validation (every text)', () => {
  const fieldsOf = async (body: unknown) => {
    const res = await put(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe('Some fields are missing or invalid.');
    return res.json().error.fields as Record<string, string>;
  };
  const withSettings = (settings_json: Record<string, unknown>) => ({ name: 'Valid', settings_json });

  it('the store name is required (spec §5: Required) and bounded', async () => {
    expect(await fieldsOf({})).toEqual({ name: M.required });
    expect(await fieldsOf({ name: '   ' })).toEqual({ name: M.required });
    expect(await fieldsOf({ name: null })).toEqual({ name: M.required });
    expect(await fieldsOf({ name: 'x'.repeat(121) })).toEqual({ name: M.nameTooLong });
    expect(M.nameTooLong).toBe('Store name must be 120 characters or fewer');
  });

  it('the contact email must be an email (spec §5: Invalid email)', async () => {
    expect(await fieldsOf(withSettings({ contact_email: 'not-an-email' }))).toEqual({ 'settings_json.contact_email': 'Invalid email' });
    expect(await fieldsOf(withSettings({ contact_email: `${'a'.repeat(250)}@x.example` }))).toEqual({ 'settings_json.contact_email': M.emailTooLong });
  });

  it.each([
    ['contact_phone', '12345', M.phone],
    ['contact_phone', '020 7946 09', M.phone],
    ['contact_phone', 'call me', M.phone],
    ['contact_phone', '0'.repeat(33), M.phoneTooLong],
    ['store_description', 'x'.repeat(1001), M.descriptionTooLong],
  ])('%s %j: %s', async (field, value, message) => {
    expect(await fieldsOf(withSettings({ [field]: value }))).toEqual({ [`settings_json.${field}`]: message });
  });

  it('the address: UK postcode, a country from the list, bounded lines, and all or nothing', async () => {
    const address = (a: Record<string, unknown>) => withSettings({ address: { line1: '1 High St', city: 'York', postcode: 'YO1 7HH', ...a } });
    expect(await fieldsOf(address({ postcode: '12345' }))).toEqual({ 'settings_json.address.postcode': M.postcode });
    expect(await fieldsOf(address({ country: 'France' }))).toEqual({ 'settings_json.address.country': M.country });
    expect(await fieldsOf(address({ line1: 'x'.repeat(121) }))).toEqual({ 'settings_json.address.line1': M.lineTooLong });
    expect(await fieldsOf(address({ line2: 'x'.repeat(121) }))).toEqual({ 'settings_json.address.line2': M.lineTooLong });
    expect(await fieldsOf(address({ city: 'x'.repeat(81) }))).toEqual({ 'settings_json.address.city': M.cityTooLong });
    expect(await fieldsOf(withSettings({ address: { postcode: 'YO1 7HH' } }))).toEqual({ 'settings_json.address.line1': M.required, 'settings_json.address.city': M.required });
    expect(await fieldsOf(withSettings({ address: { line2: 'Flat 2' } }))).toEqual({
      'settings_json.address.line1': M.required,
      'settings_json.address.city': M.required,
      'settings_json.address.postcode': M.required,
    });
    expect(await fieldsOf(address({ street: 'x' }))).toEqual({ 'settings_json.address.street': 'Unknown field' });
  });

  it('business: Companies House and VAT number formats, a known business type', async () => {
    expect(await fieldsOf(withSettings({ business: { company_number: '1234' } }))).toEqual({ 'settings_json.business.company_number': M.companyNumber });
    expect(await fieldsOf(withSettings({ business: { vat_number: 'FR123' } }))).toEqual({ 'settings_json.business.vat_number': M.vatNumber });
    expect(await fieldsOf(withSettings({ business: { business_type: 'pirate' } }))).toEqual({ 'settings_json.business.business_type': M.businessType });
  });

  it('notifications are booleans; unknown keys anywhere are refused', async () => {
    expect(await fieldsOf(withSettings({ notifications: { customer_emails: 'yes' } }))).toEqual({ 'settings_json.notifications.customer_emails': M.toggle });
    expect(await fieldsOf(withSettings({ notifications: { sms: true } }))).toEqual({ 'settings_json.notifications.sms': 'Unknown field' });
    expect(await fieldsOf(withSettings({ logo: 'x' }))).toEqual({ 'settings_json.logo': 'Unknown field' });
  });

  it('nothing invalid was saved', async () => {
    expect((await get()).json().settings.name).toBe('Bramble Home');
  });
});
