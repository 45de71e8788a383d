import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { makePng } from '../../../test/images';
import type { FileStorage } from '../../../adapters/storage/storage';
import { startFakeS3 } from '../../../adapters/storage/fake-s3';
import { S3FileStorage } from '../../../adapters/storage/s3-storage';
import { rowsOf } from '../../../db/rows';
import { queuePictureBackfill } from '../index';
import { variantName, VARIANT_FORMATS } from '../../../../shared/pictures';
import type { ImageRef, ProductDetail } from '../../../../shared/catalog';

// Decision 052: resized copies made once in the job queue, through the real HTTP layer and database.

let t: TestApp;
let admin: string;
let acmeAdmin: string;
let local: FileStorage;

/** The app's storage with a hook before each copy is stored: count, hold back, or fail it. */
class WatchedStorage implements FileStorage {
  copiesPut: string[] = [];
  constructor(
    private readonly inner: FileStorage,
    private readonly beforeCopy: (key: string) => Promise<void> = async () => {},
  ) {}
  async put(key: string, body: Buffer | string, contentType: string) {
    if (/\.w\d+\.(avif|webp)$/.test(key)) {
      await this.beforeCopy(key);
      this.copiesPut.push(key);
    }
    return this.inner.put(key, body, contentType);
  }
  putStream(key: string, body: Readable, contentType: string, size?: number) {
    return this.inner.putStream(key, body, contentType, size);
  }
  get = (key: string) => this.inner.get(key);
  getStream = (key: string) => this.inner.getStream(key);
  exists = (key: string) => this.inner.exists(key);
  delete = (key: string) => this.inner.delete(key);
  list = (prefix: string) => this.inner.list(prefix);
  urlOf = (key: string) => this.inner.urlOf(key);
  keyOf = (url: string) => this.inner.keyOf(url);
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

async function upload(body: Buffer, contentType = 'image/jpeg', cookie = admin, host = DEMO_HOST): Promise<{ key: string; url: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/media?filename=photo.jpg', headers: { host, cookie, 'content-type': contentType }, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file as { key: string; url: string };
}

const drain = () => t.app.jobs.drain();
/** Tests that resize every seeded picture (sharp, CPU-bound): tens of seconds on a loaded 2-core CI machine. */
const RESIZING_ALL_MS = 120_000;
const owner = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => rowsOf<T>(r));

/** A live product of the demo store (one without variants) with the uploaded file as its only picture. */
async function productShowing(key: string): Promise<string> {
  const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as { id: string; slug: string; has_variants: boolean }[];
  const { id, slug } = items.find((p) => !p.has_variants)!;
  const images = (await call(t.app, 'GET', `/api/admin/products/${id}/images`, { cookie: admin })).json().images as { id: string }[];
  for (const image of images) await call(t.app, 'DELETE', `/api/admin/products/${id}/images/${image.id}`, { cookie: admin });
  const added = await call(t.app, 'POST', `/api/admin/products/${id}/images`, { cookie: admin, body: { key } });
  expect(added.statusCode, added.body).toBe(201);
  return slug;
}

const productImage = async (slug: string): Promise<ImageRef> => ((await call(t.app, 'GET', `/api/products/by-slug/${slug}`)).json().product as ProductDetail).image!;

const pictureState = async (key: string) => (await owner<{ state: string }>(sql`select state from picture_variants where storage_key = ${key}`))[0]?.state;

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
  local = t.app.deps.storage;
});

afterEach(async () => {
  await drain();
  t.app.deps.storage = local;
});

describe('resized copies of an upload', () => {
  it('are made in the background, none shown before they are ready, then given with the size; the original is kept byte for byte', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const storage = new WatchedStorage(local, () => held);
    t.app.deps.storage = storage;
    const original = await photo(2000, 1500);
    const file = await upload(original);
    const slug = await productShowing(file.key);

    // The job is held before its first copy: the storefront shows the original only.
    expect(await pictureState(file.key)).toBe('pending');
    const before = await productImage(slug);
    expect(before).toEqual({ image_url: file.url, alt_text: null });
    // A shopper's cart line too.
    const productId = ((await call(t.app, 'GET', `/api/products/by-slug/${slug}`)).json().product as ProductDetail).id;
    const added = await call(t.app, 'POST', '/api/cart/items', { body: { product_id: productId, quantity: 1 } });
    expect(added.statusCode, added.body).toBe(200);
    const cartCookie = String(added.headers['set-cookie']).split(';')[0];
    const cartLine = async () => (await call(t.app, 'GET', '/api/cart', { cookie: cartCookie })).json().cart.items[0] as { image_url: string; image_size: unknown };
    expect(await cartLine()).toMatchObject({ image_url: file.url, image_size: null });

    release();
    await drain();
    expect(await pictureState(file.key)).toBe('done');
    const after = await productImage(slug);
    expect(after).toEqual({ image_url: file.url, alt_text: null, width: 2000, height: 1500, widths: [320, 640, 960, 1280, 1600] });
    expect(storage.copiesPut.sort()).toEqual([320, 640, 960, 1280, 1600].flatMap((w) => VARIANT_FORMATS.map((f) => variantName(file.key, w, f))).sort());

    // Each copy is served with the original's proportions and a year's immutable caching.
    for (const format of VARIANT_FORMATS) {
      const res = await call(t.app, 'GET', variantName(file.url, 640, format));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(`image/${format}`);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([640, 480]);
    }
    const served = await call(t.app, 'GET', file.url);
    expect(served.rawPayload.equals(original)).toBe(true);
    expect((await local.get(file.key))!.body.equals(original)).toBe(true);

    // Listings carry the same figures, and the cart line its size and copies, for a small copy.
    const listed = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as { slug: string; image: ImageRef }[];
    expect(listed.find((p) => p.slug === slug)!.image).toEqual(after);
    expect(await cartLine()).toMatchObject({ image_url: file.url, image_size: { width: 2000, height: 1500, widths: [320, 640, 960, 1280, 1600] } });
    // So does the order's line, on the success page (and in My orders, by the same view).
    const placed = await call(t.app, 'POST', '/api/checkout', {
      cookie: cartCookie,
      body: { contact: { email: 'pictures@example.com' }, shippingAddress: { first_name: 'Ada', last_name: 'Lovelace', address_line1: '1 Analytical Way', city: 'London', postcode: 'SW1A 1AA' }, billingSameAsShipping: true },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = (await call(t.app, 'GET', `/api/orders/public-lookup?session_id=${placed.json().session_id}`)).json().order;
    expect(order.items[0]).toMatchObject({ image_url: file.url, image_size: { width: 2000, height: 1500, widths: [320, 640, 960, 1280, 1600] } });

    // A content page's hero picture too (the page's largest picture).
    const created = await call(t.app, 'POST', '/api/admin/pages', { cookie: admin, body: { slug: 'picture-hero', template_key: 'about' } });
    expect(created.statusCode, created.body).toBe(201);
    const pageId = created.json().page.id as string;
    expect((await call(t.app, 'PUT', `/api/admin/pages/${pageId}/content`, { cookie: admin, body: { content: { hero_title: 'Our story', hero_image: file.url, body: '<p>Hello</p>', show_cta: false } } })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', `/api/admin/pages/${pageId}/publish`, { cookie: admin })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/pages/picture-hero')).json().page.hero_size).toEqual({ width: 2000, height: 1500, widths: [320, 640, 960, 1280, 1600] });
  });

  it('are made once: running the job again, or the backfill, makes nothing more', async () => {
    const file = await upload(await photo(900, 600));
    await drain();
    expect(await pictureState(file.key)).toBe('done');
    const storage = new WatchedStorage(local);
    t.app.deps.storage = storage;
    // The finished job run again (as a stale instance might), then the one-off backfill of the store.
    await owner(sql`update background_jobs set status = 'queued', finished_at = null where kind = 'picture_variants'`);
    await queuePictureBackfill(t.scopes, [t.seed.tenantIds.demo]);
    await drain();
    expect(storage.copiesPut).toEqual([]);
    const [{ n }] = await owner<{ n: number }>(sql`select count(*)::int as n from picture_variants where storage_key = ${file.key}`);
    expect(n).toBe(1);
  }, RESIZING_ALL_MS);

  it('are made again after a crash part way, and the original is never touched', async () => {
    const original = await photo(1300, 1000);
    let copies = 0;
    const crashing = new WatchedStorage(local, async () => {
      if (++copies === 3) throw new Error('the worker died here');
    });
    t.app.deps.storage = crashing;
    const file = await upload(original);
    await drain();
    // Stopped part way: still pending, its job running under a lease nobody renews.
    expect(await pictureState(file.key)).toBe('pending');
    const [job] = await owner<{ status: string; attempts: number }>(sql`select status, attempts from background_jobs where kind = 'picture_variants' and subject_id = (select id from picture_variants where storage_key = ${file.key})`);
    expect(job).toEqual({ status: 'running', attempts: 1 });

    // The lease lapses; the retry makes every copy from the start.
    await owner(sql`update background_jobs set lease_until = now() - interval '1 second' where kind = 'picture_variants' and status = 'running'`);
    await drain();
    expect(await pictureState(file.key)).toBe('done');
    for (const w of [320, 640, 960, 1280, 1300]) for (const f of VARIANT_FORMATS) expect(await local.exists(variantName(file.key, w, f)), `${w} ${f}`).toBe(true);
    expect((await local.get(file.key))!.body.equals(original)).toBe(true);
    const [retried] = await owner<{ status: string; attempts: number }>(sql`select status, attempts from background_jobs where kind = 'picture_variants' and subject_id = (select id from picture_variants where storage_key = ${file.key})`);
    expect(retried).toEqual({ status: 'succeeded', attempts: 2 });
  });

  it('a picture that cannot be read fails once, is not retried, and is shown as it is', async () => {
    const broken = makePng(50, 50).subarray(0, 60);
    const file = await upload(broken, 'image/png');
    const slug = await productShowing(file.key);
    await drain();
    expect(await pictureState(file.key)).toBe('failed');
    expect(await productImage(slug)).toEqual({ image_url: file.url, alt_text: null });
    expect((await local.get(file.key))!.body.equals(broken)).toBe(true);
  });

  it('on S3-compatible storage: copies are stored beside the original in the bucket, the original unchanged', async () => {
    const credentials = { bucket: 'shop-files', region: 'eu-west-2', accessKeyId: 'AKIAFAKE', secretAccessKey: 'fake-secret-key' };
    const fake = await startFakeS3(credentials);
    try {
      t.app.deps.storage = new S3FileStorage({ endpoint: fake.url, ...credentials });
      const original = await photo(700, 700);
      const file = await upload(original);
      await drain();
      expect(await pictureState(file.key)).toBe('done');
      for (const w of [320, 640, 700]) {
        expect(fake.objects.get(variantName(file.key, w, 'avif'))?.contentType).toBe('image/avif');
        expect(fake.objects.get(variantName(file.key, w, 'webp'))?.contentType).toBe('image/webp');
      }
      expect(fake.objects.get(file.key)!.body.equals(original)).toBe(true);
      const res = await call(t.app, 'GET', variantName(file.url, 320, 'webp'));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      t.app.deps.storage = local;
      await fake.close();
    }
  });

  it('deleting the library file deletes its copies too', async () => {
    const file = await upload(await photo(400, 300));
    await drain();
    const media = (await call(t.app, 'GET', '/api/admin/media?limit=1', { cookie: admin })).json().media[0] as { id: string; storage_path: string };
    expect(media.storage_path).toBe(file.key);
    expect(await local.exists(variantName(file.key, 320, 'avif'))).toBe(true);
    expect((await call(t.app, 'DELETE', `/api/admin/media/${media.id}`, { cookie: admin })).statusCode).toBe(204);
    for (const w of [320, 400]) for (const f of VARIANT_FORMATS) expect(await local.exists(variantName(file.key, w, f))).toBe(false);
    expect(await pictureState(file.key)).toBeUndefined();
  });
});

describe("another store's pictures", () => {
  it('are never served on this store, never touched by its backfill, and never sized in its answers', async () => {
    const acmeFile = await upload(await photo(800, 600), 'image/jpeg', acmeAdmin, ACME_HOST);
    await drain();
    expect(await pictureState(acmeFile.key)).toBe('done');
    // Served on its own store's host only: on another it is the same 404 as a missing file.
    expect((await call(t.app, 'GET', variantName(acmeFile.url, 320, 'avif'), { host: ACME_HOST })).statusCode).toBe(200);
    const elsewhere = await call(t.app, 'GET', variantName(acmeFile.url, 320, 'avif'), { host: DEMO_HOST });
    const missing = await call(t.app, 'GET', variantName(acmeFile.url.replace(/[0-9a-f]{8}-/, '00000000-'), 320, 'avif'), { host: DEMO_HOST });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual(missing.json());

    // A Demo product pointed at Acme's file (only the database could): Demo's answer has no size for it.
    const { id, slug } = (await call(t.app, 'GET', '/api/products?limit=1')).json().items[0] as { id: string; slug: string };
    await owner(sql`update product_images set image_url = ${acmeFile.url} where product_id = ${id} and position = 0`);
    t.app.deps.catalogueCache.clear();
    const shown = await productImage(slug);
    expect(shown.image_url).toBe(acmeFile.url);
    expect(Object.keys(shown).sort()).toEqual(['alt_text', 'image_url']);

    const storage = new WatchedStorage(local);
    t.app.deps.storage = storage;
    const acmeBefore = await owner(sql`select id, state, widths from picture_variants where tenant_id = ${t.seed.tenantIds.acme} order by id`);
    await owner(sql`delete from background_jobs where kind = 'picture_backfill'`);
    await queuePictureBackfill(t.scopes, [t.seed.tenantIds.demo]);
    await drain();
    expect(storage.copiesPut.filter((key) => key.includes(t.seed.tenantIds.acme))).toEqual([]);
    expect(await owner(sql`select id, state, widths from picture_variants where tenant_id = ${t.seed.tenantIds.acme} order by id`)).toEqual(acmeBefore);
  });
});

describe('the one-off backfill of existing pictures', () => {
  it('sizes the seeded pictures, makes copies of an older stored photo, and is queued once per store', async () => {
    await owner(sql`delete from background_jobs where kind = 'picture_backfill'`);
    await owner(sql`delete from picture_variants`);
    // A photo stored before copies existed, shown by a product, with no library row.
    const demo = t.seed.tenantIds.demo;
    const key = `tenants/${demo}/products/0b5e6d2a-1111-4222-8333-444455556666.jpg`;
    const original = await photo(1000, 800);
    await local.put(key, original, 'image/jpeg');
    const { id, slug } = (await call(t.app, 'GET', '/api/products?limit=1')).json().items[0] as { id: string; slug: string };
    await owner(sql`update product_images set image_url = ${local.urlOf(key)} where product_id = ${id} and position = 0`);
    t.app.deps.catalogueCache.clear();

    await queuePictureBackfill(t.scopes, [demo]);
    await queuePictureBackfill(t.scopes, [demo]);
    const [{ n }] = await owner<{ n: number }>(sql`select count(*)::int as n from background_jobs where kind = 'picture_backfill' and subject_id = ${demo}`);
    expect(n).toBe(1);
    await drain();

    expect(await productImage(slug)).toMatchObject({ image_url: local.urlOf(key), width: 1000, height: 800, widths: [320, 640, 960, 1000] });
    expect((await local.get(key))!.body.equals(original)).toBe(true);
    // The seeded SVG pictures: their size (no layout shift), no copies.
    const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as { image: ImageRef | null }[];
    const svg = items.find((p) => p.image?.image_url.endsWith('.svg'))!.image!;
    expect(svg.width).toBeGreaterThan(0);
    expect(svg.height).toBeGreaterThan(0);
    expect(svg.widths).toBeUndefined();
    // The home page's category tiles: their hero pictures sized too.
    const categories = (await call(t.app, 'GET', '/api/categories')).json().categories as { hero_image_url: string | null; hero_size?: { width: number; height: number; widths?: number[] } }[];
    const heroes = categories.filter((c) => c.hero_image_url);
    expect(heroes.length).toBeGreaterThan(0);
    for (const c of heroes) expect(c.hero_size).toEqual({ width: expect.any(Number), height: expect.any(Number) });
    // Nothing of Acme's was recorded by Demo's backfill.
    expect(await owner(sql`select id from picture_variants where tenant_id = ${t.seed.tenantIds.acme}`)).toEqual([]);
  }, RESIZING_ALL_MS);
});
