import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { randomUUID } from 'node:crypto';
import { makePng } from '../../../test/images';
import type { UploadedFile } from '../../../../shared/media';

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;

/** The file itself as the body, as the admin screen sends it. */
function upload(body: Buffer | string, opts: { contentType?: string | null; cookie?: string; host?: string; query?: string } = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: opts.host ?? DEMO_HOST, cookie: opts.cookie ?? admin };
  if (opts.contentType !== null) headers['content-type'] = opts.contentType ?? 'image/png';
  return t.app.inject({ method: 'POST', url: `/api/admin/media${opts.query ?? ''}`, headers, payload: body });
}

const uploaded = async (body: Buffer = makePng(), opts: Parameters<typeof upload>[1] = {}) => {
  const res = await upload(body, opts);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file as UploadedFile;
};

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});

interface Image {
  id: string;
  image_url: string;
  alt_text: string | null;
  position: number;
  key: string | null;
}

describe('product images', () => {
  let productId: string;
  let slug: string;
  let acmeProductId: string;
  const path = (id = productId) => `/api/admin/products/${id}/images`;
  const list = async (id = productId, cookie = admin, host = DEMO_HOST) => {
    const res = await call(t.app, 'GET', path(id), { cookie, host });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { product: { id: string; name: string; slug: string }; images: Image[] };
  };
  const send = (method: string, url: string, body?: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, method, url, { cookie, host, body });
  const storefrontImages = async () => (await call(t.app, 'GET', `/api/products/by-slug/${slug}`)).json().product.product_images as { image_url: string; alt_text: string | null }[];

  beforeAll(async () => {
    const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as { id: string; slug: string; image: unknown }[];
    ({ id: productId, slug } = items.find((p) => p.image)!);
    acmeProductId = ((await call(t.app, 'GET', '/api/products?limit=1', { host: ACME_HOST })).json().items as { id: string }[])[0].id;
  });

  it('lists the product and its pictures in thumbnail order', async () => {
    const { product, images } = await list();
    expect(product).toMatchObject({ id: productId, slug });
    expect(images.length).toBeGreaterThan(0);
    expect(images.map((i) => i.position)).toEqual(images.map((_, i) => i));
    expect(images[0].key).toMatch(new RegExp(`^tenants/${t.seed.tenantIds.demo}/products/`));
    expect(images.map((i) => ({ image_url: i.image_url, alt_text: i.alt_text }))).toEqual(await storefrontImages());
  });

  it('adds an upload by key or url as the last picture; moving it first makes it the thumbnail everywhere', async () => {
    const before = await list();
    await storefrontImages(); // cached now: the writes below must drop it
    const byKey = await uploaded();
    const res = await send('POST', path(), { key: byKey.key, alt_text: '  Red enamel mug on a shelf  ' });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json().image as Image;
    expect(image).toMatchObject({ image_url: byKey.url, alt_text: 'Red enamel mug on a shelf', position: before.images.length, key: byKey.key });

    const byUrl = await uploaded();
    const second = await send('POST', path(), { url: byUrl.url });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().image).toMatchObject({ alt_text: null, position: before.images.length + 1 });

    const moved = await send('PATCH', `${path()}/${image.id}`, { position: 0, alt_text: 'A red mug, front view' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().image).toMatchObject({ id: image.id, position: 0, alt_text: 'A red mug, front view' });
    const after = await list();
    expect(after.images[0].id).toBe(image.id);
    expect(after.images.map((i) => i.position)).toEqual(after.images.map((_, i) => i));
    // Its size and resized copies join once the background job has read it (decision 052).
    expect((await storefrontImages())[0]).toMatchObject({ image_url: byKey.url, alt_text: 'A red mug, front view' });
    const card = ((await call(t.app, 'GET', '/api/products?limit=48')).json().items as { id: string; image: unknown }[]).find((p) => p.id === productId);
    expect(card?.image).toMatchObject({ image_url: byKey.url, alt_text: 'A red mug, front view' });
  });

  it('reorders with the full list of ids only', async () => {
    const { images } = await list();
    const reversed = images.map((i) => i.id).reverse();
    const res = await send('PUT', `${path()}/order`, { image_ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().images as Image[]).map((i) => [i.id, i.position])).toEqual(reversed.map((id, i) => [id, i]));
    expect((await list()).images.map((i) => i.id)).toEqual(reversed);
    expect((await storefrontImages())[0].image_url).toBe(images.at(-1)!.image_url);

    const otherProduct = (await call(t.app, 'GET', '/api/products?limit=48')).json().items.find((p: { id: string; image: unknown }) => p.id !== productId && p.image).id as string;
    const foreignId = (await list(otherProduct)).images[0].id;
    for (const image_ids of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), foreignId], ['not-a-uuid']]) {
      const bad = await send('PUT', `${path()}/order`, { image_ids });
      expect(bad.statusCode, JSON.stringify(image_ids)).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('image_ids');
    }
    expect((await list()).images.map((i) => i.id)).toEqual(reversed);
  });

  it('validates picture input strictly', async () => {
    const file = await uploaded();
    const { images } = await list();
    const cases: [string, string, unknown, string][] = [
      ['POST', path(), { key: file.key, tenant_id: t.seed.tenantIds.acme }, 'tenant_id'],
      ['POST', path(), { key: file.key, url: file.url }, 'key'],
      ['POST', path(), {}, 'key'],
      ['POST', path(), { key: file.key, alt_text: 'x'.repeat(251) }, 'alt_text'],
      ['PATCH', `${path()}/${images[0].id}`, {}, 'alt_text'],
      ['PATCH', `${path()}/${images[0].id}`, { position: -1 }, 'position'],
      ['PATCH', `${path()}/${images[0].id}`, { position: 1.5 }, 'position'],
      ['PATCH', `${path()}/${images[0].id}`, { image_url: 'https://evil.example/x.png' }, 'image_url'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await send(method, url, body);
      expect(res.statusCode, `${method} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await list()).images).toEqual(images);
  });

  it("attaches only this store's own uploads", async () => {
    const acmeFile = await uploaded(makePng(), { cookie: acmeAdmin, host: ACME_HOST });
    const { images } = await list();
    const cases: [unknown, string][] = [
      [{ key: acmeFile.key }, 'key'],
      [{ url: acmeFile.url }, 'url'],
      [{ key: images.find((i) => i.key?.includes('/products/'))!.key }, 'key'], // a seeded file outside media/
      [{ key: `tenants/${t.seed.tenantIds.demo}/media/00000000-0000-4000-8000-000000000000.png` }, 'key'],
      [{ key: `tenants/${t.seed.tenantIds.demo}/media/../../${t.seed.tenantIds.acme}/media/x.png` }, 'key'],
      [{ url: 'https://cdn.example.com/picture.png' }, 'url'],
    ];
    for (const [body, field] of cases) {
      const res = await send('POST', path(), body);
      expect(res.statusCode, JSON.stringify(body) + res.body).toBe(400);
      expect(res.json().error.fields).toHaveProperty(field);
    }
    const file = await uploaded();
    expect((await send('POST', path(), { key: file.key })).statusCode).toBe(201);
    const again = await send('POST', path(), { key: file.key });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This picture is already on this product.');
  });

  /** A file uploaded before the library existed and never backfilled into it: no library row. */
  async function legacyUpload(): Promise<UploadedFile> {
    const key = `tenants/${t.seed.tenantIds.demo}/media/${randomUUID()}.png`;
    const png = makePng();
    const url = await t.app.deps.storage.put(key, png, 'image/png');
    return { key, url, content_type: 'image/png', size: png.length };
  }

  it('deletes a picture and closes the gap; a library file stays, a file outside the library goes once nothing shows it', async () => {
    const other = (await call(t.app, 'GET', '/api/products?limit=48')).json().items.find((p: { id: string }) => p.id !== productId).id as string;
    const library = await uploaded();
    const mine = (await send('POST', path(), { key: library.key })).json().image as Image;
    expect((await send('DELETE', `${path()}/${mine.id}`)).statusCode).toBe(204);
    const { images } = await list();
    expect(images.find((i) => i.id === mine.id)).toBeUndefined();
    expect(images.map((i) => i.position)).toEqual(images.map((_, i) => i));
    expect((await call(t.app, 'GET', library.url)).statusCode).toBe(200);

    const shared = await legacyUpload();
    const legacyMine = (await send('POST', path(), { key: shared.key })).json().image as Image;
    const theirs = (await send('POST', path(other), { key: shared.key })).json().image as Image;
    expect((await send('DELETE', `${path()}/${legacyMine.id}`)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', shared.url)).statusCode).toBe(200);
    expect((await send('DELETE', `${path(other)}/${theirs.id}`)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', shared.url)).statusCode).toBe(404);
    expect((await send('DELETE', `${path(other)}/${theirs.id}`)).statusCode).toBe(404);

    // A seeded picture's file (not an upload) stays.
    const seeded = images.find((i) => i.key?.includes('/products/'))!;
    expect((await send('DELETE', `${path()}/${seeded.id}`)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', seeded.image_url)).statusCode).toBe(200);
    expect((await storefrontImages()).map((i) => i.image_url)).not.toContain(seeded.image_url);
  });

  it('deleting a product keeps its library files; of files outside the library it removes those no other product shows', async () => {
    const created = await send('POST', '/api/admin/products', { name: 'Short-lived Lamp', slug: 'short-lived-lamp', sku: 'DS-SHORT-LAMP', base_price: 20 });
    expect(created.statusCode, created.body).toBe(201);
    const doomed = created.json().product.id as string;
    const library = await uploaded();
    const own = await legacyUpload();
    const shared = await legacyUpload();
    for (const key of [library.key, own.key, shared.key]) expect((await send('POST', path(doomed), { key })).statusCode).toBe(201);
    expect((await send('POST', path(), { key: shared.key })).statusCode).toBe(201);

    // Refused (another store): nothing is deleted, files included.
    expect((await send('DELETE', `/api/admin/products/${doomed}`, undefined, acmeAdmin, ACME_HOST)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', own.url)).statusCode).toBe(200);

    expect((await send('DELETE', `/api/admin/products/${doomed}`)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', library.url)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', own.url)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', shared.url)).statusCode).toBe(200);
    expect((await list()).images.map((i) => i.key)).toContain(shared.key);
  });

  it("keeps stores apart: another store's product or picture is the same 404 as a missing one", async () => {
    const { images } = await list();
    const imageId = images[0].id;
    const acme = (body?: unknown) => ({ body, cookie: acmeAdmin, host: ACME_HOST });
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, body] of [
      ['GET', path(), undefined],
      ['POST', path(), { key: `tenants/${t.seed.tenantIds.acme}/media/${missing}.png` }],
      ['PATCH', `${path()}/${imageId}`, { alt_text: 'hijacked' }],
      ['PUT', `${path()}/order`, { image_ids: [imageId] }],
      ['DELETE', `${path()}/${imageId}`, undefined],
    ] as const) {
      const res = await call(t.app, method, url, acme(body));
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.message).toBe('Product not found');
    }
    for (const id of [missing, 'not-a-uuid']) expect((await send('GET', path(id))).statusCode).toBe(404);
    // A picture of another product, through this product's path.
    const acmeImage = (await list(acmeProductId, acmeAdmin, ACME_HOST)).images[0];
    expect((await send('PATCH', `${path()}/${acmeImage.id}`, { alt_text: 'x' })).statusCode).toBe(404);
    expect((await send('DELETE', `${path()}/${missing}`)).statusCode).toBe(404);
    expect((await send('DELETE', `${path()}/${missing}`)).json().error.message).toBe('Image not found');
    expect((await list()).images).toEqual(images);
    expect((await list(acmeProductId, acmeAdmin, ACME_HOST)).images[0]).toEqual(acmeImage);
  });

  it('is for store managers: staff 403 and signed out 401', async () => {
    expect((await send('GET', path(), undefined, staff)).statusCode).toBe(403);
    expect((await send('POST', path(), { key: 'x' }, staff)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', path())).statusCode).toBe(401);
  });
});

describe('uploads and pictures on S3-compatible storage (local fake S3)', () => {
  it('stores, serves, attaches and deletes through the S3 provider; a storage failure is a 503 with a message', async () => {
    const { startFakeS3 } = await import('../../../adapters/storage/fake-s3');
    const { S3FileStorage } = await import('../../../adapters/storage/s3-storage');
    const credentials = { bucket: 'shop-files', region: 'eu-west-2', accessKeyId: 'AKIAFAKE', secretAccessKey: 'fake-secret-key' };
    const fake = await startFakeS3(credentials);
    const local = t.app.deps.storage;
    t.app.deps.storage = new S3FileStorage({ endpoint: fake.url, ...credentials });
    try {
      const png = makePng(5, 5);
      const file = await uploaded(png);
      expect(fake.objects.get(file.key)).toEqual({ body: png, contentType: 'image/png' });
      // No S3_PUBLIC_URL: the app serves the file from the bucket, on its own store's host only.
      const served = await call(t.app, 'GET', file.url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(png)).toBe(true);
      expect((await call(t.app, 'GET', file.url, { host: ACME_HOST })).statusCode).toBe(404);

      const productId = ((await call(t.app, 'GET', '/api/products?limit=1')).json().items as { id: string }[])[0].id;
      const image = (await call(t.app, 'POST', `/api/admin/products/${productId}/images`, { cookie: admin, body: { key: file.key } })).json().image as Image;
      expect(image.image_url).toBe(file.url);
      expect((await call(t.app, 'DELETE', `/api/admin/products/${productId}/images/${image.id}`, { cookie: admin })).statusCode).toBe(204);
      // A library file stays until it is deleted from the library, then it goes from the bucket too.
      expect(fake.objects.has(file.key)).toBe(true);
      const row = ((await call(t.app, 'GET', '/api/admin/media', { cookie: admin })).json().media as { id: string; url: string }[]).find((m) => m.url === file.url)!;
      expect((await call(t.app, 'DELETE', `/api/admin/media/${row.id}`, { cookie: admin })).statusCode).toBe(204);
      expect(fake.objects.has(file.key)).toBe(false);

      // HEAD only: the picture job and the deleted copies' clean-up may reach the bucket meanwhile.
      fake.failNext(500, 'InternalError', { method: 'HEAD' });
      const failed = await call(t.app, 'POST', `/api/admin/products/${productId}/images`, { cookie: admin, body: { key: file.key } });
      expect(failed.statusCode).toBe(503);
      expect(failed.json().error).toEqual({ code: 'storage_unavailable', message: 'File storage is not available right now. Please try again in a moment.' });
    } finally {
      t.app.deps.storage = local;
      await fake.close();
    }
  });
});
