import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { ADDRESS_TEXT, SAVED_ADDRESS_LIMIT } from '../../../../shared/saved-addresses';

let t: TestApp;
let shopper: string;
beforeAll(async () => {
  t = await resetTestApp();
  shopper = await signIn(t.app, 'shopper@demo.test');
});

const home = { first_name: 'Ada', last_name: 'Lovelace', address_line1: '12 St James Square', city: 'London', postcode: 'sw1y4jh' };
const work = { first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines Ltd', address_line1: '1 Babbage Row', address_line2: 'Floor 2', city: 'Manchester', postcode: 'M1 1AE', phone: '0161 000 0000' };

const list = async (cookie = shopper, host = DEMO_HOST) => (await call(t.app, 'GET', '/api/account/addresses', { cookie, host })).json().addresses;

describe('saved addresses', () => {
  it('adds, lists (default first), edits, moves the default and deletes', async () => {
    const first = await call(t.app, 'POST', '/api/account/addresses', { cookie: shopper, body: home });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ postcode: 'SW1Y 4JH', country: 'GB', is_default: true, company: null, phone: null });
    const second = (await call(t.app, 'POST', '/api/account/addresses', { cookie: shopper, body: work })).json();
    expect(second.is_default).toBe(false);
    expect((await list()).map((a: { city: string }) => a.city)).toEqual(['London', 'Manchester']);

    const moved = await call(t.app, 'PUT', `/api/account/addresses/${second.id}`, { cookie: shopper, body: { ...work, city: 'Salford', is_default: true } });
    expect(moved.json()).toMatchObject({ city: 'Salford', is_default: true });
    expect((await list()).map((a: { city: string; is_default: boolean }) => [a.city, a.is_default])).toEqual([['Salford', true], ['London', false]]);

    expect((await call(t.app, 'DELETE', `/api/account/addresses/${second.id}`, { cookie: shopper })).statusCode).toBe(204);
    expect((await list()).map((a: { city: string; is_default: boolean }) => [a.city, a.is_default])).toEqual([['London', true]]);
  });

  it('checks every field as the checkout does, with field errors', async () => {
    const res = await call(t.app, 'POST', '/api/account/addresses', { cookie: shopper, body: { ...home, postcode: 'NOT A CODE', city: '', country: 'FR', phone: 'x'.repeat(41) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ postcode: 'Enter a valid UK postcode', city: 'City is required', country: 'We deliver to UK addresses only', phone: 'Must be 40 characters or fewer' });
    expect((await call(t.app, 'POST', '/api/account/addresses', { cookie: shopper, body: { ...home, user_id: 'x' } })).statusCode).toBe(400);
  });

  it('needs a signed-in shopper on a store host', async () => {
    expect((await call(t.app, 'GET', '/api/account/addresses')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/account/addresses', { body: home })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/account/addresses', { cookie: shopper, host: PLATFORM_HOST })).statusCode).toBe(404);
  });

  it("keeps each store's and each person's addresses apart: another's id is the same 404", async () => {
    const mine = (await list())[0];
    expect(await list(shopper, ACME_HOST)).toEqual([]);
    const other = await signIn(t.app, 'staff@demo.test');
    expect(await list(other)).toEqual([]);
    for (const [cookie, host] of [[other, DEMO_HOST], [shopper, ACME_HOST]] as const) {
      const put = await call(t.app, 'PUT', `/api/account/addresses/${mine.id}`, { cookie, host, body: home });
      expect(put.statusCode).toBe(404);
      expect(put.json().error.message).toBe(ADDRESS_TEXT.notFound);
      expect((await call(t.app, 'DELETE', `/api/account/addresses/${mine.id}`, { cookie, host })).statusCode).toBe(404);
    }
    expect((await list()).map((a: { id: string }) => a.id)).toContain(mine.id);
  });

  it(`keeps at most ${SAVED_ADDRESS_LIMIT} per person and store`, async () => {
    const cookie = await signIn(t.app, 'partner@demo.test');
    for (let i = 0; i < SAVED_ADDRESS_LIMIT; i++) expect((await call(t.app, 'POST', '/api/account/addresses', { cookie, body: { ...home, address_line1: `${i} Row` } })).statusCode).toBe(201);
    const over = await call(t.app, 'POST', '/api/account/addresses', { cookie, body: home });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toEqual({ code: 'address_limit', message: ADDRESS_TEXT.limit });
    expect((await list(cookie)).filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1);
  });
});
