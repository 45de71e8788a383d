import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { call, resetTestApp, type TestApp } from '../test/harness';
import { proxiedRequestId, requestIdOptions } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
/** The same app behind a trusted proxy (TRUST_PROXY=true), logging every line at info into `lines`. */
let proxied: FastifyInstance;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await resetTestApp();
  proxied = await buildApp(
    { ...t.app.deps, config: { ...t.config, trustProxy: true } },
    { logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) } } },
  );
});

afterAll(async () => {
  await proxied?.close();
});

describe('request ids (decision 055)', () => {
  it('gives every answer a new id, success, 404 and refusal alike, when no proxy is trusted', async () => {
    const answers = [
      await call(t.app, 'GET', '/api/products'),
      await call(t.app, 'GET', '/api/products/no-such-product'),
      await call(t.app, 'GET', '/api/admin/orders'),
      await call(t.app, 'POST', '/api/cart/items', { body: '{"not json' }),
      await call(t.app, 'GET', '/healthz'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 401, 400, 200]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('ignores an id a client sends straight to the server: only a trusted proxy names requests', async () => {
    const res = await call(t.app, 'GET', '/api/products', { headers: { 'x-request-id': 'chosen-by-the-client' } });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('takes the id a trusted proxy sends, and answers with it', async () => {
    const res = await call(proxied, 'GET', '/api/products', { headers: { 'x-request-id': '0f8e1c2a-proxy:42' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('0f8e1c2a-proxy:42');
  });

  it('replaces a malformed or oversized id from the proxy with its own, and still answers the request', async () => {
    for (const bad of ['has space', 'quote"d', 'a'.repeat(129), 'line\u2028break', '']) {
      const res = await call(proxied, 'GET', '/api/products', { headers: { 'x-request-id': bad } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
    expect(proxiedRequestId(['one', 'two'])).toBeUndefined();
    expect(proxiedRequestId('a'.repeat(128))).toBe('a'.repeat(128));
  });

  it('puts the id on every line logged for the request', async () => {
    lines.length = 0;
    const res = await call(proxied, 'GET', '/api/products/no-such-product', { headers: { 'x-request-id': 'log-line-check-1' } });
    expect(res.statusCode).toBe(404);
    const own = lines.filter((line) => line.reqId === 'log-line-check-1');
    expect(own.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // Every line written while the request ran came from its logger.
    expect(lines.filter((line) => line.req || line.res).every((line) => line.reqId === 'log-line-check-1')).toBe(true);
  });

  it('uses Fastify’s own options: the header is never taken as it is', () => {
    expect(requestIdOptions(true).requestIdHeader).toBe(false);
  });
});
