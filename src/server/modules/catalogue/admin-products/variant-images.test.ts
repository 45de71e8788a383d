import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { makePng } from '../../../test/images';
import { rowsOf } from '../../../db/rows';
import { PRODUCT_ERRORS, type AdminProduct } from '../../../../shared/admin-products';
import type { ProductDetail } from '../../../../shared/catalog';
import type { ProductImagesResponse, UploadedFile } from '../../../../shared/media';

// A variant's own picture (issue 11, item 8): set in the admin, read on the storefront, cleared when
// the picture is deleted, refused when it is another product's or store's; and pictures chosen on
// the new-product form, created with the product.

let t: TestApp;
let admin: string;
let acmeAdmin: string;
let counter = 0;

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});

async function upload(cookie = admin, host = DEMO_HOST, rgb: [number, number, number] = [30, 90, 200]): Promise<UploadedFile> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/media?filename=pic.png', headers: { host, cookie, 'content-type': 'image/png' }, payload: makePng(6, 6, rgb) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file;
}

const product = (extra: Record<string, unknown> = {}): Record<string, unknown> & { slug: string } => {
  counter += 1;
  return { name: `Pictured Jug ${counter}`, slug: `pictured-jug-${counter}`, sku: `PJ-${counter}`, base_price: 30, status: 'active', ...extra };
};
const twoVariants = (n: number) => [
  { sku: `PJ-${n}-BLUE`, price: 30, options: [{ name: 'Colour', value: 'Blue' }] },
  { sku: `PJ-${n}-RED`, price: 30, options: [{ name: 'Colour', value: 'Red' }] },
];
const create = (body: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'POST', '/api/admin/products', { cookie, host, body });
const update = (id: string, body: unknown) => call(t.app, 'PUT', `/api/admin/products/${id}`, { cookie: admin, body });
const adminProduct = async (id: string) => (await call(t.app, 'GET', `/api/admin/products/${id}`, { cookie: admin })).json().product as AdminProduct;
const images = async (id: string) => ((await call(t.app, 'GET', `/api/admin/products/${id}/images`, { cookie: admin })).json() as ProductImagesResponse).images;
const storefront = async (slug: string) => (await call(t.app, 'GET', `/api/products/by-slug/${slug}`)).json().product as ProductDetail;

/** A live product with two pictures (uploaded, then created with it) and two variants. */
async function pictured() {
  const [blue, red] = [await upload(), await upload(admin, DEMO_HOST, [200, 30, 30])];
  const body = product({ images: [{ key: blue.key, alt_text: 'Blue jug' }, { key: red.key }] });
  body.variants = twoVariants(counter);
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json().product as AdminProduct;
  return { created, pictures: await images(created.id), body };
}

/** The whole form again, with each variant's picture as given. */
const withVariantPictures = (p: AdminProduct, imageIds: (string | null | undefined)[]) => ({
  name: p.name,
  slug: p.slug,
  sku: p.sku,
  base_price: p.base_price,
  variants: p.variants.map((v, i) => ({ id: v.id, sku: v.sku, price: v.price, options: v.options, ...(imageIds[i] === undefined ? {} : { image_id: imageIds[i] }) })),
});

describe('pictures chosen on the new-product form', () => {
  it('are attached in order, with their alt text, when the product is created', async () => {
    const { created, pictures } = await pictured();
    expect(pictures.map((p) => [p.position, p.alt_text])).toEqual([[0, 'Blue jug'], [1, null]]);
    expect(created.product_images.map((i) => i.image_url)).toEqual(pictures.map((p) => p.image_url));
    const shop = await storefront(created.slug);
    expect(shop.image?.image_url).toBe(pictures[0].image_url);
    expect(shop.product_images.map((i) => i.alt_text)).toEqual(['Blue jug', null]);
  });

  it("refuses another store's upload, a missing file and a repeated one, creating nothing", async () => {
    const acmeFile = await upload(acmeAdmin, ACME_HOST);
    const mine = await upload();
    const cases: [unknown[], number, string][] = [
      [[{ key: mine.key }, { key: acmeFile.key }], 400, 'images.1.key'],
      [[{ key: `${mine.key.slice(0, -40)}00000000-0000-4000-8000-000000000000.png` }], 400, 'images.0.key'],
      [[{ key: mine.key }, { key: mine.key }], 409, 'images.1.key'],
    ];
    for (const [list, status, field] of cases) {
      const body = product({ images: list });
      const res = await create(body);
      expect(res.statusCode, res.body).toBe(status);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
      expect((await call(t.app, 'GET', `/api/products/by-slug/${body.slug}`)).statusCode).toBe(404);
      const rows = rowsOf(await t.database.db.execute(sql`select id from products where slug = ${body.slug}`));
      expect(rows).toEqual([]);
    }
  });

  it('are for new products only: a saved product is told where its pictures are managed', async () => {
    const { created } = await pictured();
    const res = await update(created.id, { ...withVariantPictures(created, []), images: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ images: PRODUCT_ERRORS.imagesOnCreate });
  });
});

describe("a variant's picture", () => {
  it('is set in the admin and read on the storefront with each variant', async () => {
    const { created, pictures } = await pictured();
    expect(created.variants.map((v) => v.image_id)).toEqual([null, null]);
    const res = await update(created.id, withVariantPictures(created, [pictures[0].id, pictures[1].id.toUpperCase()]));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().product as AdminProduct).variants.map((v) => v.image_id)).toEqual([pictures[0].id, pictures[1].id]);
    const shop = await storefront(created.slug);
    expect(shop.product_variants.map((v) => [v.sku, v.image])).toEqual([
      [created.variants[0].sku, { image_url: pictures[0].image_url, alt_text: 'Blue jug' }],
      [created.variants[1].sku, { image_url: pictures[1].image_url, alt_text: null }],
    ]);

    // Left out keeps the picture; null takes it away.
    await update(created.id, withVariantPictures(created, [undefined, null]));
    expect((await adminProduct(created.id)).variants.map((v) => v.image_id)).toEqual([pictures[0].id, null]);
    expect((await storefront(created.slug)).product_variants.map((v) => v.image?.image_url ?? null)).toEqual([pictures[0].image_url, null]);
  });

  it('is cleared when the picture is deleted, and the variant stays', async () => {
    const { created, pictures } = await pictured();
    await update(created.id, withVariantPictures(created, [pictures[1].id, pictures[1].id]));
    const del = await call(t.app, 'DELETE', `/api/admin/products/${created.id}/images/${pictures[1].id}`, { cookie: admin });
    expect(del.statusCode).toBe(204);
    expect((await adminProduct(created.id)).variants.map((v) => [v.sku, v.image_id])).toEqual(created.variants.map((v) => [v.sku, null]));
    expect((await storefront(created.slug)).product_variants.map((v) => v.image)).toEqual([null, null]);
  });

  it("refuses another product's picture, another store's and a made-up id with 400 on that row, changing nothing", async () => {
    const { created, pictures } = await pictured();
    const other = await pictured();
    const acmeProduct = (await call(t.app, 'GET', '/api/admin/products', { cookie: acmeAdmin, host: ACME_HOST })).json().products[0].id as string;
    const acmeImage = (await call(t.app, 'GET', `/api/admin/products/${acmeProduct}/images`, { cookie: acmeAdmin, host: ACME_HOST })).json().images[0].id as string;
    await update(created.id, withVariantPictures(created, [pictures[0].id, null]));
    for (const foreign of [other.pictures[0].id, acmeImage, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await update(created.id, withVariantPictures(created, [null, foreign]));
      expect(res.statusCode, foreign).toBe(400);
      expect(res.json().error.fields).toEqual({ 'variants.1.image_id': PRODUCT_ERRORS.variantImage });
    }
    expect((await adminProduct(created.id)).variants.map((v) => v.image_id)).toEqual([pictures[0].id, null]);
  });

  it('can be given to variants created with the product only once it has pictures: a new product has none to name', async () => {
    const res = await create({ ...product(), variants: [{ sku: `PJ-NEW-${counter}`, price: 5, image_id: '00000000-0000-4000-8000-000000000000' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ 'variants.0.image_id': PRODUCT_ERRORS.variantImage });
  });

  it("is held to its own product's pictures by the database too", async () => {
    const { created } = await pictured();
    const other = await pictured();
    const write = t.database.db.execute(sql`update product_variants set image_id = ${other.pictures[0].id}::uuid where id = ${created.variants[0].id}::uuid`);
    await expect(write).rejects.toThrow();
  });

  it('comes with the demo data: the enamel mug shows each colour', async () => {
    const mug = await storefront('enamel-camping-mug');
    const alts = mug.product_variants.map((v) => [v.options_json[0].value, v.image?.alt_text]);
    expect(alts).toEqual([
      ['Sage', 'Sage green enamel camping mug with a dark rim on a pale background'],
      ['Navy', 'Navy enamel camping mug with a dark rim'],
      ['Mustard', 'Mustard yellow enamel camping mug'],
      ['Pillar Box Red', 'Pillar box red enamel camping mug'],
    ]);
    expect(mug.product_variants.every((v) => mug.product_images.some((i) => i.image_url === v.image?.image_url))).toBe(true);
  });
});
