import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../../db/rows';
import { NAV_MESSAGES, type AdminNavigationResponse, type StoreMenu } from '../../../../shared/navigation';
import { DEMO_STORE_CATALOGUE } from '../../../seed/catalogue-demo';

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;
let category: { id: string; slug: string; name: string };
let product: { id: string; slug: string; name: string };
let draftProduct: { id: string; slug: string };
let publishedPage: string;
let draftPage: string;

const put = (body: unknown, cookie = admin, host?: string) => call(t.app, 'PUT', '/api/admin/navigation', { cookie, body, host });
const storeMenu = async (host?: string) => {
  const res = await call(t.app, 'GET', '/api/navigation?key=primary', { host });
  expect(res.statusCode).toBe(200);
  return res.json().menu as StoreMenu;
};
const item = (extra: Record<string, unknown> = {}) => ({ label: 'Mugs', type: 'url', url: '/c/mugs', ...extra });
const group = (extra: Record<string, unknown> = {}) => ({ label: 'Kitchen', items: [item()], ...extra });

async function insertPage(slug: string, status: 'draft' | 'published', title: string): Promise<string> {
  const content = JSON.stringify({ hero_title: title });
  const rows = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      insert into content_pages (tenant_id, slug, template_key, status, content_draft, content_published, published_at)
      values (${t.seed.tenantIds.demo}, ${slug}, 'about', ${status}, ${content}::jsonb, ${status === 'published' ? content : null}::jsonb, ${status === 'published' ? sql`now()` : null})
      returning id`),
  );
  return rows[0].id;
}

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
  const categories = (await call(t.app, 'GET', '/api/admin/categories', { cookie: admin })).json().categories as { id: string; slug: string; name: string }[];
  category = categories[0];
  const seeded = DEMO_STORE_CATALOGUE.products[2];
  product = (await call(t.app, 'GET', `/api/admin/search?type=product&q=${encodeURIComponent(seeded.sku)}`, { cookie: admin })).json().items[0];
  const created = await call(t.app, 'POST', '/api/admin/products', { cookie: admin, body: { name: 'Menu Draft Lamp', slug: 'menu-draft-lamp', sku: 'MDL-1', base_price: 10, status: 'draft' } });
  draftProduct = created.json().product;
  publishedPage = await insertPage('about-us', 'published', 'About our studio');
  draftPage = await insertPage('coming-soon', 'draft', 'Coming soon');
});

describe('who may use the navigation routes', () => {
  it('refuses staff with 403 and anonymous callers with 401; the store read is public', async () => {
    expect((await call(t.app, 'GET', '/api/admin/navigation?key=primary', { cookie: staff })).statusCode).toBe(403);
    expect((await put({ key: 'primary', groups: [group()] }, staff)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/navigation?key=primary')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/search?type=page&q=ab', { cookie: staff })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/navigation?key=primary', { host: 'localhost:3000' })).statusCode).toBe(404);
  });
});

describe('the menu before any is saved', () => {
  it('admin read is empty; the storefront falls back to the category tree', async () => {
    const res = await call(t.app, 'GET', '/api/admin/navigation?key=primary', { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ menu: null, groups: [], items: [], targets: {} });
    const menu = await storeMenu();
    expect(menu.source).toBe('categories');
    const top = DEMO_STORE_CATALOGUE.categories.filter((c) => !('parent' in c) || !c.parent);
    expect(menu.groups.length).toBe(top.length);
    expect(menu.groups[0].href).toMatch(/^\/c\//);
    expect((await call(t.app, 'GET', '/api/admin/navigation?key=sidebar', { cookie: admin })).statusCode).toBe(400);
  });
});

describe('PUT /api/admin/navigation: every rule of admin spec §5, with its message, as field errors', () => {
  const cases: [string, unknown[], string, string][] = [
    ['no groups', [], 'groups', NAV_MESSAGES.noGroups],
    ['seven groups', Array.from({ length: 7 }, () => group()), 'groups', NAV_MESSAGES.tooManyGroups],
    ['an empty group label', [group({ label: '   ' })], 'groups.0.label', NAV_MESSAGES.groupLabelRequired],
    ['a group label over 28', [group({ label: 'g'.repeat(29) })], 'groups.0.label', NAV_MESSAGES.labelTooLong],
    ['an item label over 28', [group({ items: [item(), item({ label: 'i'.repeat(29) })] })], 'groups.0.items.1.label', NAV_MESSAGES.labelTooLong],
    ['a badge over 12', [group({ items: [item({ badge: 'b'.repeat(13) })] })], 'groups.0.items.0.badge', NAV_MESSAGES.badgeTooLong],
    ['a view-all label over 80', [group({ linkable: true, target: { type: 'url', url: '/sale' }, viewAllLabel: 'v'.repeat(81) })], 'groups.0.viewAllLabel', NAV_MESSAGES.viewAllTooLong],
    ['thirteen items', [group({ items: Array.from({ length: 13 }, () => item()) })], 'groups.0.items', NAV_MESSAGES.tooManyItems],
    ['a linkable header with no destination', [group({ linkable: true })], 'groups.0.target', NAV_MESSAGES.linkableNeedsDestination],
    ['an empty custom URL', [group({ items: [item({ url: ' ' })] })], 'groups.0.items.0.url', NAV_MESSAGES.customUrlEmpty],
    ['a destination with no id', [group({ items: [item({ type: 'category', url: null })] })], 'groups.0.items.0.targetId', NAV_MESSAGES.destinationNeedsId],
    ['an item with no label', [group({ items: [item({ label: '' })] })], 'groups.0.items.0.label', NAV_MESSAGES.itemLabel],
    ['an item with no destination', [group({ items: [item({ type: null })] })], 'groups.0.items.0.type', NAV_MESSAGES.itemDestination],
    ['an unknown destination type', [group({ items: [item({ type: 'order' })] })], 'groups.0.items.0.type', NAV_MESSAGES.invalidTarget],
    ['a made-up target id', [group({ items: [item({ type: 'product', targetId: '00000000-0000-4000-8000-000000000000' })] })], 'groups.0.items.0.targetId', NAV_MESSAGES.invalidTarget],
    ['a target id that is no id', [group({ items: [item({ type: 'category', targetId: 'not-an-id' })] })], 'groups.0.items.0.targetId', NAV_MESSAGES.invalidTarget],
    ['a javascript: URL', [group({ items: [item({ url: 'javascript:alert(1)' })] })], 'groups.0.items.0.url', NAV_MESSAGES.badUrl],
    ['an http:// URL', [group({ linkable: true, target: { type: 'url', url: 'http://example.com' } })], 'groups.0.target.url', NAV_MESSAGES.badUrl],
    ['a protocol-relative URL', [group({ items: [item({ url: '//evil.example/x' })] })], 'groups.0.items.0.url', NAV_MESSAGES.badUrl],
  ];
  for (const [name, groups, field, message] of cases) {
    it(`refuses ${name}: 400 '${message}' on ${field}`, async () => {
      const res = await put({ key: 'primary', groups });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('invalid_input');
      expect(error.message).toBe(message);
      expect(error.fields[field]).toBe(message);
    });
  }

  it('refuses unknown fields, a wrong key and NUL characters, and saves nothing', async () => {
    expect((await put({ key: 'primary', groups: [group({ colour: 'red' })] })).json().error.fields['groups.0.colour']).toBe('Unknown field');
    expect((await put({ key: 'sidebar', groups: [group()] })).json().error.fields.key).toBe(NAV_MESSAGES.unknownMenu);
    expect((await put({ key: 'primary', groups: [group({ label: 'a\u0000b' })] })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/admin/navigation?key=primary', { cookie: admin })).json().menu).toBeNull();
  });
});

describe('saving and reading a menu', () => {
  it('saves two groups, answers menu, groups, items and target names, and the storefront shows resolved links', async () => {
    const groups = [
      {
        id: 'g-shop',
        label: 'Shop',
        linkable: true,
        target: { type: 'category', targetId: category.id },
        viewAllLabel: 'Shop everything',
        items: [
          { id: 'i-cat', label: category.name.slice(0, 28), type: 'category', targetId: category.id, badge: 'New' },
          { id: 'i-prod', label: 'Best seller', type: 'product', targetId: product.id },
          { id: 'i-draft', label: 'Hidden lamp', type: 'product', targetId: draftProduct.id },
        ],
      },
      {
        label: 'About',
        items: [
          { label: 'Our studio', type: 'page', targetId: publishedPage },
          { label: 'Soon', type: 'page', targetId: draftPage },
          { label: 'Journal', type: 'url', url: 'https://blog.example.com/journal' },
          { label: 'Delivery', type: 'url', url: '/pages/delivery' },
        ],
      },
    ];
    const res = await put({ key: 'primary', groups });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminNavigationResponse;
    expect(body.menu).toMatchObject({ key: 'primary' });
    expect(body.groups.map((g) => [g.label, g.column_index, g.items.length])).toEqual([['Shop', 0, 3], ['About', 1, 4]]);
    expect(body.groups[0].id).toBe('g-shop');
    expect(body.groups[1].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.items.filter((i) => i.parent_id === null).map((i) => i.label)).toEqual(['Shop', 'About']);
    expect(body.items.find((i) => i.id === 'i-cat')).toMatchObject({ parent_id: 'g-shop', target_type: 'category', target_slug: category.slug, badge: 'New' });
    expect(body.targets[product.id]).toEqual({ name: product.name, slug: product.slug });
    expect(body.targets[publishedPage]).toEqual({ name: 'About our studio', slug: 'about-us' });
    expect((await call(t.app, 'GET', '/api/admin/navigation?key=primary', { cookie: admin })).json()).toEqual(body);

    // At once on the storefront (the save drops the cached menu), with dead and hidden targets left out.
    const menu = await storeMenu();
    expect(menu).toEqual({
      source: 'menu',
      groups: [
        {
          id: 'g-shop',
          label: 'Shop',
          href: `/c/${category.slug}`,
          view_all: { label: 'Shop everything', href: `/c/${category.slug}` },
          column_index: 0,
          image: null,
          items: [
            { id: 'i-cat', label: category.name.slice(0, 28), href: `/c/${category.slug}`, badge: 'New' },
            { id: 'i-prod', label: 'Best seller', href: `/p/${product.slug}`, badge: null },
          ],
        },
        {
          id: body.groups[1].id,
          label: 'About',
          href: null,
          view_all: null,
          column_index: 1,
          image: null,
          items: [
            { id: body.groups[1].items[0].id, label: 'Our studio', href: '/pages/about-us', badge: null },
            { id: body.groups[1].items[2].id, label: 'Journal', href: 'https://blog.example.com/journal', badge: null },
            { id: body.groups[1].items[3].id, label: 'Delivery', href: '/pages/delivery', badge: null },
          ],
        },
      ],
    });
  });

  it('drops a deleted product from the storefront menu at once', async () => {
    expect((await call(t.app, 'DELETE', `/api/admin/products/${product.id}`, { cookie: admin })).statusCode).toBe(204);
    const menu = await storeMenu();
    expect(menu.groups[0].items.map((i) => i.label)).toEqual([category.name.slice(0, 28)]);
  });

  it('puts the menu into served pages as plain, escaped links', async () => {
    await put({ key: 'primary', groups: [group({ label: '<b>"Sale"</b>', items: [item({ label: 'Mugs & $& more', url: '/c/mugs?a=1&b="2"' })] })] });
    const res = await call(t.app, 'GET', '/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><nav aria-label="Menu">');
    expect(res.body).toContain('<span>&lt;b&gt;&quot;Sale&quot;&lt;/b&gt;</span>');
    expect(res.body).toContain('<a href="/c/mugs?a=1&amp;b=&quot;2&quot;">Mugs &amp; $&amp; more</a>');
    expect(res.body).not.toContain('<b>');
    // Shop pages only: the admin and checkout get no menu.
    for (const path of ['/admin/webstore/navigation', '/checkout', '/login?redirect=%2F']) expect((await call(t.app, 'GET', path)).body).not.toContain('aria-label="Menu"');
    expect((await call(t.app, 'GET', '/c/anything')).body).toContain('aria-label="Menu"');
  });
});

describe('another store', () => {
  it("never sees or uses this store's menu or records", async () => {
    const acme = await call(t.app, 'GET', '/api/admin/navigation?key=primary', { host: ACME_HOST, cookie: acmeAdmin });
    expect(acme.json().menu).toBeNull();
    expect((await storeMenu(ACME_HOST)).source).toBe('categories');
    // Demo's category, product and page are unknown targets in Acme: the same answer as made-up ids.
    for (const [type, targetId] of [['category', category.id], ['product', draftProduct.id], ['page', publishedPage]]) {
      const res = await put({ key: 'primary', groups: [group({ items: [item({ type, targetId })] })] }, acmeAdmin, ACME_HOST);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields['groups.0.items.0.targetId']).toBe(NAV_MESSAGES.invalidTarget);
    }
    expect((await call(t.app, 'GET', '/api/admin/search?type=page&q=about', { host: ACME_HOST, cookie: acmeAdmin })).json().items).toEqual([]);
    const page = await call(t.app, 'GET', '/', { host: ACME_HOST });
    expect(page.body).not.toContain('Sale');
  });
});

describe('GET /api/admin/search?type=page', () => {
  it('finds pages by title or slug (drafts too, for staff), 12 at most by default', async () => {
    for (let n = 0; n < 14; n += 1) await insertPage(`guide-${n}`, 'draft', `Care guide ${n}`);
    const res = await call(t.app, 'GET', '/api/admin/search?type=page&q=abo', { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([{ id: publishedPage, slug: 'about-us', name: 'About our studio' }]);
    expect((await call(t.app, 'GET', '/api/admin/search?type=page&q=coming', { cookie: admin })).json().items.map((i: { slug: string }) => i.slug)).toEqual(['coming-soon']);
    expect((await call(t.app, 'GET', '/api/admin/search?type=page&q=guide', { cookie: admin })).json().items).toHaveLength(12);
    expect((await call(t.app, 'GET', '/api/admin/search?type=page&q=guide&limit=3', { cookie: admin })).json().items).toHaveLength(3);
    expect((await call(t.app, 'GET', '/api/admin/search?type=page&q=%25', { cookie: admin })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/admin/search?type=page&q=%25%25', { cookie: admin })).json().items).toEqual([]);
    const short = await call(t.app, 'GET', '/api/admin/search?type=page&q=a', { cookie: admin });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.q).toBe(NAV_MESSAGES.searchTooShort);
  });
});

// Moved from the catalogue's product tests with the route (the link pickers' search is content's).
describe('GET /api/admin/search?type=product', () => {
  it('finds products by name or SKU, at most limit, with id, slug, name, SKU, price and status', async () => {
    const seeded = DEMO_STORE_CATALOGUE.products[5];
    const word = seeded.name.split(' ')[0];
    const res = await call(t.app, 'GET', `/api/admin/search?type=product&q=${encodeURIComponent(word)}`, { cookie: admin });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string; slug: string; name: string }[];
    expect(items.map((i) => i.slug)).toContain(seeded.slug);
    expect(Object.keys(items[0]).sort()).toEqual(['id', 'name', 'price', 'sku', 'slug', 'status']);
    expect(items.length).toBeLessThanOrEqual(10);
    const one = await call(t.app, 'GET', `/api/admin/search?type=product&q=${seeded.sku}&limit=1`, { cookie: admin });
    const listed = (await call(t.app, 'GET', `/api/admin/products?search=${seeded.sku}`, { cookie: admin })).json().products[0];
    expect(one.json().items).toEqual([{ id: listed.id, slug: seeded.slug, name: seeded.name, sku: seeded.sku, price: listed.base_price, status: 'active' }]);
    const all = await call(t.app, 'GET', '/api/admin/search?type=product&q=e&limit=10', { cookie: admin });
    expect(all.statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/admin/search?type=product&q=ea&limit=3', { cookie: admin })).json().items).toHaveLength(3);
    expect((await call(t.app, 'GET', '/api/admin/search?type=order&q=ea', { cookie: admin })).statusCode).toBe(400);
    // Every word typed, in any order, in the name or the SKU: long names are found by their ends too.
    const jars = DEMO_STORE_CATALOGUE.products.find((p) => p.name === 'Glass Storage Jars with Beech Lids, Set of 3')!;
    const words = await call(t.app, 'GET', `/api/admin/search?type=product&q=${encodeURIComponent('set of 3 storage jars')}`, { cookie: admin });
    expect(words.json().items.map((i: { name: string }) => i.name)).toEqual([jars.name]);
    expect((await call(t.app, 'GET', `/api/admin/search?type=product&q=${encodeURIComponent(`beech ${jars.sku}`)}`, { cookie: admin })).json().items.map((i: { sku: string }) => i.sku)).toEqual([jars.sku]);
    // Another store's products are never found.
    const acme = await call(t.app, 'GET', `/api/admin/search?type=product&q=${seeded.sku}`, { host: ACME_HOST, cookie: acmeAdmin });
    expect(acme.json().items.map((i: { slug: string }) => i.slug)).not.toContain(seeded.slug);
  });
});
