import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { call, resetTestApp, signIn, type TestApp } from '../test/harness';

// Issue 24 item 7: GET /api/admin/products/export.csv sent with a JSON body (fuzzing) dropped
// connections. A GET with a body answers as it would without one, on every GET route, over a real
// socket (keep-alive, pipelined and Connection: close) as well as through inject.

let t: TestApp;
let served: FastifyInstance;
let port: number;
let admin: string;
const EXPORT = '/api/admin/products/export.csv';
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  // Its own app on a real port: the shared test app is never listened on.
  served = await buildApp(t.app.deps);
  await served.listen({ port: 0, host: '127.0.0.1' });
  port = (served.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await served?.close();
});

interface RawAnswer {
  /** Everything the server sent, as text. */
  text: string;
  /** A socket error the client met (ECONNRESET, EPIPE), if any. */
  error: string | null;
  /** The status line of each answer, in order. */
  statuses: number[];
}

/**
 * One connection: writes `parts` with `gapMs` between them (a body arriving in pieces), reads until the
 * server closes or `waitMs` passes.
 */
function exchange(parts: (string | Buffer)[], { gapMs = 0, waitMs = 8000 } = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let error: string | null = null;
    const done = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ text, error, statuses: [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1])) });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, waitMs);
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on('close', done);
    void (async () => {
      for (const part of parts) {
        if (socket.destroyed) return;
        socket.write(part);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
    })();
  });
}

const head = (path: string, headers: Record<string, string | number>, method = 'GET') =>
  `${method} ${path} HTTP/1.1\r\nHost: demo.localhost:3000\r\nCookie: ${admin}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
const withBody = (path: string, body: string, extra: Record<string, string> = {}) => head(path, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...extra }) + body;
const healthzThenClose = head('/healthz', { Connection: 'close' });
/** The CSV with its chunked terminator (the whole file arrived), then the health answer after it. */
const completeCsv = (text: string) => /SKU,Name,Slug[\s\S]*\r\n0\r\n\r\nHTTP\/1\.1 200[\s\S]*\{"status":"ok"\}$/.test(text);

describe('a GET with a body answers like any other GET', () => {
  it('the export with a JSON body, a broken JSON body or a chunked one: the same file, and the connection goes on', async () => {
    const plain = await call(t.app, 'GET', EXPORT, { cookie: admin });
    expect(plain.statusCode).toBe(200);
    for (const request of [
      withBody(EXPORT, '{"page":1,"filters":{"status":"active"}}'),
      withBody(EXPORT, '{"page":1,'),
      head(EXPORT, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }) + '7\r\n{"a":1}\r\n0\r\n\r\n',
    ]) {
      // The next request follows on the same keep-alive connection: it is read as a request of its own.
      const answer = await exchange([request + healthzThenClose]);
      expect(answer.statuses, request.slice(-40)).toEqual([200, 200]);
      expect(answer.error).toBeNull();
      expect(completeCsv(answer.text), answer.text.slice(-80)).toBe(true);
      expect(answer.text).toContain(plain.body.split('\n')[1]);
    }
  });

  it('reads the whole body before answering, so no answer goes out over unread request bytes (Connection: close)', async () => {
    const body = JSON.stringify({ filler: 'x'.repeat(256 * 1024) });
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (d) => received.push(d));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    let error: string | null = null;
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.write(head(EXPORT, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Connection: 'close' }) + body.slice(0, 1000));
    await new Promise((r) => setTimeout(r, 500));
    // Half a body in: the server is still reading it, nothing has been answered yet.
    expect(Buffer.concat(received).length).toBe(0);
    socket.write(body.slice(1000));
    await closed;
    const text = Buffer.concat(received).toString('latin1');
    expect(error).toBeNull();
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text.endsWith('\r\n0\r\n\r\n')).toBe(true);
  });

  it('refuses a body over the 1 MB limit with 413 in the usual error shape, and closes the connection', async () => {
    const huge = 'x'.repeat(2 * MB);
    for (const request of [withBody(EXPORT, huge), head(EXPORT, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }) + `${huge.length.toString(16)}\r\n${huge}\r\n0\r\n\r\n`]) {
      const answer = await exchange([request]);
      expect(answer.statuses).toEqual([413]);
      expect(answer.text).toMatch(/connection: close/i);
      expect(JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4)).error.code).toBe('body_too_large');
    }
    // Through inject too (both databases run this file): a 4xx, never a 5xx.
    const injected = await call(t.app, 'GET', EXPORT, { cookie: admin, body: huge });
    expect(injected.statusCode).toBe(413);
  });

  it('holds for every GET route, HEAD and a missing route alike', async () => {
    for (const [path, status] of [['/api/products?limit=2', 200], ['/api/admin/products?limit=2', 200], ['/api/nothing-here', 404], ['/healthz', 200]] as const) {
      const answer = await exchange([withBody(path, '{"x":') + healthzThenClose]);
      expect(answer.statuses, path).toEqual([status, 200]);
      const injected = await call(t.app, 'GET', path, { cookie: admin, body: '{"x":' });
      expect(injected.statusCode, path).toBe(status);
    }
    const headAnswer = await exchange([head(EXPORT, { 'Content-Type': 'application/json', 'Content-Length': 7 }, 'HEAD') + '{"a":1}' + healthzThenClose]);
    expect(headAnswer.statuses).toEqual([200, 200]);
  });
});
