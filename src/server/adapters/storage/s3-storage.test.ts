import { Readable, Transform } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from './fake-s3';
import { S3FileStorage, S3StorageError, type S3Config } from './s3-storage';

const TENANT = '11111111-2222-4333-8444-555555555555';
const KEY = `tenants/${TENANT}/media/0b7f5a52-8d4e-4a8e-9a53-3c0a4f0f6c11.png`;
const CREDENTIALS = { bucket: 'shop-files', region: 'eu-west-2', accessKeyId: 'AKIAFAKEEXAMPLE', secretAccessKey: 'fake-secret/with+chars' };

describe('S3-compatible storage against a local fake S3', () => {
  let fake: FakeS3;
  let config: S3Config;
  beforeAll(async () => {
    fake = await startFakeS3(CREDENTIALS);
    config = { endpoint: fake.url, ...CREDENTIALS };
  });
  afterAll(() => fake.close());

  it('stores, reads, checks and deletes an object, signed with Signature V4', async () => {
    const storage = new S3FileStorage(config);
    const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    expect(await storage.put(KEY, body, 'image/png')).toBe(`/files/${KEY}`);
    expect(fake.objects.get(KEY)).toEqual({ body, contentType: 'image/png' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/shop-files/${KEY}`, status: 200 });

    expect(await storage.get(KEY)).toEqual({ body, contentType: 'image/png' });
    const parts: Buffer[] = [];
    for await (const chunk of (await storage.getStream(KEY))!) parts.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(parts)).toEqual(body);
    expect(await storage.exists(KEY)).toBe(true);
    await storage.delete(KEY);
    expect(fake.objects.has(KEY)).toBe(false);
    expect(await storage.get(KEY)).toBeNull();
    expect(await storage.getStream(KEY)).toBeNull();
    expect(await storage.exists(KEY)).toBe(false);
    // Deleting what is gone is not an error.
    await storage.delete(KEY);
  });

  it('streams a large body in one signed PUT (unsigned payload, exact length)', async () => {
    const storage = new S3FileStorage(config);
    const key = `tenants/${TENANT}/imports/0b7f5a52-8d4e-4a8e-9a53-3c0a4f0f6c12.csv`;
    const size = 160 * 64 * 1024;
    function* chunks() {
      for (let i = 0; i < 160; i++) yield Buffer.alloc(64 * 1024, 0x61 + (i % 26));
    }
    expect(await storage.putStream(key, Readable.from(chunks()), 'text/csv', size)).toEqual({ url: `/files/${key}`, size });
    const object = fake.objects.get(key)!;
    expect(object.contentType).toBe('text/csv');
    expect(object.body.length).toBe(size);
    expect(object.body[64 * 1024]).toBe(0x62);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', status: 200 });
    await storage.delete(key);
  });

  it('stores nothing when a streamed body fails half way, and needs the size', async () => {
    const storage = new S3FileStorage(config);
    const key = `tenants/${TENANT}/imports/0b7f5a52-8d4e-4a8e-9a53-3c0a4f0f6c13.csv`;
    let seen = 0;
    const failing = new Transform({
      transform(chunk: Buffer, _enc, done) {
        seen += chunk.length;
        done(seen > 256 * 1024 ? new Error('refused half way') : null, chunk);
      },
    });
    function* chunks() {
      for (let i = 0; i < 16; i++) yield Buffer.alloc(64 * 1024, 0x61);
    }
    await expect(storage.putStream(key, Readable.from(chunks()).pipe(failing), 'text/csv', 16 * 64 * 1024)).rejects.toThrow('refused half way');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.objects.has(key)).toBe(false);
    await expect(storage.putStream(key, Readable.from(['x']), 'text/csv')).rejects.toThrow(/exact size/);
  });

  it('surfaces a refused streamed PUT as a storage error', async () => {
    const storage = new S3FileStorage({ ...config, secretAccessKey: 'not-the-secret' });
    const key = `tenants/${TENANT}/imports/0b7f5a52-8d4e-4a8e-9a53-3c0a4f0f6c14.csv`;
    await expect(storage.putStream(key, Readable.from([Buffer.from('a,b\n')]), 'text/csv', 4)).rejects.toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    fake.failNext(500, 'InternalError');
    await expect(new S3FileStorage(config).putStream(key, Readable.from([Buffer.from('a,b\n')]), 'text/csv', 4)).rejects.toMatchObject({ status: 500, code: 'InternalError' });
    expect(fake.objects.has(key)).toBe(false);
  });

  it('is refused with a wrong secret, and says so', async () => {
    const storage = new S3FileStorage({ ...config, secretAccessKey: 'not-the-secret' });
    const err = await storage.put(KEY, Buffer.from('x'), 'image/png').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(S3StorageError);
    expect(err).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect((err as Error).message).toMatch(/File storage refused storing .*403 SignatureDoesNotMatch/);
    expect(fake.objects.has(KEY)).toBe(false);
    await expect(storage.get(KEY)).rejects.toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('is refused with an unknown access key or another bucket', async () => {
    await expect(new S3FileStorage({ ...config, accessKeyId: 'AKIAOTHER' }).put(KEY, 'x', 'image/png')).rejects.toMatchObject({ code: 'InvalidAccessKeyId' });
    await expect(new S3FileStorage({ ...config, bucket: 'other-bucket' }).put(KEY, 'x', 'image/png')).rejects.toMatchObject({ status: 404, code: 'NoSuchBucket' });
  });

  it('surfaces service failures and an unreachable endpoint as errors', async () => {
    const storage = new S3FileStorage(config);
    fake.failNext(500, 'InternalError');
    await expect(storage.put(KEY, 'x', 'image/png')).rejects.toMatchObject({ status: 500, code: 'InternalError' });
    fake.failNext(503, 'SlowDown', { message: 'Please reduce your request rate.' });
    await expect(storage.get(KEY)).rejects.toThrow(/503 SlowDown \(Please reduce your request rate\.\)/);
    fake.failNext(500, 'InternalError');
    await expect(storage.delete(KEY)).rejects.toMatchObject({ status: 500 });

    const closed = await startFakeS3(CREDENTIALS);
    const unreachable = new S3FileStorage({ ...config, endpoint: closed.url, timeoutMs: 2000 });
    await closed.close();
    await expect(unreachable.put(KEY, 'x', 'image/png')).rejects.toThrow(/File storage could not be reached/);
  });

  it('refuses keys outside the layout before any request', async () => {
    const storage = new S3FileStorage(config);
    const before = fake.requests.length;
    await expect(storage.put('../etc/passwd', 'x', 'text/plain')).rejects.toThrow(/Invalid storage key/);
    expect(await storage.get(`tenants/${TENANT}/media/../../x.png`)).toBeNull();
    expect(fake.requests.length).toBe(before);
  });

  it('lists a prefix page by page (continuation tokens), with sizes and times, and surfaces a refused listing', async () => {
    const paged = await startFakeS3({ ...CREDENTIALS, listPageSize: 2 });
    try {
      const storage = new S3FileStorage({ ...config, endpoint: paged.url });
      const media = `tenants/${TENANT}/media/`;
      for (const name of ['a.png', 'b.png', 'c.png', 'd.w320.webp', 'e.png']) await storage.put(`${media}${name}`, Buffer.alloc(name.length), 'image/png');
      await storage.put(`tenants/${TENANT}/imports/f.csv`, 'x', 'text/csv');
      paged.modified.set(`${media}b.png`, new Date('2021-05-06T07:08:09Z'));
      const listed = [];
      for await (const file of storage.list(media)) listed.push(file);
      expect(listed.map((f) => f.key)).toEqual(['a.png', 'b.png', 'c.png', 'd.w320.webp', 'e.png'].map((n) => `${media}${n}`));
      expect(listed[1]).toEqual({ key: `${media}b.png`, size: 5, lastModified: new Date('2021-05-06T07:08:09Z') });
      // Three pages of two: the listing followed the tokens.
      expect(paged.requests.filter((r) => r.path.includes('list-type=2'))).toHaveLength(3);
      let all = 0;
      for await (const _ of storage.list('')) all += 1;
      expect(all).toBe(6);
      paged.failNext(403, 'AccessDenied', { method: 'GET' });
      await expect((async () => {
        for await (const _ of storage.list(media)) void _;
      })()).rejects.toMatchObject({ status: 403, code: 'AccessDenied' });
      await expect((async () => {
        for await (const _ of storage.list('../x')) void _;
      })()).rejects.toThrow(/Invalid storage prefix/);
    } finally {
      await paged.close();
    }
  });

  it('answers public URLs when S3_PUBLIC_URL is set and maps them back to keys', () => {
    const proxied = new S3FileStorage(config);
    expect(proxied.urlOf(KEY)).toBe(`/files/${KEY}`);
    expect(proxied.keyOf(`/files/${KEY}`)).toBe(KEY);
    const cdn = new S3FileStorage({ ...config, publicUrl: 'https://cdn.example.com/shop/' });
    expect(cdn.urlOf(KEY)).toBe(`https://cdn.example.com/shop/${KEY}`);
    expect(cdn.keyOf(`https://cdn.example.com/shop/${KEY}`)).toBe(KEY);
    expect(cdn.keyOf(`https://evil.example.com/shop/${KEY}`)).toBeNull();
    expect(cdn.keyOf(`/files/${KEY}`)).toBe(KEY);
  });
});
