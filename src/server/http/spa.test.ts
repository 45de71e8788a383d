import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { registerWebApp } from './spa';

let app: FastifyInstance;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'spa-test-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<html>build one</html>');
  writeFileSync(path.join(webDir, 'assets', 'app-1.js'), 'console.log(1)');
  writeFileSync(path.join(webDir, 'assets', 'app-1.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("push",()=>{})');
  app = Fastify();
  await registerWebApp(app, webDir, undefined, ['/p/:slug']);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('answers the site root and every page route with index.html, never cached', async () => {
    for (const url of ['/', '/admin', '/admin/catalogue/products', '/p/some-product?x=1', '/p/some-product/', '/c/some-category']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('build one');
    }
  });

  it('serves hashed assets with a year-long cache and 404s for missing files and API paths', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    expect((await app.inject({ method: 'POST', url: '/admin' })).statusCode).toBe(404);
  });

  it('hands browsers the build-time compressed copy of an asset', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('picks up a rebuilt index.html without a restart, looking at it at most once a second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('build one');
      const file = path.join(webDir, 'index.html');
      writeFileSync(file, '<html>build two</html>');
      const later = new Date(Date.now() + 5000);
      utimesSync(file, later, later);
      expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('build one');
      vi.setSystemTime(Date.now() + 1100);
      expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('build two');
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves the service worker as JavaScript for the whole site, revalidated every time', async () => {
    const res = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe('self.addEventListener("push",()=>{})');
    const file = path.join(webDir, 'sw.js');
    writeFileSync(file, 'self.version = 2');
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    expect((await app.inject({ method: 'GET', url: '/sw.js' })).body).toBe('self.version = 2');
  });

  it('says plainly when the app has not been built', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'spa-empty-'));
    const bare = Fastify();
    await registerWebApp(bare, empty);
    const res = await bare.inject({ method: 'GET', url: '/admin' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    expect((await bare.inject({ method: 'GET', url: '/sw.js' })).statusCode).toBe(404);
    await bare.close();
    rmSync(empty, { recursive: true, force: true });
  });
});
