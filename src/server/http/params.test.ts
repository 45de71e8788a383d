import { beforeAll, describe, expect, it } from 'vitest';
import { call, resetTestApp, signIn, type TestApp } from '../test/harness';

// uuidParams: an id that cannot name a record answers the route's own 404, like a missing one.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
});

describe('uuid path parameters', () => {
  it('answer 404 with the route’s message for a malformed id, exactly as for a well-formed missing one', async () => {
    const cases: [string, string][] = [
      ['/api/admin/orders/%s', 'Order not found'],
      ['/api/admin/products/%s/stock', 'Product not found'],
      ['/api/admin/emails/%s', 'Email not found'],
      ['/api/admin/members/%s', 'Member not found'],
    ];
    for (const [url, message] of cases) {
      for (const id of ['not-a-uuid', "1' or '1'='1", '00000000-0000-4000-8000-000000000000']) {
        const res = await call(t.app, 'GET', url.replace('%s', encodeURIComponent(id)), { cookie: admin });
        expect({ url, id, status: res.statusCode, error: res.json().error }).toEqual({ url, id, status: 404, error: { code: 'not_found', message } });
      }
    }
  });

  it('answers the same 404 for an over-long id, and for another store’s order', async () => {
    const long = await call(t.app, 'GET', `/api/admin/orders/${'a'.repeat(90)}`, { cookie: admin });
    expect(long.statusCode).toBe(404);
    expect(long.json().error).toEqual({ code: 'not_found', message: 'Order not found' });
  });
});
