import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACME_HOST, call, DEMO_HOST, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import type { AdminCategory, AdminCategoryNode } from '../../../../shared/admin-categories';
import type { CategoryNode } from '../../../../shared/catalog';

let t: TestApp;
let admin: string;
let staff: string;
let acmeAdmin: string;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
  staff = await signIn(t.app, 'staff@demo.test');
  acmeAdmin = await signIn(t.app, 'admin@acme.test', ACME_HOST);
});

const list = async (cookie = admin, host = DEMO_HOST): Promise<AdminCategory[]> => {
  const res = await call(t.app, 'GET', '/api/admin/categories', { cookie, host });
  expect(res.statusCode).toBe(200);
  return res.json().categories;
};
const bySlug = async (slug: string, cookie = admin, host = DEMO_HOST) => (await list(cookie, host)).find((c) => c.slug === slug);
const create = (body: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'POST', '/api/admin/categories', { cookie, host, body });
const update = (id: string, body: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, 'PUT', `/api/admin/categories/${id}`, { cookie, host, body });
const remove = (id: string, cookie = admin, host = DEMO_HOST) => call(t.app, 'DELETE', `/api/admin/categories/${id}`, { cookie, host });
const storefront = async (host = DEMO_HOST): Promise<CategoryNode[]> => (await call(t.app, 'GET', '/api/categories', { host })).json().categories;
/** One number from SQL run as the test's superuser (outside any tenant scope). */
const countOf = async (query: ReturnType<typeof sql>) => {
  const rows = await t.database.db.execute<{ n: number }>(query);
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0].n);
};
const countRows = () => countOf(sql`select count(*)::int as n from categories`);

/** A fresh top-level category for a test, with a unique slug. */
let made = 0;
async function makeCategory(extra: Record<string, unknown> = {}, cookie = admin, host = DEMO_HOST): Promise<AdminCategory> {
  made += 1;
  const res = await create({ name: `Temp ${made}`, slug: `temp-${made}`, ...extra }, cookie, host);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().category;
}

describe('GET /api/admin/categories', () => {
  it('lists the store’s categories flat, by display order then name, with product counts', async () => {
    const categories = await list();
    expect(categories.map((c) => c.slug)).toEqual(['cookware', 'kitchen-dining', 'cushions-throws', 'living-room', 'lighting', 'bathroom', 'garden']);
    const kitchen = categories.find((c) => c.slug === 'kitchen-dining')!;
    expect(Object.keys(kitchen).sort()).toEqual(
      ['description', 'display_order', 'hero_image_url', 'id', 'is_featured', 'meta_description', 'meta_title', 'name', 'parent_id', 'product_count', 'slug', 'vat_rate'].sort(),
    );
    expect(kitchen).toMatchObject({ name: 'Kitchen & Dining', display_order: 1, is_featured: true, parent_id: null });
    expect(kitchen.product_count).toBe(await countOf(sql`select count(*)::int as n from product_categories where category_id = ${kitchen.id}::uuid`));
    expect(kitchen.product_count).toBeGreaterThan(0);
    expect(categories.find((c) => c.slug === 'cookware')!.parent_id).toBe(kitchen.id);
  });

  it('nests children under their parents with tree=true&depth=2, top level only with depth=1', async () => {
    const res = await call(t.app, 'GET', '/api/admin/categories?tree=true&depth=2', { cookie: admin });
    expect(res.statusCode).toBe(200);
    const tree: AdminCategoryNode[] = res.json().categories;
    expect(tree.map((c) => c.slug)).toEqual(['kitchen-dining', 'living-room', 'lighting', 'bathroom', 'garden']);
    expect(tree[0].children.map((c) => c.slug)).toEqual(['cookware']);
    expect(tree[0].children[0]).toMatchObject({ children: [], product_count: expect.any(Number) });
    const shallow: AdminCategoryNode[] = (await call(t.app, 'GET', '/api/admin/categories?tree=true&depth=1', { cookie: admin })).json().categories;
    expect(shallow.map((c) => c.slug)).toEqual(tree.map((c) => c.slug));
    expect(shallow.every((c) => c.children.length === 0)).toBe(true);
    expect((await call(t.app, 'GET', '/api/admin/categories?tree=true&depth=3', { cookie: admin })).statusCode).toBe(400);
  });

  it('answers staff 403, a shopper 404 and nobody 401', async () => {
    expect((await call(t.app, 'GET', '/api/admin/categories', { cookie: staff })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/categories', { cookie: await signIn(t.app, 'shopper@demo.test') })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/admin/categories')).statusCode).toBe(401);
  });

  it('shows each store only its own categories', async () => {
    const acme = await list(acmeAdmin, ACME_HOST);
    const demoIds = new Set((await list()).map((c) => c.id));
    expect(acme.length).toBeGreaterThan(0);
    expect(acme.some((c) => demoIds.has(c.id))).toBe(false);
    // A Demo admin's session on the Acme host is not Acme's admin.
    expect((await call(t.app, 'GET', '/api/admin/categories', { cookie: admin, host: ACME_HOST })).statusCode).toBe(404);
  });
});

describe('POST /api/admin/categories', () => {
  it('creates a category with 201, defaults, trimmed text and empty optional text as null', async () => {
    const res = await create({ name: '  Garden Tools ', slug: 'garden-tools', description: '  ', meta_title: '', hero_image_url: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json().category).toEqual({
      id: expect.any(String),
      name: 'Garden Tools',
      slug: 'garden-tools',
      description: null,
      display_order: 0,
      is_featured: false,
      hero_image_url: null,
      meta_title: null,
      meta_description: null,
      parent_id: null,
      vat_rate: null,
      product_count: 0,
    });
    expect(await bySlug('garden-tools')).toEqual(res.json().category);
  });

  it('keeps every field it is given', async () => {
    const body = {
      name: 'Picnic Ware',
      slug: 'picnic-ware',
      description: 'Plates and cups for outdoors.',
      display_order: 7,
      is_featured: true,
      hero_image_url: 'https://images.example.co.uk/picnic.jpg',
      meta_title: 'x'.repeat(60),
      meta_description: 'y'.repeat(160),
    };
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    expect(res.json().category).toMatchObject(body);
    const path = await create({ name: 'Local Picture', hero_image_url: '/files/demo/hero.png' });
    expect(path.json().category.hero_image_url).toBe('/files/demo/hero.png');
  });

  it('derives the slug from the name when it is empty or left out', async () => {
    expect((await create({ name: 'Crème Brûlée & Co.', slug: '' })).json().category.slug).toBe('creme-brulee-co');
    expect((await create({ name: 'Tea Towels' })).json().category.slug).toBe('tea-towels');
    const symbols = await create({ name: '***' });
    expect(symbols.statusCode).toBe(400);
    expect(symbols.json().error.fields).toEqual({ slug: 'Slug is required' });
  });

  it.each([
    [{ slug: 'no-name' }, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: 'x'.repeat(121) }, 'name', 'Name must be 120 characters or fewer'],
    [{ name: 'Bad', slug: 'Bad Slug!' }, 'slug', 'Use lowercase letters, digits and hyphens only (for example garden-tools)'],
    [{ name: 'Bad', slug: 'Upper' }, 'slug', 'Use lowercase letters, digits and hyphens only (for example garden-tools)'],
    [{ name: 'Bad', slug: '-dash-' }, 'slug', 'Use lowercase letters, digits and hyphens only (for example garden-tools)'],
    [{ name: 'Bad', display_order: 1.5 }, 'display_order', 'Display order must be a whole number'],
    [{ name: 'Bad', display_order: '3' }, 'display_order', 'Display order must be a whole number'],
    [{ name: 'Bad', display_order: 1e9 }, 'display_order', 'Display order must be between -100000 and 100000'],
    [{ name: 'Bad', is_featured: 'yes' }, 'is_featured', 'Featured must be true or false'],
    [{ name: 'Bad', hero_image_url: 'http://images.example.com/a.jpg' }, 'hero_image_url', 'Use a same-site path or https:// link'],
    [{ name: 'Bad', hero_image_url: 'javascript:alert(1)' }, 'hero_image_url', 'Use a same-site path or https:// link'],
    [{ name: 'Bad', hero_image_url: '//evil.example/a.jpg' }, 'hero_image_url', 'Use a same-site path or https:// link'],
    [{ name: 'Bad', hero_image_url: 'images/a.jpg' }, 'hero_image_url', 'Use a same-site path or https:// link'],
    [{ name: 'Bad', meta_title: 'x'.repeat(61) }, 'meta_title', 'Meta title must be 60 characters or fewer'],
    [{ name: 'Bad', meta_description: 'x'.repeat(161) }, 'meta_description', 'Meta description must be 160 characters or fewer'],
    [{ name: 'Bad', parent_id: 'not-a-uuid' }, 'parent_id', 'Choose an existing category as the parent'],
  ])('refuses %j with 400 on the field, writing nothing', async (body, field, message) => {
    const before = await countRows();
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
    expect(res.json().error.fields[field]).toBe(message);
    expect(await countRows()).toBe(before);
  });

  it.each([{ tenant_id: 'acme' }, { id: MISSING_ID }, { created_at: '2020-01-01' }, { product_count: 99 }, { seed_description: 'wizard only' }])(
    'refuses mass assignment of %j with 400',
    async (extra) => {
      const before = await countRows();
      const res = await create({ name: 'Sneaky', ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ [Object.keys(extra)[0]]: 'Unknown field' });
      expect(await countRows()).toBe(before);
    },
  );

  it('keeps slugs unique per store with a 409 on the slug field, while another store may reuse it', async () => {
    const res = await create({ name: 'Another Kitchen', slug: 'kitchen-dining' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'slug_taken', message: 'Another category already uses this slug', fields: { slug: 'Another category already uses this slug' } });
    const derived = await create({ name: 'Kitchen  Dining' });
    expect(derived.statusCode).toBe(409);
    const acme = await create({ name: 'Kitchen & Dining', slug: 'kitchen-dining' }, acmeAdmin, ACME_HOST);
    expect(acme.statusCode).toBe(201);
  });

  it('nests under a top-level parent of the same store only, two levels deep at most', async () => {
    const parent = await makeCategory();
    const child = await makeCategory({ parent_id: parent.id });
    expect(child.parent_id).toBe(parent.id);
    const deeper = await create({ name: 'Grandchild', parent_id: child.id });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json().error.fields).toEqual({ parent_id: 'Categories can only be nested two levels deep' });
    const acmeParent = (await list(acmeAdmin, ACME_HOST))[0];
    for (const parent_id of [acmeParent.id, MISSING_ID]) {
      const res = await create({ name: 'Orphan', parent_id });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ parent_id: 'Choose an existing category as the parent' });
    }
  });

  it('is refused to staff (403) and to signed-out visitors (401)', async () => {
    const before = await countRows();
    expect((await create({ name: 'Staff Pick' }, staff)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/api/admin/categories', { body: { name: 'Anon' } })).statusCode).toBe(401);
    expect(await countRows()).toBe(before);
  });
});

describe('PUT /api/admin/categories/{id}', () => {
  let category: AdminCategory;
  beforeEach(async () => {
    category = await makeCategory({ description: 'Kept', display_order: 3, is_featured: true, meta_title: 'Title' });
  });

  it('changes the fields sent and keeps the rest', async () => {
    const res = await update(category.id, { name: 'Renamed', display_order: 9, meta_title: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().category).toEqual({ ...category, name: 'Renamed', display_order: 9, meta_title: null });
  });

  it('derives an emptied slug from the name and refuses one in use with 409', async () => {
    expect((await update(category.id, { name: 'Fresh Name', slug: '' })).json().category.slug).toBe('fresh-name');
    const taken = await update(category.id, { slug: 'lighting' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ slug: 'Another category already uses this slug' });
    // Saving a category with its own slug unchanged is fine.
    expect((await update(category.id, { slug: 'fresh-name', name: 'Fresh Name' })).statusCode).toBe(200);
  });

  it('validates like create and refuses unknown fields, changing nothing', async () => {
    for (const body of [{ slug: 'Bad Slug' }, { name: '' }, { meta_description: 'x'.repeat(161) }, { tenant_id: t.seed.tenantIds.acme }, { id: MISSING_ID }, { hero_image_url: 'ftp://x' }]) {
      expect((await update(category.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await bySlug(category.slug)).toEqual(category);
  });

  it('keeps the tree two levels deep and refuses a category as its own parent', async () => {
    const top = await makeCategory();
    expect((await update(category.id, { parent_id: category.id })).json().error.fields).toEqual({ parent_id: 'A category cannot be its own parent' });
    const child = await makeCategory({ parent_id: category.id });
    // category has a child now: putting it under another would make three levels.
    expect((await update(category.id, { parent_id: top.id })).json().error.fields).toEqual({ parent_id: 'Categories can only be nested two levels deep' });
    expect((await update(top.id, { parent_id: child.id })).json().error.fields).toEqual({ parent_id: 'Categories can only be nested two levels deep' });
    // Moving the child elsewhere, then to the top level, is fine.
    expect((await update(child.id, { parent_id: top.id })).json().category.parent_id).toBe(top.id);
    expect((await update(child.id, { parent_id: null })).json().category.parent_id).toBeNull();
  });

  it('answers 404 for a missing id, a malformed id and another store’s category alike', async () => {
    const acmeCategory = (await list(acmeAdmin, ACME_HOST))[0];
    const theirs = await update(acmeCategory.id, { name: 'Hijacked' });
    const missing = await update(MISSING_ID, { name: 'Nobody' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect((await update('not-an-id', { name: 'Nobody' })).statusCode).toBe(404);
    expect((await bySlug(acmeCategory.slug, acmeAdmin, ACME_HOST))!.name).toBe(acmeCategory.name);
  });

  it('is refused to staff with 403', async () => {
    expect((await update(category.id, { name: 'Staff edit' }, staff)).statusCode).toBe(403);
    expect((await bySlug(category.slug))!.name).toBe(category.name);
  });
});

describe('DELETE /api/admin/categories/{id}', () => {
  it('deletes with 204; products stay but lose the link; sub-categories move to the top level', async () => {
    const kitchen = (await bySlug('kitchen-dining'))!;
    const cookware = (await bySlug('cookware'))!;
    const linked = () => countOf(sql`select count(*)::int as n from product_categories where category_id = ${kitchen.id}::uuid`);
    const products = () => countOf(sql`select count(*)::int as n from products`);
    const productsBefore = await products();
    expect(await linked()).toBeGreaterThan(0);
    const res = await remove(kitchen.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await bySlug('kitchen-dining')).toBeUndefined();
    expect((await bySlug('cookware'))!.parent_id).toBeNull();
    expect(cookware.parent_id).toBe(kitchen.id);
    expect(await linked()).toBe(0);
    expect(await products()).toBe(productsBefore);
    expect((await remove(kitchen.id)).statusCode).toBe(404);
  });

  it('answers 404 for another store’s category and 403 to staff, deleting nothing', async () => {
    const acmeCategory = (await list(acmeAdmin, ACME_HOST))[0];
    const theirs = await remove(acmeCategory.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual((await remove(MISSING_ID)).json());
    expect((await remove('nope')).statusCode).toBe(404);
    const mine = await makeCategory();
    expect((await remove(mine.id, staff)).statusCode).toBe(403);
    expect(await bySlug(mine.slug)).toBeDefined();
    expect(await bySlug(acmeCategory.slug, acmeAdmin, ACME_HOST)).toBeDefined();
  });
});

describe('the storefront sees admin changes at once', () => {
  it('GET /api/categories shows a created, renamed and deleted category immediately (cache cleared)', async () => {
    // Warm the storefront's cache first, so a stale answer would be served if writes did not clear it.
    const before = await storefront();
    expect(before.some((c) => c.slug === 'fresh-arrivals')).toBe(false);
    expect(await storefront()).toEqual(before);

    const created = (await create({ name: 'Fresh Arrivals', display_order: 0 })).json().category as AdminCategory;
    expect((await storefront()).find((c) => c.slug === 'fresh-arrivals')).toMatchObject({ name: 'Fresh Arrivals' });

    await update(created.id, { name: 'New In' });
    expect((await storefront()).find((c) => c.slug === 'fresh-arrivals')!.name).toBe('New In');

    const child = (await create({ name: 'New In Lamps', parent_id: created.id })).json().category as AdminCategory;
    expect((await storefront()).find((c) => c.id === created.id)!.children.map((c) => c.id)).toEqual([child.id]);

    expect((await remove(created.id)).statusCode).toBe(204);
    const after = await storefront();
    expect(after.some((c) => c.id === created.id)).toBe(false);
    expect(after.some((c) => c.id === child.id)).toBe(true);
    // Another store's cache is untouched by this store's writes (and still answers).
    expect((await storefront(ACME_HOST)).length).toBeGreaterThan(0);
  });
});
