import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { PUSH_TEXT } from '../../../shared/push';
import type { PushTemplate } from '../../../shared/push-schemas';
import { KEY_LOCKED, KEY_TAKEN } from './templates-service';

let t: TestApp;
let admin: string;
const URL_ = '/api/functions/v1/push-templates';
const list = async (cookie = admin, host?: string) => (await call(t.app, 'GET', URL_, { cookie, host })).json().templates as PushTemplate[];
const create = (body: unknown, cookie = admin, host?: string) => call(t.app, 'POST', URL_, { body, cookie, host });
const update = (id: string, body: unknown, cookie = admin, host?: string) => call(t.app, 'PUT', `${URL_}?id=${encodeURIComponent(id)}`, { body, cookie, host });
const valid = { key: 'back_in_stock', title: '{{product}} is back', body: 'Get yours before it goes again.', icon: '/icon.png', url: 'https://shop.example/p/{{slug}}', is_active: true };

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
});

describe('push templates', () => {
  it('lists the platform defaults (no tenant) to every store', async () => {
    const templates = await list();
    expect(templates.map((x) => [x.key, x.tenant_id])).toEqual([['order_paid', null], ['order_shipped', null], ['test', null]]);
    expect(templates[0]).toMatchObject({ title: 'New order {{order_number}}', is_active: true, icon: null, url: '/admin/orders/{{order_id}}' });
  });

  it('answers "Key, title, and body are required" naming each missing one', async () => {
    for (const [body, missing] of [
      [{ ...valid, key: '' }, ['key']],
      [{ ...valid, title: '  ' }, ['title']],
      [{ key: 'x' }, ['title', 'body']],
      [{}, ['key', 'title', 'body']],
    ] as const) {
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(PUSH_TEXT.templateRequired);
      expect(Object.keys(res.json().error.fields).sort()).toEqual([...missing].sort());
    }
  });

  it('checks the key’s form, the links and the lengths with their own words', async () => {
    const cases: [object, string, string][] = [
      [{ ...valid, key: 'Has Spaces' }, 'key', 'Use lowercase letters, digits, dots, dashes and underscores'],
      [{ ...valid, url: 'javascript:alert(1)' }, 'url', 'Use a same-site path or https:// link'],
      [{ ...valid, url: '//evil.example/x' }, 'url', 'Use a same-site path or https:// link'],
      [{ ...valid, icon: 'http://plain.example/i.png' }, 'icon', 'Use a same-site path or https:// link'],
      [{ ...valid, title: 'x'.repeat(121) }, 'title', 'Titles must be 120 characters or fewer'],
      [{ ...valid, body: 'x'.repeat(501) }, 'body', 'The body must be 500 characters or fewer'],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toMatchObject({ message, fields: { [field]: message } });
    }
    expect((await create({ ...valid, extra: true })).statusCode).toBe(400);
    expect((await create({ ...valid, title: 'x'.repeat(5000) })).statusCode).toBe(400);
  });

  it('creates the store’s own template (Custom), refuses its key twice, and edits it with the key locked', async () => {
    const made = await create({ ...valid, icon: '', url: null });
    expect(made.statusCode).toBe(201);
    const template = made.json().template as PushTemplate;
    expect(template).toMatchObject({ key: 'back_in_stock', icon: null, url: null, is_active: true, tenant_id: t.seed.tenantIds.demo });
    const twice = await create(valid);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatchObject({ code: 'template_key_taken', message: KEY_TAKEN });

    const edited = await update(template.id, { ...valid, title: 'Back again', is_active: false });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().template).toMatchObject({ id: template.id, title: 'Back again', is_active: false, url: valid.url });
    const locked = await update(template.id, { ...valid, key: 'renamed' });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error).toMatchObject({ message: KEY_LOCKED, fields: { key: KEY_LOCKED } });
    expect((await update(template.id, { ...valid, body: '' })).json().error.message).toBe(PUSH_TEXT.templateRequired);
  });

  it('editing a default saves the store’s own copy; the default stays for every other store', async () => {
    const byDefault = (await list()).find((x) => x.key === 'order_paid' && x.tenant_id === null)!;
    const res = await update(byDefault.id, { key: 'order_paid', title: 'Cha-ching: {{order_number}}', body: '{{total_amount}}', is_active: true });
    expect(res.statusCode).toBe(200);
    const copy = res.json().template as PushTemplate;
    expect(copy).toMatchObject({ key: 'order_paid', title: 'Cha-ching: {{order_number}}', tenant_id: t.seed.tenantIds.demo });
    expect(copy.id).not.toBe(byDefault.id);
    // Again through the default: the same copy is updated, not a second one made.
    const again = await update(byDefault.id, { key: 'order_paid', title: 'Sold {{order_number}}', body: '{{total_amount}}', is_active: true });
    expect(again.json().template.id).toBe(copy.id);
    const demo = await list();
    expect(demo.filter((x) => x.key === 'order_paid').map((x) => x.title)).toEqual(['New order {{order_number}}', 'Sold {{order_number}}']);
    const acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
    const acme = await list(acmeAdmin, ACME_HOST);
    expect(acme.map((x) => x.key)).toEqual(['order_paid', 'order_shipped', 'test']);
    expect(acme.every((x) => x.tenant_id === null)).toBe(true);

    // Another store's template is the same 404 as a missing one, whatever the id looks like.
    const foreign = await update(copy.id, { key: 'order_paid', title: 'x', body: 'y' }, acmeAdmin, ACME_HOST);
    const missing = await update('0b8c7c1e-5d4a-4c3b-9a2f-1e0d9c8b7a6f', { key: 'order_paid', title: 'x', body: 'y' }, acmeAdmin, ACME_HOST);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await update('not-a-uuid', { key: 'order_paid', title: 'x', body: 'y' })).statusCode).toBe(404);
  });

  it('is for owners and admins of the store: staff 403, visitors 401, another store’s admin 404', async () => {
    const staff = await signIn(t.app, 'staff@demo.test');
    const id = (await list())[0].id;
    const acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
    for (const [cookie, status] of [[staff, 403], ['', 401], [acmeAdmin, 404]] as const) {
      expect((await call(t.app, 'GET', URL_, { cookie })).statusCode).toBe(status);
      expect((await create({ ...valid, key: 'other' }, cookie)).statusCode).toBe(status);
      expect((await update(id, valid, cookie)).statusCode).toBe(status);
    }
  });
});
