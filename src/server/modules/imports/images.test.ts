import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStorage } from '../../adapters/storage/local-storage';
import type { FileStorage } from '../../adapters/storage/storage';
import { IMAGE_HEADERS, makePng, SVG } from '../../test/images';
import { MAX_UPLOAD_BYTES } from '../../../shared/media';
import { checkImportImages, fetchImportImages, importImageKey, type ImportImageDeps } from './images';

const TENANT = '0b5e4c1e-7a43-4c1f-9d7e-2f6f4b1a9c01';
const png = makePng(3, 2);

let server: Server;
let base: string;
let root: string;
let storage: LocalFileStorage;
let hits: string[] = [];
let inFlight = 0;
let mostInFlight = 0;

const routes: Record<string, (res: ServerResponse) => void> = {
  '/a.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png),
  // The server's type is wrong on purpose: the bytes decide.
  '/photo': (res) => res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(IMAGE_HEADERS.jpg),
  '/page.html': (res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><p>hi</p>'),
  '/logo.svg': (res) => res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG),
  '/gone.png': (res) => res.writeHead(404).end(),
  '/huge.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([png, Buffer.alloc(4096)])),
  '/over-limit.png': (res) => res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(MAX_UPLOAD_BYTES + 1) }).end(Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length)])),
  '/slow.png': (res) => setTimeout(() => !res.destroyed && res.writeHead(200).end(png), 2000),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    res.on('close', () => inFlight--);
    const route = routes[req.url?.replace(/\?.*$/, '') ?? ''];
    // /many?n: a picture answered after a short wait, to see how many are fetched at once.
    if (req.url?.startsWith('/many')) setTimeout(() => res.writeHead(200).end(png), 50);
    else if (route) route(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  root = await mkdtemp(path.join(tmpdir(), 'import-images-'));
  storage = new LocalFileStorage(root);
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await rm(root, { recursive: true, force: true });
});

const deps = (over: Partial<ImportImageDeps> = {}): ImportImageDeps => ({ storage, allowPrivate: true, ...over });
const storedFiles = async () => readdir(path.join(root, 'tenants', TENANT, 'media')).catch(() => [] as string[]);

describe('fetchImportImages', () => {
  it('stores pictures under a key made from the address, typed by their bytes', async () => {
    const urls = [`${base}/a.png`, `${base}/photo`];
    const result = await fetchImportImages(deps(), TENANT, urls);
    const pngKey = importImageKey(TENANT, urls[0], 'png');
    expect(pngKey).toMatch(new RegExp(`^tenants/${TENANT}/media/import-[0-9a-f]{32}\\.png$`));
    expect(result.get(urls[0])).toEqual({ sourceUrl: urls[0], url: `/files/${pngKey}`, key: pngKey, contentType: 'image/png', size: png.length });
    expect(result.get(urls[1])).toMatchObject({ sourceUrl: urls[1], key: importImageKey(TENANT, urls[1], 'jpg'), contentType: 'image/jpeg', size: IMAGE_HEADERS.jpg.length });
    expect((await storage.get(pngKey))?.body.equals(png)).toBe(true);
  });

  it('overwrites the same file when the same address is imported again, and fetches a repeated address once', async () => {
    const url = `${base}/a.png?again`;
    const before = (await storedFiles()).length;
    hits = [];
    await fetchImportImages(deps(), TENANT, [url, url]);
    await fetchImportImages(deps(), TENANT, [url]);
    expect(hits).toEqual(['/a.png?again', '/a.png?again']);
    expect((await storedFiles()).length).toBe(before + 1);
  });

  it('answers a merchant-readable error per failed address; the others are still imported', async () => {
    const url = (p: string) => `${base}${p}`;
    const urls = [url('/gone.png'), url('/page.html'), url('/logo.svg'), url('/huge.png'), url('/slow.png'), url('/a.png?ok'), 'ftp://example.com/a.png'];
    const result = await fetchImportImages(deps({ maxBytes: 1024, timeoutMs: 300 }), TENANT, urls);
    expect([...result.keys()]).toEqual(urls);
    expect(urls.map((u) => (result.get(u) as { error?: string }).error)).toEqual([
      'Picture not imported: the server answered 404',
      'Picture not imported: not a picture (text/html)',
      'Picture not imported: not a picture (SVG is not accepted)',
      'Picture not imported: larger than 1 KB',
      'Picture not imported: timed out after 0.3 s',
      undefined,
      'Picture not imported: only http and https addresses are fetched',
    ]);
    expect(result.get(url('/a.png?ok'))).toMatchObject({ contentType: 'image/png' });
  });

  it('refuses private addresses unless allowed', async () => {
    const result = await fetchImportImages(deps({ allowPrivate: false }), TENANT, [`${base}/a.png`, 'http://169.254.169.254/latest/meta-data/']);
    expect([...result.values()].map((r) => ('error' in r ? r.error : r))).toEqual(['Picture not imported: the address is private', 'Picture not imported: the address is private']);
  });

  it('never goes past the media upload limit, whatever maxBytes says', async () => {
    const url = `${base}/over-limit.png`;
    const result = await fetchImportImages(deps({ maxBytes: 50 * 1024 * 1024 }), TENANT, [url]);
    expect(result.get(url)).toEqual({ sourceUrl: url, error: 'Picture not imported: larger than 10 MB' });
  });

  it('turns a storage failure into an error entry for that picture only', async () => {
    let puts = 0;
    // Only put is used by the import; the first one fails as a full disk or refused bucket would.
    const failing = {
      put: async (key, body, type) => {
        if (puts++ === 0) throw new Error('disk full');
        return storage.put(key, body, type);
      },
    } as Pick<FileStorage, 'put'> as FileStorage;
    const urls = [`${base}/a.png?s1`, `${base}/a.png?s2`];
    const result = await fetchImportImages({ ...deps(), storage: failing }, TENANT, urls);
    const errors = [...result.values()].filter((r) => 'error' in r);
    expect(errors).toEqual([{ sourceUrl: expect.any(String), error: 'Picture not imported: file storage is not available right now' }]);
    expect([...result.values()].filter((r) => 'key' in r)).toHaveLength(1);
  });

  it('fetches at most 4 pictures at once', async () => {
    mostInFlight = 0;
    const urls = Array.from({ length: 10 }, (_, i) => `${base}/many?${i}`);
    const result = await fetchImportImages(deps(), TENANT, urls);
    expect([...result.values()].every((r) => 'key' in r)).toBe(true);
    expect(mostInFlight).toBe(4);
  });
});

describe('the dry run’s picture check (issue 27 item 5)', () => {
  it('answers which addresses would not be imported and why, keeping nothing', async () => {
    const before = await storedFiles();
    const result = await checkImportImages({ allowPrivate: true }, [`${base}/a.png`, `${base}/gone.png`, `${base}/page.html`, `${base}/a.png`]);
    expect([...result]).toEqual([
      [`${base}/a.png`, null],
      [`${base}/gone.png`, 'Picture will not be imported: the server answered 404'],
      [`${base}/page.html`, 'Picture will not be imported: not a picture (text/html)'],
    ]);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses private and loopback addresses as the import does', async () => {
    const result = await checkImportImages({ allowPrivate: false }, [`${base}/a.png`, 'http://169.254.169.254/latest/meta-data/']);
    expect(result.get(`${base}/a.png`)).toMatch(/^Picture will not be imported: .*(private|local)/i);
    expect(result.get('http://169.254.169.254/latest/meta-data/')).toMatch(/^Picture will not be imported: .*(private|local)/i);
  });

  it('gives each address at most its time limit (never above 5 s), a few at a time', async () => {
    const started = Date.now();
    const result = await checkImportImages({ allowPrivate: true, timeoutMs: 300 }, [`${base}/slow.png`]);
    expect(result.get(`${base}/slow.png`)).toMatch(/^Picture will not be imported: timed out after 0.3 s/);
    expect(Date.now() - started).toBeLessThan(1500);
    mostInFlight = 0;
    await checkImportImages({ allowPrivate: true }, Array.from({ length: 12 }, (_, i) => `${base}/many?${i}`));
    expect(mostInFlight).toBeLessThanOrEqual(4);
  });
});

