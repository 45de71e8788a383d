import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import tls from 'node:tls';
import { serverPort } from '../workers';
import { DEMO_PASSWORD } from '../browser';
import { runTag } from '../run-data';
import { Caddy, freePort, hasCaddy, httpsRequest } from './cluster';

// A store's own domain over HTTPS (decision 057): Caddy, run with deploy/Caddyfile and its internal CA,
// gets a certificate on demand for a host the app's TLS ask allows, and none for any other host. The
// app is this worker's journey server; the domain added here is one only this file uses.
let caddy: Caddy;
let root: string;
let addDomain: (name: string) => Promise<{ status: number }>;
const domain = `shop-${runTag()}.example.test`;

/** A JSON call straight to the app on the platform host (no proxy). */
function toApp(method: string, path: string, body?: unknown, cookie?: string): Promise<{ status: number; json: Record<string, unknown>; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port: serverPort(), method, path, headers: { host: 'localhost', ...(payload ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, setCookie: res.headers['set-cookie'] ?? [] }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A TLS handshake with Caddy for `servername`: the certificate it showed, or the error. */
function handshake(servername: string): Promise<tls.PeerCertificate> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port: caddy.options.httpsPort, servername, ca: root }, () => {
      const cert = socket.getPeerCertificate();
      socket.end();
      resolve(cert);
    });
    socket.once('error', reject);
  });
}

beforeAll(async () => {
  if (!hasCaddy) return;
  const signIn = await toApp('POST', '/api/auth/sign-in', { email: 'owner@platform.test', password: DEMO_PASSWORD });
  expect(signIn.status).toBe(200);
  const cookie = signIn.setCookie.map((c) => c.split(';')[0]).join('; ');
  const tenants = await toApp('GET', '/api/tenants', undefined, cookie);
  const demo = (tenants.json.tenants as { id: string; slug: string }[]).find((t) => t.slug === 'demo')!;
  addDomain = (name) => toApp('POST', `/api/tenants/${demo.id}/domains`, { domain: name }, cookie);
  expect((await addDomain(domain)).status).toBe(201);
  const [httpPort, httpsPort] = await Promise.all([freePort(), freePort()]);
  caddy = new Caddy({ upstreams: [serverPort()], askPort: serverPort(), httpPort, httpsPort });
  await caddy.started();
  root = caddy.rootCertificate();
}, 60_000);

afterAll(async () => {
  await caddy?.stop();
});

describe.skipIf(!hasCaddy)('custom domains over HTTPS through Caddy (skipped when /usr/bin/caddy is missing: apt-get install caddy)', () => {
  it("gets a certificate for a store's own domain on the first handshake, and serves the store over HTTPS", async () => {
    const cert = await handshake(domain);
    expect(cert.subjectaltname).toBe(`DNS:${domain}`);
    const home = await httpsRequest(caddy.options.httpsPort, domain, root, { path: '/' });
    expect(home.status).toBe(200);
    expect(home.body).toContain('Demo Store');
    const store = await httpsRequest(caddy.options.httpsPort, domain, root, { path: '/api/tenant/current' });
    expect(JSON.parse(store.body).tenant).toMatchObject({ slug: 'demo' });
  });

  it('gets none for a host no store answers at (the handshake fails), and one as soon as a store has that host', async () => {
    const later = `later-${runTag()}.example.test`;
    const refused = await handshake(later).then(() => null, (err: NodeJS.ErrnoException) => err);
    expect(refused?.code).toBe('ERR_SSL_TLSV1_ALERT_INTERNAL_ERROR');
    // The ask was the difference: the same name is served once the store has it.
    expect((await addDomain(later)).status).toBe(201);
    expect((await handshake(later)).subjectaltname).toBe(`DNS:${later}`);
  });

  it("keeps the app's internal endpoints off the public site", async () => {
    const res = await httpsRequest(caddy.options.httpsPort, domain, root, { path: `/internal/tls/allow?domain=${domain}` });
    expect(res.status).toBe(404);
    expect(res.body).toBe('');
  });
});
