import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { FakePushService } from './fake-push-service';
import { WebPushSender } from './web-push-sender';
import { MemoryPushSender } from './memory-sender';
import type { PushMessage } from '../../../shared/push';

const service = new FakePushService();
let sender: WebPushSender;
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@shop.test' };
const message: PushMessage = { title: 'New order ORD-1', body: 'Ada paid £12.50', icon: null, url: '/admin/orders/1', tag: 'order-1' };

beforeAll(async () => {
  await service.start();
  sender = new WebPushSender({ vapid, endpointHosts: [service.host], timeoutMs: 2000 });
});
afterAll(() => service.stop());

describe('the web-push sender', () => {
  it('POSTs an aes128gcm body only the subscription’s private key opens, signed with the VAPID key', async () => {
    const browser = service.subscribe();
    const before = service.received.length;
    expect(await sender.send(browser, message, { ttlSeconds: 3600, urgency: 'high' })).toEqual({ status: 'sent', httpStatus: 201 });
    const push = (await service.waitFor(before + 1))[before];
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('3600');
    expect(push.headers.urgency).toBe('high');
    // The plaintext never travels: the body is ciphertext.
    expect(push.body.includes(Buffer.from('New order'))).toBe(false);
    expect(JSON.parse(service.decrypt(push))).toEqual(message);
    const claims = service.vapidClaims(push);
    expect(claims).toMatchObject({ aud: new URL(browser.endpoint).origin, sub: 'mailto:push@shop.test', publicKey: vapid.publicKey });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  });

  it('cannot be read with another browser’s keys', async () => {
    const browser = service.subscribe();
    const other = service.subscribe();
    const before = service.received.length;
    await sender.send(browser, message, { ttlSeconds: 60 });
    const push = (await service.waitFor(before + 1))[before];
    expect(() => service.decrypt({ ...push, browserId: other.id })).toThrow();
  });

  it('reports 404 and 410 as gone and other answers as failures', async () => {
    const gone = service.subscribe();
    service.answers.set(gone.id, 410);
    expect(await sender.send(gone, message, { ttlSeconds: 60 })).toEqual({ status: 'gone', httpStatus: 410 });
    service.answers.set(gone.id, 404);
    expect(await sender.send(gone, message, { ttlSeconds: 60 })).toEqual({ status: 'gone', httpStatus: 404 });
    service.answers.set(gone.id, 429);
    expect(await sender.send(gone, message, { ttlSeconds: 60 })).toMatchObject({ status: 'failed', reason: 'push service answered 429' });
  });

  it('refuses endpoints off its list and keys no browser makes, without a request', async () => {
    const before = service.received.length;
    const browser = service.subscribe();
    expect(await sender.send({ ...browser, endpoint: 'http://127.0.0.1:1/push/x' }, message, { ttlSeconds: 60 })).toEqual({ status: 'failed', reason: 'endpoint not allowed' });
    expect(await sender.send({ ...browser, keys: { ...browser.keys, p256dh: 'AAAA' } }, message, { ttlSeconds: 60 })).toMatchObject({ status: 'failed' });
    expect(service.received.length).toBe(before);
  });

  it('reports an unreachable push service as a failure within its timeout', async () => {
    const closed = new FakePushService();
    await closed.start();
    const browser = closed.subscribe();
    await closed.stop();
    const quick = new WebPushSender({ vapid, endpointHosts: [closed.host], timeoutMs: 500 });
    expect(await quick.send(browser, message, { ttlSeconds: 60 })).toMatchObject({ status: 'failed' });
  });
});

describe('the memory sender', () => {
  it('keeps what it would send and answers gone for endpoints told so', async () => {
    const memory = new MemoryPushSender(vapid.publicKey);
    const target = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'x', auth: 'y' } };
    expect(await memory.send(target, message, { ttlSeconds: 5 })).toEqual({ status: 'sent', httpStatus: 201 });
    expect(memory.sent).toMatchObject([{ endpoint: target.endpoint, message, ttlSeconds: 5 }]);
    memory.gone.add(target.endpoint);
    expect(await memory.send(target, message, { ttlSeconds: 5 })).toEqual({ status: 'gone', httpStatus: 410 });
    expect(memory.acceptsEndpoint('http://127.0.0.1/x')).toBe(false);
  });
});
