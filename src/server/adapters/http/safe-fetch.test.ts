import { createServer, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { createSecureContext } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRemoteFile, RemoteFetchError, type RemoteFetchOptions } from './safe-fetch';
import { expandIPv6, isPublicAddress } from './address-guard';

let server: Server;
let base: string;
let hits: string[] = [];

const routes: Record<string, (res: ServerResponse) => void> = {
  '/pic.png': (res) => res.writeHead(200, { 'content-type': 'image/png; charset=binary' }).end(Buffer.from('PNGDATA')),
  '/hop1': (res) => res.writeHead(302, { location: '/hop2' }).end(),
  '/hop2': (res) => res.writeHead(301, { location: `${base}/pic.png` }).end(),
  '/loop': (res) => res.writeHead(302, { location: '/loop' }).end(),
  '/missing': (res) => res.writeHead(404).end('nope'),
  '/to-metadata': (res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  '/to-ftp': (res) => res.writeHead(302, { location: 'ftp://example.com/x' }).end(),
  '/big-header': (res) => res.writeHead(200, { 'content-length': '5000' }).end(Buffer.alloc(5000)),
  // No Content-Length: chunked, 100 chunks of 100 bytes.
  '/big-stream': (res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    let n = 0;
    const tick = () => (n++ < 100 && !res.destroyed ? res.write(Buffer.alloc(100), () => setImmediate(tick)) : res.end());
    tick();
  },
  '/slow': (res) => setTimeout(() => !res.destroyed && res.writeHead(200).end('late'), 2000),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.url} host=${req.headers.host}`);
    (routes[req.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const local: RemoteFetchOptions = { allowPrivate: true };

async function refusal(url: string, options: RemoteFetchOptions = {}): Promise<RemoteFetchError> {
  const e = await fetchRemoteFile(url, options).then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(RemoteFetchError);
  return e as RemoteFetchError;
}

describe('fetchRemoteFile with private addresses allowed (local test server)', () => {
  it('answers the bytes, the content type without parameters and the final address', async () => {
    const file = await fetchRemoteFile(`${base}/pic.png`, local);
    expect(file).toEqual({ bytes: Buffer.from('PNGDATA'), contentType: 'image/png', finalUrl: `${base}/pic.png` });
  });

  it('follows up to 3 redirects, relative and absolute', async () => {
    const file = await fetchRemoteFile(`${base}/hop1`, local);
    expect(file.finalUrl).toBe(`${base}/pic.png`);
    expect(file.bytes.toString()).toBe('PNGDATA');
  });

  it('stops after 3 redirects', async () => {
    hits = [];
    const e = await refusal(`${base}/loop`, local);
    expect(e.reason).toBe('too_many_redirects');
    expect(hits).toHaveLength(4);
  });

  it('names the status of a non-2xx answer', async () => {
    const e = await refusal(`${base}/missing`, local);
    expect([e.reason, e.message, e.status]).toEqual(['http_status', 'the server answered 404', 404]);
  });

  it('refuses a body whose Content-Length is over the cap without reading it', async () => {
    const e = await refusal(`${base}/big-header`, { ...local, maxBytes: 1000 });
    expect([e.reason, e.message]).toEqual(['too_large', 'larger than 1000 bytes']);
  });

  it('counts bytes while streaming when there is no Content-Length', async () => {
    const e = await refusal(`${base}/big-stream`, { ...local, maxBytes: 2048 });
    expect([e.reason, e.message]).toEqual(['too_large', 'larger than 2 KB']);
    // Under the cap the same stream arrives whole.
    expect((await fetchRemoteFile(`${base}/big-stream`, local)).bytes.length).toBe(10_000);
  });

  it('gives up on a slow server after the time cap', async () => {
    const started = Date.now();
    const e = await refusal(`${base}/slow`, { ...local, timeoutMs: 200 });
    expect([e.reason, e.message]).toEqual(['timeout', 'timed out after 0.2 s']);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('connects to the address resolved once, keeping the name in the Host header (pinning)', async () => {
    hits = [];
    let lookups = 0;
    const port = (server.address() as AddressInfo).port;
    const resolve = async () => {
      lookups++;
      // A rebinding resolver would answer something else the second time; it is never asked twice.
      return lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.9.9.9', family: 4 }];
    };
    const file = await fetchRemoteFile(`http://pictures.example.test:${port}/pic.png`, { ...local, resolve });
    expect(file.bytes.toString()).toBe('PNGDATA');
    expect(lookups).toBe(1);
    expect(hits).toEqual([`/pic.png host=pictures.example.test:${port}`]);
  });
});

describe('fetchRemoteFile refusals (private addresses not allowed)', () => {
  it.each([
    ['http://127.0.0.1/x.png'],
    ['http://10.0.0.1/x.png'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://[::1]/x.png'],
    ['http://[::ffff:192.168.1.1]/x.png'],
    ['https://0.0.0.0:8443/x.png'],
    ['http://100.64.0.1/x.png'],
    ['http://224.0.0.1/x.png'],
    ['http://255.255.255.255/x.png'],
  ])('refuses %s as private', async (url) => {
    const e = await refusal(url);
    expect([e.reason, e.message]).toEqual(['private_address', 'the address is private']);
  });

  it('refuses a name that resolves to loopback, and one with any private address among public ones', async () => {
    expect((await refusal('http://evil.example.test/x.png', { resolve: async () => [{ address: '127.0.0.1', family: 4 }] })).reason).toBe('private_address');
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: 'fd00::1', family: 6 },
    ];
    expect((await refusal('http://mixed.example.test/x.png', { resolve: mixed })).reason).toBe('private_address');
  });

  it('refuses a redirect to a private address, checked before connecting', async () => {
    // Only the test server's own address counts as public here, as a real public host would.
    const e = await refusal(`${base}/to-metadata`, { addressAllowed: (a) => a === '127.0.0.1' });
    expect([e.reason, e.message]).toEqual(['private_address', 'the address is private']);
    // The same check with the default rules refuses the first hop already.
    expect((await refusal(`${base}/to-metadata`)).reason).toBe('private_address');
  });

  it.each([['ftp://example.com/x.png'], ['file:///etc/passwd'], ['javascript:alert(1)'], ['data:image/png;base64,AAAA'], ['not a url'], ['http://user:pass@example.com/x.png']])('refuses %s as a bad address', async (url) => {
    expect((await refusal(url)).reason).toBe('bad_url');
  });

  it('refuses a redirect to ftp:', async () => {
    expect((await refusal(`${base}/to-ftp`, local)).reason).toBe('bad_url');
  });

  it('reports a name that does not resolve', async () => {
    const e = await refusal('http://nowhere.example.test/x.png', {
      resolve: async () => {
        throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
      },
    });
    expect([e.reason, e.message]).toEqual(['dns', 'the host name was not found']);
  });
});

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '93.184.216.34', '2606:4700::1111', '2a00:1450:4009:81f::200e', '::ffff:8.8.8.8', '::ffff:0:808:808', '64:ff9b::808:808', '64:ff9b:1::808:808', '2002:808:808::1'])('lets %s through', (a) => {
    expect(isPublicAddress(a)).toBe(true);
  });
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.127.0.1', '0.1.2.3', '224.0.0.251', '240.0.0.1', '255.255.255.255', '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1%eth0', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '64:ff9b::a00:1', '2002:c0a8:101::1', 'not-an-ip'])('refuses %s', (a) => {
    expect(isPublicAddress(a)).toBe(false);
  });
  // Issue 24 item 7: every IPv6 form that carries an IPv4 address is that address.
  it.each([
    '::ffff:0:7f00:1', // translated ::ffff:0:0:0/96 (SIIT), loopback inside
    '::ffff:0:127.0.0.1',
    '::ffff:0:a9fe:a9fe', // the metadata service
    '64:ff9b::7f00:1', // NAT64 well-known prefix
    '64:ff9b::169.254.169.254',
    '64:ff9b:1::a00:1', // local-use NAT64 64:ff9b:1::/48, /96 form
    '64:ff9b:1::a9fe:a9fe',
    '64:ff9b:1:a00:1::', // the /48 form: where the IPv4 sits depends on the translator's prefix, so refused
    '64:ff9b:1:808:8:800::',
    '64:ff9b::1:a00:1', // 64:ff9b::/32 outside the /96: not global unicast
    '64:ff9b::ffff:7f00:1',
    '::ffff:0:0:0',
    '0:0:0:0:0:ffff:7f00:1',
    '::FFFF:7F00:1',
    '100::1', // discard-only
    '3fff::1', // documentation (RFC 9637)
    '4000::1', // outside global unicast
  ])('refuses %s, judged by what it carries', (a) => {
    expect(isPublicAddress(a)).toBe(false);
  });
  it('expands IPv6 forms', () => {
    expect(expandIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(expandIPv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(expandIPv6('1::2::3')).toBeNull();
  });
});

// A self-signed certificate for pictures.example.test, made for this test only (openssl req -x509).
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg2jcxlm8pWGEnF+DH
9hG2gAILmAV/PI9FfgJexHG5rUyhRANCAAQPrpe+kpdlDjU12EgfadfemHH5dYcU
qxu42NPkaejcc9KKNYirpOWzGhAx7HA17GqhVfASno7U44rQND7MEK9Z
-----END PRIVATE KEY-----`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBuTCCAV+gAwIBAgIUcMKo0R1dYiLVrhKPh+NIPNgHJkwwCgYIKoZIzj0EAwIw
IDEeMBwGA1UEAwwVcGljdHVyZXMuZXhhbXBsZS50ZXN0MCAXDTI2MTEyNDIwNTAx
OFoYDzIxMjYxMDMxMjA1MDE4WjAgMR4wHAYDVQQDDBVwaWN0dXJlcy5leGFtcGxl
LnRlc3QwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAQPrpe+kpdlDjU12Egfadfe
mHH5dYcUqxu42NPkaejcc9KKNYirpOWzGhAx7HA17GqhVfASno7U44rQND7MEK9Z
o3UwczAdBgNVHQ4EFgQU+ueIIoaGH0FamNkZI2HfDHl81i4wHwYDVR0jBBgwFoAU
+ueIIoaGH0FamNkZI2HfDHl81i4wDwYDVR0TAQH/BAUwAwEB/zAgBgNVHREEGTAX
ghVwaWN0dXJlcy5leGFtcGxlLnRlc3QwCgYIKoZIzj0EAwIDSAAwRQIhAIM6x+Sr
iU0i0Cb9f0Rst98mSFBHVAeuAjp1CtKxRz3JAiAR9LALtbxIgkbbTbb+VrIv1KGp
iMjNIFH2G5tw7Lg04Q==
-----END CERTIFICATE-----`;

describe('fetchRemoteFile over https', () => {
  it('pins the checked address but sends the host name as the TLS server name, and verifies the certificate', async () => {
    const names: string[] = [];
    const context = createSecureContext({ key: TEST_KEY, cert: TEST_CERT });
    const tls = createTlsServer({ key: TEST_KEY, cert: TEST_CERT, SNICallback: (name, cb) => (names.push(name), cb(null, context)) }, (_req, res) => res.end('secret'));
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    try {
      const port = (tls.address() as AddressInfo).port;
      const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
      const e = await refusal(`https://pictures.example.test:${port}/pic.png`, { ...local, resolve });
      // Self-signed: refused by the normal certificate check, which the pinning leaves on.
      expect([e.reason, e.message]).toEqual(['network', 'the secure connection failed']);
      expect(names).toEqual(['pictures.example.test']);
    } finally {
      await new Promise<void>((r) => tls.close(() => r()));
    }
  });
});
