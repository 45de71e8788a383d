import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A browser's push service on 127.0.0.1 for tests: hands out subscriptions (a P-256 key pair and an
// auth secret per browser, as a browser makes them), receives what the server POSTs, and decrypts it
// with node:crypto alone (RFC 8291 + RFC 8188), independently of the web-push library that encrypted
// it. It checks the VAPID signature too (RFC 8292). Used by the adapter's and the module's tests and
// by the browser journey.

export interface FakeBrowser {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's private key and secret: only the browser can read its pushes. */
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

export interface ReceivedPush {
  browserId: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const b64url = (b: Buffer) => b.toString('base64url');

export class FakePushService {
  readonly received: ReceivedPush[] = [];
  /** Answers per browser id other than 201 (404/410: the subscription is gone). */
  readonly answers = new Map<string, number>();
  private readonly browsers = new Map<string, FakeBrowser>();
  private readonly waiters: (() => void)[] = [];
  private server: http.Server | null = null;
  private origin = '';

  /** Listens on 127.0.0.1:`port` (0: any free port). */
  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
        if (req.method !== 'POST' || !this.browsers.has(id)) {
          res.writeHead(404).end();
          return;
        }
        this.received.push({ browserId: id, headers: req.headers, body: Buffer.concat(chunks) });
        this.waiters.splice(0).forEach((wake) => wake());
        res.writeHead(this.answers.get(id) ?? 201).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** `127.0.0.1:{port}`: what PUSH_ENDPOINT_HOSTS must list for the server to send here. */
  get host(): string {
    return new URL(this.origin).host;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A new browser subscription, as PushSubscription.toJSON() would give it. */
  subscribe(): FakeBrowser {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const id = randomUUID();
    const browser: FakeBrowser = {
      id,
      endpoint: `${this.origin}/push/${id}`,
      privateKey: ecdh.getPrivateKey(),
      publicKey: ecdh.getPublicKey(),
      authSecret: randomBytes(16),
      keys: { p256dh: '', auth: '' },
    };
    browser.keys = { p256dh: b64url(browser.publicKey), auth: b64url(browser.authSecret) };
    this.browsers.set(id, browser);
    return browser;
  }

  /** Resolves once `count` pushes have arrived in all (or rejects after `ms`). */
  async waitFor(count: number, ms = 5000): Promise<ReceivedPush[]> {
    const until = Date.now() + ms;
    while (this.received.length < count) {
      if (Date.now() > until) throw new Error(`expected ${count} pushes, got ${this.received.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.received;
  }

  /** The plaintext of a received push, decrypted with the browser's own private key and secret. */
  decrypt(push: ReceivedPush): string {
    const browser = this.browsers.get(push.browserId);
    if (!browser) throw new Error('unknown browser');
    if (push.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding is ${push.headers['content-encoding']}, not aes128gcm`);
    return decryptAes128gcm(push.body, browser);
  }

  /** The VAPID claims of a received push after checking its ES256 signature against the key it names. */
  vapidClaims(push: ReceivedPush): { aud: string; exp: number; sub: string; publicKey: string } {
    const header = String(push.headers.authorization ?? '');
    const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
    if (!m) throw new Error(`no VAPID authorization: ${header}`);
    const [token, publicKey] = [m[1], m[2]];
    const [head, body, signature] = token.split('.');
    const raw = Buffer.from(publicKey, 'base64url');
    const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, format: 'jwk' });
    const ok = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!ok) throw new Error('VAPID signature does not verify');
    return { ...(JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud: string; exp: number; sub: string }), publicKey };
  }
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * RFC 8291 section 3.4 and RFC 8188: the header (salt, record size, the sender's public key), then one
 * AES-128-GCM record whose plaintext ends with the last-record delimiter 0x02 and optional zero padding.
 */
export function decryptAes128gcm(body: Buffer, browser: Pick<FakeBrowser, 'privateKey' | 'publicKey' | 'authSecret'>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(browser.privateKey);
  const shared = ecdh.computeSecret(senderPublic);
  const prkKey = hmac(browser.authSecret, shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
