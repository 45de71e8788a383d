import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, PLATFORM_HOST, resetTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await resetTestApp();
});

describe('/favicon.ico', () => {
  it.each([DEMO_HOST, ACME_HOST, PLATFORM_HOST])('is a small icon on %s, not a 404', async (host) => {
    const res = await call(t.app, 'GET', '/favicon.ico', { host });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const body = res.rawPayload;
    // An ICO header (reserved 0, type 1) with its three images (16, 32 and 48 px), each a PNG.
    expect([body.readUInt16LE(0), body.readUInt16LE(2), body.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes = [0, 1, 2].map((i) => body.readUInt8(6 + 16 * i));
    expect(sizes).toEqual([16, 32, 48]);
    for (let i = 0; i < 3; i++) {
      const offset = body.readUInt32LE(6 + 16 * i + 12);
      expect(body.subarray(offset + 1, offset + 4).toString('latin1')).toBe('PNG');
    }
    expect(body.length).toBeLessThan(4096);
  });

  it('answers HEAD too, and other .ico paths stay a JSON 404', async () => {
    const head = await call(t.app, 'HEAD', '/favicon.ico');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/x-icon');
    const other = await call(t.app, 'GET', '/other.ico');
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('not_found');
  });
});
