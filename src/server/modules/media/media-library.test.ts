import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../test/harness';
import { makePdf, makePng } from '../../test/images';
import type { MediaFile, MediaListResponse } from '../../../shared/media';

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

async function upload(body: Buffer, filename: string, opts: { contentType?: string; cookie?: string; host?: string } = {}): Promise<MediaFile> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/media?filename=${encodeURIComponent(filename)}`,
    headers: { host: opts.host ?? DEMO_HOST, cookie: opts.cookie ?? admin, 'content-type': opts.contentType ?? 'image/png' },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().media as MediaFile;
}

const send = (method: string, url: string, body?: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, method, url, { cookie, host, body });
async function list(query = '', cookie = admin, host = DEMO_HOST): Promise<MediaListResponse> {
  const res = await send('GET', `/api/admin/media${query}`, undefined, cookie, host);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MediaListResponse;
}
const served = async (url: string) => (await call(t.app, 'GET', url)).statusCode;

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});

describe('GET /api/admin/media', () => {
  let mug: MediaFile;
  let guide: MediaFile;

  beforeAll(async () => {
    mug = await upload(makePng(), 'Blue Mug 100%_sale.png');
    await upload(makePng(), 'teapot.png');
    guide = await upload(makePdf(), 'Mug care guide.pdf', { contentType: 'application/pdf' });
    await upload(makePng(), 'Acme mug.png', { cookie: acmeAdmin, host: ACME_HOST });
  });

  it('lists the store’s files newest first with the spec’s fields', async () => {
    const { media, pagination } = await list();
    expect(media[0]).toEqual(guide);
    expect(Object.keys(media[0]).sort()).toEqual(['alt_text', 'created_at', 'file_size', 'filename', 'id', 'metadata_json', 'mime_type', 'path', 'storage_path', 'tenant_id', 'url'].sort());
    expect(media.every((m) => m.tenant_id === t.seed.tenantIds.demo)).toBe(true);
    expect(pagination).toMatchObject({ page: 1, limit: 40, total: media.length });
  });

  it('searches file names (case-insensitive, % and _ literal) and filters images and documents', async () => {
    const names = async (query: string) => (await list(query)).media.map((m) => m.filename).sort();
    expect(await names('?search=MUG')).toEqual(['Blue Mug 100%_sale.png', 'Mug care guide.pdf']);
    expect(await names('?search=mug&type=images')).toEqual(['Blue Mug 100%_sale.png']);
    expect(await names('?search=mug&type=documents')).toEqual(['Mug care guide.pdf']);
    expect(await names('?search=100%25_')).toEqual(['Blue Mug 100%_sale.png']);
    expect(await names('?search=_')).toEqual(['Blue Mug 100%_sale.png']);
    expect(await names('?search=nothing-like-this')).toEqual([]);
    expect((await list('?type=documents')).media.every((m) => m.mime_type === 'application/pdf')).toBe(true);
    expect((await list('?type=images')).media.every((m) => m.mime_type.startsWith('image/'))).toBe(true);
    expect((await list('?type=all')).pagination.total).toBe((await list('?type=images')).pagination.total + (await list('?type=documents')).pagination.total);
    expect(mug.filename).toBe('Blue Mug 100%_sale.png');
  });

  it('pages through the list', async () => {
    const all = await list('?limit=100');
    const first = await list('?limit=2&page=1');
    const second = await list('?limit=2&page=2');
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: all.pagination.total, pages: Math.ceil(all.pagination.total / 2) });
    expect([...first.media, ...second.media].map((m) => m.id)).toEqual(all.media.slice(0, 4).map((m) => m.id));
  });

  it('refuses bad queries with 400 and field errors', async () => {
    for (const [query, field] of [['?type=videos', 'type'], ['?limit=0', 'limit'], ['?limit=101', 'limit'], ['?page=-1', 'page'], [`?search=${'x'.repeat(101)}`, 'search'], ['?search=a%00b', 'search']]) {
      const res = await send('GET', `/api/admin/media${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields, query).toHaveProperty(field);
    }
  });

  it('is for store managers: staff 403, signed out 401', async () => {
    expect((await send('GET', '/api/admin/media', undefined, staff)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/media')).statusCode).toBe(401);
  });
});

describe('PATCH /api/admin/media/{id}', () => {
  it('sets and clears alt text, trimmed and bounded', async () => {
    const file = await upload(makePng(), 'alt.png');
    const res = await send('PATCH', `/api/admin/media/${file.id}`, { alt_text: '  A blue mug on oak  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().media).toEqual({ ...file, alt_text: 'A blue mug on oak' });
    expect((await send('PATCH', `/api/admin/media/${file.id}`, { alt_text: '' })).json().media.alt_text).toBeNull();
    for (const body of [{ alt_text: 'x'.repeat(251) }, {}, { alt_text: 'ok', filename: 'renamed.png' }]) {
      const bad = await send('PATCH', `/api/admin/media/${file.id}`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("another store's files", () => {
  it('are the same 404 as a missing one, for reading, alt text and delete, and are left as they were', async () => {
    const acmeFile = await upload(makePng(), 'acme-only.png', { cookie: acmeAdmin, host: ACME_HOST });
    for (const id of [acmeFile.id, MISSING, 'not-a-uuid']) {
      for (const [method, body] of [['GET', undefined], ['PATCH', { alt_text: 'hijacked' }], ['DELETE', undefined]] as const) {
        const res = await send(method, `/api/admin/media/${id}`, body);
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json().error).toEqual({ code: 'not_found', message: 'File not found' });
      }
    }
    expect((await list('?limit=100')).media.map((m) => m.id)).not.toContain(acmeFile.id);
    const acme = await send('GET', `/api/admin/media/${acmeFile.id}`, undefined, acmeAdmin, ACME_HOST);
    expect(acme.json().media).toEqual(acmeFile);
    expect((await call(t.app, 'GET', acmeFile.url, { host: ACME_HOST })).statusCode).toBe(200);
  });
});

describe('DELETE /api/admin/media/{id}', () => {
  let productId: string;
  let productName: string;
  let otherProductId: string;

  beforeAll(async () => {
    const items = (await call(t.app, 'GET', '/api/products?limit=48')).json().items as { id: string; name: string }[];
    ({ id: productId, name: productName } = items[0]);
    otherProductId = items[1].id;
  });

  it('deletes an unused file: its row, then its stored file after the commit', async () => {
    const file = await upload(makePdf(), 'old-leaflet.pdf', { contentType: 'application/pdf' });
    expect(await served(file.url)).toBe(200);
    expect((await send('DELETE', `/api/admin/media/${file.id}`)).statusCode).toBe(204);
    expect(await served(file.url)).toBe(404);
    expect((await list('?limit=100')).media.map((m) => m.id)).not.toContain(file.id);
    expect((await send('DELETE', `/api/admin/media/${file.id}`)).statusCode).toBe(404);
  });

  it('refuses a file still in use with 409, naming every product and category that shows it, and keeps it', async () => {
    const file = await upload(makePng(), 'in-use.png');
    const image = (await send('POST', `/api/admin/products/${productId}/images`, { url: file.url })).json().image as { id: string };
    const category = (await send('POST', '/api/admin/categories', { name: 'Hero Users', slug: 'hero-users', hero_image_url: file.url })).json().category as { id: string };

    const res = await send('DELETE', `/api/admin/media/${file.id}`);
    expect(res.statusCode).toBe(409);
    const body = res.json() as { error: { code: string; message: string }; usages: unknown[] };
    expect(body.error.code).toBe('media_in_use');
    expect(body.error.message).toBe(`This file is still used by product "${productName}" and category "Hero Users". Remove it there first, then delete it.`);
    expect(body.usages).toEqual([
      { kind: 'product', id: productId, label: productName },
      { kind: 'category', id: category.id, label: 'Hero Users' },
    ]);
    expect(await served(file.url)).toBe(200);
    expect((await list('?limit=100')).media.map((m) => m.id)).toContain(file.id);

    // Once nothing shows it, it can go.
    expect((await send('DELETE', `/api/admin/products/${productId}/images/${image.id}`)).statusCode).toBe(204);
    expect((await send('PUT', `/api/admin/categories/${category.id}`, { hero_image_url: null })).statusCode).toBe(200);
    expect((await send('DELETE', `/api/admin/media/${file.id}`)).statusCode).toBe(204);
    expect(await served(file.url)).toBe(404);
  });

  it('refuses a file a content page shows (hero image or a link in the body), draft or published', async () => {
    const file = await upload(makePng(), 'page-hero.png');
    const guide = await upload(makePdf(), 'page-guide.pdf', { contentType: 'application/pdf' });
    const page = (await send('POST', '/api/admin/pages', { slug: 'media-user', template_key: 'about' })).json().page as { id: string };
    const content = { hero_title: 'Our story', hero_image: file.url, body: `<p><a href="${guide.url}">Care guide</a></p>`, show_cta: false };
    expect((await send('PUT', `/api/admin/pages/${page.id}/content`, { content })).statusCode).toBe(200);

    for (const f of [file, guide]) {
      const res = await send('DELETE', `/api/admin/media/${f.id}`);
      expect(res.statusCode).toBe(409);
      expect((res.json() as { usages: unknown[] }).usages).toEqual([{ kind: 'page', id: page.id, label: 'media-user' }]);
    }
    // Published, then the draft moves on: the live page still shows the picture, so it stays.
    expect((await send('POST', `/api/admin/pages/${page.id}/publish`)).statusCode).toBe(200);
    expect((await send('PUT', `/api/admin/pages/${page.id}/content`, { content: { hero_title: 'Our story', show_cta: false } })).statusCode).toBe(200);
    expect((await send('DELETE', `/api/admin/media/${file.id}`)).statusCode).toBe(409);
    expect(await served(file.url)).toBe(200);
  });

  it('removing a picture or deleting a product never deletes a library file', async () => {
    const file = await upload(makePng(), 'kept.png');
    const image = (await send('POST', `/api/admin/products/${otherProductId}/images`, { key: file.storage_path })).json().image as { id: string };
    expect((await send('DELETE', `/api/admin/products/${otherProductId}/images/${image.id}`)).statusCode).toBe(204);
    expect(await served(file.url)).toBe(200);

    const created = await send('POST', '/api/admin/products', { name: 'Library Lamp', slug: 'library-lamp', sku: 'DS-LIB-LAMP', base_price: 12, images: [{ key: file.storage_path }] });
    expect(created.statusCode, created.body).toBe(201);
    expect((await send('DELETE', `/api/admin/products/${created.json().product.id}`)).statusCode).toBe(204);
    expect(await served(file.url)).toBe(200);
    expect((await list('?limit=100')).media.map((m) => m.id)).toContain(file.id);
    // Nothing shows it now: the library may delete it.
    expect((await send('DELETE', `/api/admin/media/${file.id}`)).statusCode).toBe(204);
  });

  it('a PDF in the library cannot be shown as a product picture', async () => {
    const file = await upload(makePdf(), 'spec-sheet.pdf', { contentType: 'application/pdf' });
    const res = await send('POST', `/api/admin/products/${productId}/images`, { url: file.url });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ url: 'Not a picture' });
  });

  it('is for store managers: staff 403, signed out 401', async () => {
    const file = await upload(makePng(), 'guarded.png');
    expect((await send('DELETE', `/api/admin/media/${file.id}`, undefined, staff)).statusCode).toBe(403);
    expect((await send('PATCH', `/api/admin/media/${file.id}`, { alt_text: 'x' }, staff)).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/admin/media/${file.id}`)).statusCode).toBe(401);
    expect(await served(file.url)).toBe(200);
  });
});
