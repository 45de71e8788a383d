import { mkdtempSync, readdirSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LocalFileStorage } from './local-storage';

const TENANT = '11111111-2222-4333-8444-555555555555';
const KEY = `tenants/${TENANT}/imports/0b7f5a52-8d4e-4a8e-9a53-3c0a4f0f6c11.csv`;

/** A body made chunk by chunk as it is read: it never exists whole in the test either. */
function* chunks(count: number, size: number) {
  for (let i = 0; i < count; i++) yield Buffer.alloc(size, 0x61 + (i % 26));
}

describe('local storage: streamed writes', () => {
  it('streams a 20 MB body to the file and answers its size', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'storage-stream-'));
    const storage = new LocalFileStorage(root);
    const stored = await storage.putStream(KEY, Readable.from(chunks(320, 64 * 1024)), 'text/csv');
    expect(stored).toEqual({ url: `/files/${KEY}`, size: 320 * 64 * 1024 });
    const file = await storage.get(KEY);
    expect(file!.body.length).toBe(20 * 1024 * 1024);
    expect(file!.body[64 * 1024]).toBe(0x62);
  });

  it('reads a stored file back as a stream, and null for a missing one', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'storage-stream-'));
    const storage = new LocalFileStorage(root);
    await storage.putStream(KEY, Readable.from(chunks(4, 64 * 1024)), 'text/csv');
    const stream = await storage.getStream(KEY);
    let size = 0;
    for await (const chunk of stream!) size += (chunk as Buffer).length;
    expect(size).toBe(4 * 64 * 1024);
    expect(await storage.getStream(KEY.replace('c11.csv', 'c19.csv'))).toBeNull();
    expect(await storage.getStream('../etc/passwd')).toBeNull();
  });

  it('leaves no file, not even a partial one, when the stream fails half way', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'storage-stream-'));
    const storage = new LocalFileStorage(root);
    let seen = 0;
    const failing = new Transform({
      transform(chunk: Buffer, _enc, done) {
        seen += chunk.length;
        done(seen > 1024 * 1024 ? new Error('refused half way') : null, chunk);
      },
    });
    await expect(storage.putStream(KEY, Readable.from(chunks(64, 64 * 1024)).pipe(failing), 'text/csv')).rejects.toThrow('refused half way');
    expect(await storage.exists(KEY)).toBe(false);
    expect(readdirSync(path.join(root, 'tenants', TENANT, 'imports'))).toEqual([]);
  });

  it('refuses keys outside the layout', async () => {
    const storage = new LocalFileStorage(mkdtempSync(path.join(os.tmpdir(), 'storage-stream-')));
    await expect(storage.putStream('../etc/passwd', Readable.from(['x']), 'text/plain')).rejects.toThrow(/Invalid storage key/);
  });
});

describe('local storage: listing', () => {
  const OTHER = '99999999-2222-4333-8444-555555555555';
  const all = async (storage: LocalFileStorage, prefix: string) => {
    const found = [];
    for await (const file of storage.list(prefix)) found.push(file);
    return found;
  };

  it('lists the files under a prefix with their size and time, folders and all, and nothing else', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'storage-list-'));
    const storage = new LocalFileStorage(root);
    const media = `tenants/${TENANT}/media/`;
    await storage.put(`${media}a1.png`, Buffer.alloc(5), 'image/png');
    await storage.put(`${media}a1.w320.webp`, Buffer.alloc(3), 'image/webp');
    await storage.put(`tenants/${TENANT}/imports/b.csv`, 'x,y\n', 'text/csv');
    await storage.put(`tenants/${OTHER}/media/c.png`, Buffer.alloc(1), 'image/png');
    utimesSync(path.join(root, 'tenants', TENANT, 'media', 'a1.png'), new Date('2020-01-02T03:04:05Z'), new Date('2020-01-02T03:04:05Z'));

    const listed = await all(storage, media);
    expect(listed.map((f) => f.key).sort()).toEqual([`${media}a1.png`, `${media}a1.w320.webp`]);
    expect(listed.find((f) => f.key.endsWith('a1.png'))).toEqual({ key: `${media}a1.png`, size: 5, lastModified: new Date('2020-01-02T03:04:05Z') });
    expect((await all(storage, '')).map((f) => f.key).sort()).toEqual([`tenants/${TENANT}/imports/b.csv`, `${media}a1.png`, `${media}a1.w320.webp`, `tenants/${OTHER}/media/c.png`].sort());
    // A prefix part way through a name, and one with nothing under it.
    expect((await all(storage, `${media}a1.w`)).map((f) => f.key)).toEqual([`${media}a1.w320.webp`]);
    expect(await all(storage, `tenants/${OTHER}/imports/`)).toEqual([]);
    expect(await all(new LocalFileStorage(path.join(root, 'missing')), '')).toEqual([]);
  });

  it('refuses a prefix that could leave its folder', async () => {
    const storage = new LocalFileStorage(mkdtempSync(path.join(os.tmpdir(), 'storage-list-')));
    await expect(all(storage, '../')).rejects.toThrow(/Invalid storage prefix/);
    await expect(all(storage, '/etc/')).rejects.toThrow(/Invalid storage prefix/);
  });
});
