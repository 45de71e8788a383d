import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { seedTestPaymentAccount } from '../../seed/payments';
import { SETUP_TEXT } from '../../../shared/store-setup';
import { PREVIEW_COOKIE } from '../../http/opening-soon';

// Issue 25 item 2: a new store is sellable from the first day but not public until launched. Its
// storefront is "Opening soon" (503, noindex, no catalogue) for everyone but its staff and whoever has
// the preview password; the checklist is ticked from real state; launch is refused with reasons.

let t: TestApp;
let owner: string;
let merchant: string;
let acmeAdmin: string;
let tenantId: string;
const HOST = 'fernhill.localhost:3000';

beforeAll(async () => {
  t = await resetTestApp();
  owner = await signIn(t.app, 'owner@platform.test', PLATFORM_HOST);
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
  // The platform owner opens a store for shopper@demo.test, who becomes its owner.
  const created = await call(t.app, 'POST', '/api/tenants', { cookie: owner, host: PLATFORM_HOST, body: { name: 'Fernhill Pottery', domain: 'fernhill.localhost', admin_email: 'shopper@demo.test' } });
  expect(created.statusCode, created.body).toBe(201);
  tenantId = created.json().tenant.id;
  merchant = await signIn(t.app, 'shopper@demo.test', HOST);
});

const anon = (method: string, url: string, extra: { cookie?: string; body?: unknown } = {}) => call(t.app, method, url, { host: HOST, cookie: extra.cookie ?? null, body: extra.body });
const admin = (method: string, url: string, body?: unknown, cookie = merchant) => call(t.app, method, url, { host: HOST, cookie, body });
const setup = async () => (await admin('GET', '/api/admin/setup')).json();
const stepsOf = (s: { steps: { key: string; done: boolean }[] }) => Object.fromEntries(s.steps.map((x) => [x.key, x.done]));

describe('a store not launched yet', () => {
  it('shows shoppers "Opening soon": pages 503 with noindex, calls 503, nothing of the store promised', async () => {
    const page = await anon('GET', '/');
    expect(page.statusCode).toBe(503);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.body).toContain('<meta name="robots" content="noindex');
    expect(page.body).toContain(`${SETUP_TEXT.openingSoonTitle} · Fernhill Pottery`);
    expect((await anon('GET', '/p/anything')).statusCode).toBe(503);

    for (const url of ['/api/categories', '/api/products', '/api/shipping-methods', '/api/cart', '/sitemap.xml', '/robots.txt']) {
      const res = await anon('GET', url);
      expect(res.statusCode, url).toBe(503);
    }
    expect((await anon('GET', '/api/categories')).json().error.code).toBe('store_opening_soon');
    const current = (await anon('GET', '/api/tenant/current')).json().tenant;
    expect(current).toMatchObject({ name: 'Fernhill Pottery', launched: false, opening_soon: true, preview_password: false });
    expect(current.promises).toMatchObject({ free_delivery_over: null, returns_days: null, legal_pages: [] });
  });

  it('is open as it will be to its own staff and to platform owners, not to another store’s', async () => {
    expect((await admin('GET', '/api/categories')).statusCode).toBe(200);
    expect((await admin('GET', '/api/tenant/current')).json().tenant).toMatchObject({ opening_soon: false, launched: false });
    expect((await call(t.app, 'GET', '/api/categories', { host: HOST, cookie: owner })).statusCode).toBe(200);
    const stranger = await call(t.app, 'GET', '/api/categories', { host: HOST, cookie: acmeAdmin });
    expect(stranger.statusCode).toBe(503);
    expect((await call(t.app, 'GET', '/api/admin/setup', { host: HOST, cookie: acmeAdmin })).statusCode).toBe(404);
  });

  it('starts with a delivery option to confirm and a checklist ticked from its real state', async () => {
    const methods = (await admin('GET', '/api/admin/shipping-methods')).json().shipping_methods;
    expect(methods).toHaveLength(1);
    expect(methods[0]).toMatchObject({ name: 'Standard Delivery', flat_rate: 3.99, free_over: null, is_active: true });
    const state = await setup();
    expect(stepsOf(state)).toEqual({ details: false, delivery: false, payments: false, product: false, policies: false, launch: false });
    expect(state.launched_at).toBeNull();
    expect(state.store_url).toBe(`http://${HOST}`);
    expect(state.blockers.map((b: { key: string }) => b.key)).toEqual(['details', 'delivery', 'payments', 'product']);
  });

  it('refuses to launch while a checkout could not be completed, saying what is missing', async () => {
    const res = await admin('POST', '/api/admin/setup/launch');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('launch_blocked');
    expect(res.json().error.fields).toEqual({
      details: SETUP_TEXT.blocked.details,
      delivery: SETUP_TEXT.blocked.delivery,
      payments: SETUP_TEXT.blocked.payments,
      product: SETUP_TEXT.blocked.product,
    });
    expect((await anon('GET', '/')).statusCode).toBe(503);
  });

  it('lets a visitor in with the preview password, and a new password ends the old previews', async () => {
    expect((await anon('POST', '/api/store-preview', { body: { password: 'anything' } })).statusCode).toBe(403);
    const set = await admin('PUT', '/api/admin/setup/preview-password', { password: '  clay-2026  ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().preview_password).toBe('clay-2026');
    expect((await admin('PUT', '/api/admin/setup/preview-password', { password: 'abc' })).statusCode).toBe(400);
    expect((await anon('GET', '/api/tenant/current')).json().tenant.preview_password).toBe(true);

    const wrong = await anon('POST', '/api/store-preview', { body: { password: 'clay-2025' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(SETUP_TEXT.previewWrong);
    const right = await anon('POST', '/api/store-preview', { body: { password: 'clay-2026' } });
    expect(right.statusCode).toBe(204);
    const cookie = String(right.headers['set-cookie']).split(';')[0];
    expect(cookie.startsWith(`${PREVIEW_COOKIE}=`)).toBe(true);
    expect((await anon('GET', '/api/categories', { cookie })).statusCode).toBe(200);
    expect((await anon('GET', '/', { cookie })).statusCode).not.toBe(503);
    expect((await anon('GET', '/api/tenant/current', { cookie })).json().tenant.opening_soon).toBe(false);
    // The cookie is this store's only.
    expect((await call(t.app, 'GET', '/api/tenant/current', { host: ACME_HOST, cookie })).json().tenant.name).toBe('Acme');

    expect((await admin('PUT', '/api/admin/setup/preview-password', { password: 'glaze-2027' })).statusCode).toBe(200);
    expect((await anon('GET', '/api/categories', { cookie })).statusCode).toBe(503);
    expect((await admin('PUT', '/api/admin/setup/preview-password', { password: null })).json().preview_password).toBeNull();
  });

  it('counts tries at the password: the 11th in 15 minutes from one address is a 429', async () => {
    await admin('PUT', '/api/admin/setup/preview-password', { password: 'kiln-fire' });
    const tries = [];
    for (let i = 0; i < 11; i++) tries.push((await call(t.app, 'POST', '/api/store-preview', { host: HOST, body: { password: `guess-${i}` }, remoteAddress: '198.51.100.25' })).statusCode);
    expect(tries.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(tries[10]).toBe(429);
  });
});

describe('from the checklist to launch', () => {
  it('ticks each step as the merchant does it, launches, and the shop is public', async () => {
    const info = await admin('PUT', '/api/admin/settings', {
      name: 'Fernhill Pottery',
      settings_json: { contact_email: 'hello@fernhill.example', address: { line1: '2 Kiln Yard', city: 'Stoke-on-Trent', postcode: 'ST1 1AA' } },
    });
    expect(info.statusCode, info.body).toBe(200);
    expect(stepsOf(await setup()).details).toBe(true);

    const confirmed = await admin('POST', '/api/admin/setup/confirm-delivery');
    expect(confirmed.statusCode).toBe(200);
    expect(stepsOf(confirmed.json()).delivery).toBe(true);

    await seedTestPaymentAccount(t.database.db, tenantId, 'Fernhill Pottery');
    expect(stepsOf(await setup()).payments).toBe(true);

    // A draft product is not something to sell; an active one in stock is.
    const product = await admin('POST', '/api/admin/products', { name: 'Speckled Mug', slug: 'speckled-mug', sku: 'FH-MUG-1', base_price: 18, status: 'draft', stock_quantity: 6 });
    expect(product.statusCode, product.body).toBe(201);
    expect(stepsOf(await setup()).product).toBe(false);
    const id = product.json().product.id;
    expect((await admin('PUT', `/api/admin/products/${id}`, { name: 'Speckled Mug', slug: 'speckled-mug', sku: 'FH-MUG-1', base_price: 18, status: 'active', stock_quantity: 6 })).statusCode).toBe(200);
    const ready = await setup();
    expect(stepsOf(ready)).toMatchObject({ details: true, delivery: true, payments: true, product: true, launch: false });
    expect(ready.blockers).toEqual([]);

    const launched = await admin('POST', '/api/admin/setup/launch');
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json().launched_at).not.toBeNull();
    expect(stepsOf(launched.json()).launch).toBe(true);
    expect((await anon('GET', '/api/categories')).statusCode).toBe(200);
    expect((await anon('GET', '/api/tenant/current')).json().tenant).toMatchObject({ launched: true, opening_soon: false });
    expect((await anon('GET', '/')).statusCode).toBe(200);
  });

  it('shows the step undone again when the state behind it goes, and can close the shop again', async () => {
    const methods = (await admin('GET', '/api/admin/shipping-methods')).json().shipping_methods;
    expect((await admin('PUT', `/api/admin/shipping-methods/${methods[0].id}/active`, { is_active: false })).statusCode).toBe(200);
    expect(stepsOf(await setup()).delivery).toBe(false);
    expect((await admin('POST', '/api/admin/setup/confirm-delivery')).statusCode).toBe(400);
    expect((await admin('PUT', `/api/admin/shipping-methods/${methods[0].id}/active`, { is_active: true })).statusCode).toBe(200);

    const closed = await admin('POST', '/api/admin/setup/unlaunch');
    expect(closed.statusCode).toBe(200);
    expect(closed.json().launched_at).toBeNull();
    expect((await anon('GET', '/api/categories')).statusCode).toBe(503);
    expect((await admin('POST', '/api/admin/setup/launch')).statusCode).toBe(200);
  });

  it('is for the store managers only', async () => {
    const staffed = await call(t.app, 'GET', '/api/admin/setup', { host: 'demo.localhost:3000', cookie: await signIn(t.app, 'staff@demo.test') });
    expect(staffed.statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/api/admin/setup/launch', { host: HOST, cookie: null })).statusCode).toBe(401);
  });
});
