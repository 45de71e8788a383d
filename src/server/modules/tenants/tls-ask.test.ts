import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { call, PLATFORM_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { mayAskForCertificates, TLS_ASK_PATH } from './tls-ask';

// Caddy's on-demand TLS ask (decision 057): a certificate only for a host the platform serves.
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await resetTestApp();
  owner = await signIn(t.app, 'owner@platform.test', PLATFORM_HOST);
});

/** Caddy asks from this machine, straight to the app: loopback, no proxy headers. Host is the app's address. */
const ask = (domain: string, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  call(t.app, 'GET', `${TLS_ASK_PATH}?domain=${encodeURIComponent(domain)}`, { host: '127.0.0.1:3000', ...opts });
const asOwner = (method: 'POST' | 'DELETE', url: string, body?: unknown) => call(t.app, method, url, { host: PLATFORM_HOST, cookie: owner, body });

describe('GET /internal/tls/allow', () => {
  it("answers 200 for a store's domains and the platform host, in any letter case", async () => {
    for (const domain of ['demo.localhost', 'acme.localhost', 'localhost', 'Demo.LocalHost']) {
      const res = await ask(domain);
      expect(res.statusCode, `${domain}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ domain: domain.toLowerCase(), allowed: true });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 404 for a host no store answers at', async () => {
    for (const domain of ['unknown.example.test', 'demo.localhost.evil.test', 'localhost.example', '127.0.0.1']) {
      const res = await ask(domain);
      expect(res.statusCode, domain).toBe(404);
      expect(res.json().error).toEqual({ code: 'not_found', message: 'No store answers at this domain.' });
    }
  });

  it('follows a custom domain being added to a store and removed again', async () => {
    const demoId = t.seed.tenantIds.demo;
    expect((await ask('shop.tls-test.example')).statusCode).toBe(404);
    const added = await asOwner('POST', `/api/tenants/${demoId}/domains`, { domain: 'shop.tls-test.example' });
    expect(added.statusCode, added.body).toBe(201);
    expect((await ask('shop.tls-test.example')).statusCode).toBe(200);
    const domainId = (added.json().domains as { id: string; domain: string }[]).find((d) => d.domain === 'shop.tls-test.example')!.id;
    expect((await asOwner('DELETE', `/api/tenants/${demoId}/domains/${domainId}`)).statusCode).toBe(200);
    expect((await ask('shop.tls-test.example')).statusCode).toBe(404);
  });

  it('answers 404 while the store is suspended, and 200 again once it is reactivated', async () => {
    const acmeId = t.seed.tenantIds.acme;
    expect((await asOwner('POST', `/api/tenants/${acmeId}/suspend`, { reason: 'Checking the card disputes.' })).statusCode).toBe(200);
    expect((await ask('acme.localhost')).statusCode).toBe(404);
    expect((await asOwner('POST', `/api/tenants/${acmeId}/reactivate`, {})).statusCode).toBe(200);
    expect((await ask('acme.localhost')).statusCode).toBe(200);
  });

  it('refuses a malformed domain with 400 and a message', async () => {
    const bad = ['', 'a'.repeat(254), 'exa mple.com', 'under_score.example', '-dash.example', 'shop.example.', 'shop..example', 'héllo.example', 'shop.example:443', '*.example.com'];
    for (const domain of bad) {
      const res = await ask(domain);
      expect(res.statusCode, JSON.stringify(domain)).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
    expect((await call(t.app, 'GET', TLS_ASK_PATH, { host: '127.0.0.1:3000' })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `${TLS_ASK_PATH}?domain=demo.localhost&domain=acme.localhost`, { host: '127.0.0.1:3000' })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `${TLS_ASK_PATH}?domain=demo.localhost&extra=1`, { host: '127.0.0.1:3000' })).statusCode).toBe(400);
  });

  it('never answers 5xx, whatever the domain', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (domain) => {
        const res = await ask(domain);
        expect([200, 400, 404]).toContain(res.statusCode);
      }),
      { numRuns: 60 },
    );
  });

  it('answers only a direct caller on this machine: not one from elsewhere, not one a proxy forwarded', async () => {
    const fromElsewhere = await ask('demo.localhost', { remoteAddress: '203.0.113.9' });
    expect(fromElsewhere.statusCode).toBe(403);
    expect(fromElsewhere.json().error.code).toBe('forbidden');
    // Caddy proxying a public request connects from loopback, but always adds X-Forwarded-For.
    expect((await ask('demo.localhost', { headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
    expect((await ask('demo.localhost', { headers: { forwarded: 'for=203.0.113.9' } })).statusCode).toBe(403);
    expect((await ask('demo.localhost', { remoteAddress: '::1' })).statusCode).toBe(200);
  });
});

describe('who may ask (mayAskForCertificates)', () => {
  const req = (remoteAddress: string, headers: Record<string, string> = {}) => ({ headers, socket: { remoteAddress } });
  const token = 'a-token-of-at-least-24-characters';

  it('without TLS_ASK_TOKEN: loopback callers no proxy forwarded', () => {
    expect(mayAskForCertificates(req('127.0.0.1'), null, undefined)).toBe(true);
    expect(mayAskForCertificates(req('::ffff:127.0.0.1'), null, undefined)).toBe(true);
    expect(mayAskForCertificates(req('::1'), null, undefined)).toBe(true);
    expect(mayAskForCertificates(req('10.0.0.5'), null, undefined)).toBe(false);
    expect(mayAskForCertificates(req('::ffff:10.0.0.5'), null, undefined)).toBe(false);
    expect(mayAskForCertificates(req('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }), null, undefined)).toBe(false);
    // A token sent when none is configured opens nothing.
    expect(mayAskForCertificates(req('10.0.0.5'), null, token)).toBe(false);
  });

  it('with TLS_ASK_TOKEN: whoever sends it, from anywhere, and nobody else (loopback included)', () => {
    expect(mayAskForCertificates(req('10.0.0.5'), token, token)).toBe(true);
    expect(mayAskForCertificates(req('10.0.0.5', { 'x-forwarded-for': '10.0.0.1' }), token, token)).toBe(true);
    expect(mayAskForCertificates(req('10.0.0.5'), token, `${token}x`)).toBe(false);
    expect(mayAskForCertificates(req('10.0.0.5'), token, token.slice(1))).toBe(false);
    expect(mayAskForCertificates(req('127.0.0.1'), token, undefined)).toBe(false);
  });
});
