import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerSecurityHeaders } from './security-headers';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  registerSecurityHeaders(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
});
afterAll(() => app.close());

const CSP =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'";

describe('security headers', () => {
  it('sends the same policy on every response: success, error and unknown path alike', async () => {
    for (const url of ['/ok', '/boom', '/nowhere', '/ok']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(CSP);
      expect(res.headers).toMatchObject({
        'x-frame-options': 'SAMEORIGIN',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
