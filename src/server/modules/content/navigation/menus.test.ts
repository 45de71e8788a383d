import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { makePng } from '../../../test/images';
import { NAV_MESSAGES, type AdminNavigationResponse, type StoreMenu } from '../../../../shared/navigation';
import type { MediaFile } from '../../../../shared/media';

// Decision 046: the footer menu (key 'footer'), a group's picture, and categories keeping their
// sub-categories in a saved menu.

let t: TestApp;
let admin: string;
let acmeAdmin: string;
let garden: { id: string; slug: string };
let planters: { id: string; slug: string };
let tools: { id: string; slug: string };
let picture: MediaFile;
let acmePicture: MediaFile;

const put = (body: unknown, cookie = admin, host?: string) => call(t.app, 'PUT', '/api/admin/navigation', { cookie, body, host });
const adminRead = (key: string, cookie = admin, host?: string) => call(t.app, 'GET', `/api/admin/navigation?key=${key}`, { cookie, host });
async function storeMenu(key: string, host?: string): Promise<StoreMenu> {
  const res = await call(t.app, 'GET', `/api/navigation?key=${key}`, { host });
  expect(res.statusCode).toBe(200);
  return res.json().menu as StoreMenu;
}
const urlItem = (label: string, url: string) => ({ label, type: 'url', url });
const withImage = (image: unknown) => ({ key: 'primary', groups: [{ label: 'Lighting', image, items: [urlItem('Lamps', '/c/lamps')] }] });

async function upload(cookie: string, host: string, name: string): Promise<MediaFile> {
  const res = await t.app.inject({ method: 'POST', url: `/api/admin/media?filename=${name}`, headers: { host, cookie, 'content-type': 'image/png' }, payload: makePng() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().media as MediaFile;
}

async function category(name: string, parentId: string | null = null): Promise<{ id: string; slug: string }> {
  const res = await call(t.app, 'POST', '/api/admin/categories', { cookie: admin, body: { name, parent_id: parentId } });
  expect(res.statusCode, res.body).toBe(201);
  const { id, slug } = res.json().category;
  return { id, slug };
}

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
  garden = await category('Outdoor Living');
  planters = await category('Planters and Pots', garden.id);
  tools = await category('Potting Tools', garden.id);
  picture = await upload(admin, DEMO_HOST, 'lamps.png');
  acmePicture = await upload(acmeAdmin, ACME_HOST, 'acme.png');
});

describe('the footer menu', () => {
  it('falls back to All products and the first six categories until one is saved', async () => {
    expect((await adminRead('footer')).json()).toEqual({ menu: null, groups: [], items: [], targets: {} });
    const menu = await storeMenu('footer');
    expect(menu.source).toBe('categories');
    expect(menu.groups).toHaveLength(1);
    expect(menu.groups[0].label).toBe('Shop');
    const top = (await call(t.app, 'GET', '/api/categories')).json().categories as { slug: string }[];
    expect(menu.groups[0].items.map((i) => i.href)).toEqual(['/products', ...top.slice(0, 6).map((c) => `/c/${c.slug}`)]);
  });

  it('is saved under its own key with the same rules, and the storefront shows it at once', async () => {
    const tooMany = await put({ key: 'footer', groups: Array.from({ length: 7 }, () => ({ label: 'Help', items: [] })) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.groups).toBe(NAV_MESSAGES.tooManyGroups);
    const noLabel = await put({ key: 'footer', groups: [{ label: 'Help', items: [{ label: ' ', type: 'url', url: '/pages/delivery' }] }] });
    expect(noLabel.json().error.fields['groups.0.items.0.label']).toBe(NAV_MESSAGES.itemLabel);
    const badUrl = await put({ key: 'footer', groups: [{ label: 'Help', items: [urlItem('Delivery', 'javascript:alert(1)')] }] });
    expect(badUrl.json().error.fields['groups.0.items.0.url']).toBe(NAV_MESSAGES.badUrl);

    // Read (and cached) before the save: the save must drop it.
    expect((await storeMenu('footer')).source).toBe('categories');
    const saved = await put({
      key: 'footer',
      groups: [
        // A picture is for the mega menu: the footer keeps none.
        { label: 'Help', image: { url: 'https://cdn.example.com/help.jpg', alt: 'Help' }, items: [urlItem('Delivery', '/pages/delivery'), urlItem('Returns', '/pages/returns')] },
        { label: 'Garden', items: [{ label: 'Garden', type: 'category', targetId: garden.id }] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json() as AdminNavigationResponse;
    expect(body.menu?.key).toBe('footer');
    expect(body.groups[0].image).toBeNull();
    expect((await adminRead('footer')).json()).toEqual(body);
    // The main menu is another row: still none.
    expect((await adminRead('primary')).json().menu).toBeNull();
    expect((await storeMenu('primary')).source).toBe('categories');

    const footer = await storeMenu('footer');
    expect(footer.source).toBe('menu');
    expect(footer.groups.map((g) => [g.label, g.items.map((i) => i.label)])).toEqual([['Help', ['Delivery', 'Returns']], ['Garden', ['Garden']]]);
    // Footer links are flat: no sub-categories, no pictures.
    expect(footer.groups[1].items[0].children).toBeUndefined();
    expect(footer.groups.every((g) => g.image === null)).toBe(true);
  });

  it("is another store's own: its reads and targets are unaffected", async () => {
    expect((await adminRead('footer', acmeAdmin, ACME_HOST)).json().menu).toBeNull();
    expect((await storeMenu('footer', ACME_HOST)).source).toBe('categories');
    const res = await put({ key: 'footer', groups: [{ label: 'Ours', items: [{ label: 'Garden', type: 'category', targetId: garden.id }] }] }, acmeAdmin, ACME_HOST);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['groups.0.items.0.targetId']).toBe(NAV_MESSAGES.invalidTarget);
  });
});

describe("a group's picture", () => {
  const refused = async (image: unknown, field: string, message: string, cookie = admin, host?: string) => {
    const res = await put(withImage(image), cookie, host);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  };

  it('refuses addresses that are not a library picture of this store or an https link, and bounds the alt text', async () => {
    await refused({ url: 'http://cdn.example.com/a.png', alt: '' }, 'groups.0.image.url', NAV_MESSAGES.badImage);
    await refused({ url: 'javascript:alert(1)' }, 'groups.0.image.url', NAV_MESSAGES.badImage);
    await refused({ url: 'data:image/png;base64,AAAA' }, 'groups.0.image.url', NAV_MESSAGES.badImage);
    await refused({ url: `https://cdn.example.com/${'x'.repeat(2048)}` }, 'groups.0.image.url', NAV_MESSAGES.badImage);
    await refused({ url: picture.url, alt: 'a'.repeat(161) }, 'groups.0.image.alt', NAV_MESSAGES.imageAltTooLong);
    expect((await put(withImage({ url: picture.url, alt: 'x', width: 3 }))).json().error.fields['groups.0.image.width']).toBe('Unknown field');
    // A path on the shop that is no library file of this store (a deleted or made-up one).
    await refused({ url: picture.url.replace(/[^/]+$/, 'missing.png') }, 'groups.0.image.url', NAV_MESSAGES.badImage);
    expect((await adminRead('primary')).json().menu).toBeNull();
  });

  it("refuses another store's file as it refuses a missing one, however it is addressed", async () => {
    await refused({ url: acmePicture.url }, 'groups.0.image.url', NAV_MESSAGES.badImage);
    await refused({ url: `https://cdn.example.com/${acmePicture.storage_path}` }, 'groups.0.image.url', NAV_MESSAGES.badImage);
    // And Acme cannot use Demo's.
    await refused({ url: picture.url }, 'groups.0.image.url', NAV_MESSAGES.badImage, acmeAdmin, ACME_HOST);
  });

  it('saves a library picture with its alt text; the storefront shows it; the library keeps the file while the menu shows it', async () => {
    const res = await put({
      key: 'primary',
      groups: [
        { label: 'Lighting', linkable: true, target: { type: 'category', targetId: garden.id }, image: { url: picture.url, alt: ' A brass lamp ' }, items: [urlItem('Lamps', '/c/lamps')] },
        { label: 'Journal', image: { url: 'https://cdn.example.com/journal.jpg', alt: '' }, items: [urlItem('Stories', 'https://blog.example.com/')] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminNavigationResponse).groups.map((g) => g.image)).toEqual([
      { url: picture.url, alt: 'A brass lamp' },
      { url: 'https://cdn.example.com/journal.jpg', alt: '' },
    ]);
    const menu = await storeMenu('primary');
    expect(menu.groups.map((g) => [g.column_index, g.image])).toEqual([
      [0, { url: picture.url, alt: 'A brass lamp' }],
      [1, { url: 'https://cdn.example.com/journal.jpg', alt: '' }],
    ]);
    const del = await call(t.app, 'DELETE', `/api/admin/media/${picture.id}`, { cookie: admin });
    expect(del.statusCode).toBe(409);
    expect(del.json().usages).toEqual([{ kind: 'menu', id: 'primary', label: 'Main menu' }]);
    // Acme's library does not see Demo's menu.
    expect((await call(t.app, 'DELETE', `/api/admin/media/${picture.id}`, { cookie: acmeAdmin, host: ACME_HOST })).statusCode).toBe(404);
  });
});

describe('categories keep their sub-categories in a saved menu', () => {
  it('under a category item, and as the items of a category header with none of its own; in the served page too', async () => {
    const res = await put({
      key: 'primary',
      groups: [
        { label: 'Outdoors', items: [{ label: 'Garden', type: 'category', targetId: garden.id, badge: 'New' }, { label: 'Planters only', type: 'category', targetId: planters.id }, urlItem('Sale', '/products?sort=price')] },
        { label: 'Garden', linkable: true, target: { type: 'category', targetId: garden.id }, items: [] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const menu = await storeMenu('primary');
    const subs = [
      { id: planters.id, label: 'Planters and Pots', href: `/c/${planters.slug}`, badge: null },
      { id: tools.id, label: 'Potting Tools', href: `/c/${tools.slug}`, badge: null },
    ];
    const [outdoors, gardenGroup] = menu.groups;
    expect(outdoors.items[0]).toMatchObject({ label: 'Garden', href: `/c/${garden.slug}`, badge: 'New', children: subs });
    // A sub-category has none; a URL has none.
    expect(outdoors.items[1].children).toBeUndefined();
    expect(outdoors.items[2].children).toBeUndefined();
    expect(gardenGroup).toMatchObject({ label: 'Garden', href: `/c/${garden.slug}`, items: subs });

    const page = (await call(t.app, 'GET', '/')).body;
    expect(page).toContain(`<a href="/c/${garden.slug}">Garden</a><ul><li><a href="/c/${planters.slug}">Planters and Pots</a></li><li><a href="/c/${tools.slug}">Potting Tools</a></li></ul>`);
  });

  it('shows a sub-category added later, without saving the menu again', async () => {
    const seeds = await category('Seed Packets', garden.id);
    const menu = await storeMenu('primary');
    expect(menu.groups[0].items[0].children?.map((c) => c.label)).toEqual(['Planters and Pots', 'Potting Tools', 'Seed Packets']);
    expect(menu.groups[1].items.map((c) => c.id)).toContain(seeds.id);
  });
});
