import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { resetTestApp, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../../db/rows';
import type { TenantCtx } from '../../../http/context';
import type { DomainEvent } from '../../../db/domain-events';
import type { ProductDraft, VariantDraft } from '../../../../shared/import/rows';
import { applyImportedProducts, attachedImageSources, type ApplyImportOptions, type ImportedImage, type ImportOutcome } from './apply-products';
import { PERMISSIONS } from '../../../../shared/roles';

let t: TestApp;
let demo: string;
let acme: string;
let events: DomainEvent[] = [];

beforeAll(async () => {
  t = await resetTestApp();
  demo = t.seed.tenantIds.demo;
  acme = t.seed.tenantIds.acme;
});

const userOf = (tenantId: string) => t.seed.userIds[tenantId === demo ? 'admin@demo.test' : 'admin@acme.test'];

async function inStore<T>(tenantId: string, fn: (ctx: TenantCtx) => Promise<T>): Promise<T> {
  const userId = userOf(tenantId);
  return t.scopes.run({ tenantId, userId }, (work) =>
    fn({
      ...work,
      emit: (event) => {
        events.push(event);
        work.emit(event);
      },
      tenantId,
      actor: { sessionId: 'test', userId, email: 'admin@test', isOwner: false, isSales: false, activeTenantId: tenantId },
      role: 'admin',
      permissions: PERMISSIONS,
    }),
  );
}

const OPTIONS: ApplyImportOptions = { variantsMapped: false, images: new Map(), stockNote: 'Imported from products.csv' };
const apply = (drafts: ProductDraft[], options: Partial<ApplyImportOptions> = {}, tenantId = demo) => inStore(tenantId, (ctx) => applyImportedProducts(ctx, drafts, { ...OPTIONS, ...options }));
const query = <T>(q: SQL, tenantId = demo) => inStore(tenantId, async (ctx) => rowsOf<T>(await ctx.tx.execute(q)));

let n = 0;
const draft = (extra: Partial<ProductDraft> = {}): ProductDraft => {
  n += 1;
  return { line: n + 1, sku: `IMP-${n}`, name: `Imported Mug ${n}`, base_price: 1200, variants: [], ...extra };
};
const variant = (sku: string, extra: Partial<VariantDraft> = {}): VariantDraft => ({ line: 2, sku, price: 1000, sale_price: null, stock_quantity: null, options: [{ name: 'Size', value: sku }], ...extra });

interface ProductRow {
  id: string;
  sku: string;
  name: string;
  slug: string;
  status: string;
  visibility: string;
  is_featured: boolean;
  track_inventory: boolean;
  stock_quantity: number | null;
  sale_price: number | null;
  description: string | null;
  brand: string | null;
  bullets: string[];
  updated_at: string;
}
const product = async (sku: string, tenantId = demo) =>
  (await query<ProductRow>(sql`select id, sku, name, slug, status, visibility, is_featured, track_inventory, stock_quantity, sale_price, description, brand, bullets, updated_at::text from products where sku = ${sku}`, tenantId))[0];
const variantsOf = (productId: string) =>
  query<{ id: string; sku: string; price: number; stock_quantity: number | null; position: number }>(sql`select id, sku, price, stock_quantity, position from product_variants where product_id = ${productId}::uuid order by position`);
const movements = (productId: string) =>
  query<{ change: number; resulting_quantity: number; variant_id: string | null; notes: string; reason: string; actor_user_id: string }>(
    sql`select change, resulting_quantity, variant_id, notes, reason, actor_user_id from stock_movements where product_id = ${productId}::uuid order by created_at, id`,
  );
const ok = (outcome: ImportOutcome) => {
  if (outcome.result === 'rejected') throw new Error(`rejected: ${JSON.stringify(outcome.errors)}`);
  return outcome;
};

describe('applyImportedProducts: creating and updating', () => {
  it('creates a product with the admin defaults, a slug from its name and its stock in the ledger', async () => {
    events = [];
    const d = draft({ name: 'Blue Café Mug', stock_quantity: 7 });
    const [outcome] = await apply([d]);
    expect(outcome).toMatchObject({ sku: d.sku, line: d.line, result: 'created', imagesAdded: 0 });
    const row = await product(d.sku);
    expect(row).toMatchObject({ id: ok(outcome).productId, name: 'Blue Café Mug', slug: 'blue-cafe-mug', status: 'draft', visibility: 'public', is_featured: false, track_inventory: true, stock_quantity: 7, sale_price: null, bullets: [] });
    expect(await movements(row.id)).toEqual([{ change: 7, resulting_quantity: 7, variant_id: null, notes: 'Imported from products.csv', reason: 'adjustment', actor_user_id: userOf(demo) }]);
    expect(events).toEqual([{ type: 'catalogue.changed', tenantId: demo }]);
  });

  it('updates only the mapped fields; empty text cells clear, empty status keeps', async () => {
    const d = draft({ description: 'Hand thrown', brand: 'Kiln', status: 'active', is_featured: true, stock_quantity: 3 });
    await apply([d]);
    const [outcome] = await apply([{ line: 9, sku: d.sku, name: 'Renamed Mug', base_price: 1500, description: null, status: null, variants: [] }]);
    expect(outcome.result).toBe('updated');
    expect(await product(d.sku)).toMatchObject({ name: 'Renamed Mug', description: null, brand: 'Kiln', status: 'active', is_featured: true, stock_quantity: 3 });
  });

  it('answers unchanged for the same drafts again and writes nothing: no updated_at, no ledger row, no event', async () => {
    const drafts = [draft({ stock_quantity: 4, category: ['Kitchen', 'Jugs'], bullets: ['Dishwasher safe'] }), draft({ variants: [variant('UNCH-S', { stock_quantity: 2 }), variant('UNCH-M')] })];
    expect((await apply(drafts, { variantsMapped: true })).map((o) => o.result)).toEqual(['created', 'created']);
    const before = await Promise.all(drafts.map((d) => product(d.sku)));
    const ledgerBefore = await query<{ n: number }>(sql`select count(*)::int as n from stock_movements`);
    events = [];
    expect((await apply(drafts, { variantsMapped: true })).map((o) => o.result)).toEqual(['unchanged', 'unchanged']);
    expect(await Promise.all(drafts.map((d) => product(d.sku)))).toEqual(before);
    expect(await query<{ n: number }>(sql`select count(*)::int as n from stock_movements`)).toEqual(ledgerBefore);
    expect(events).toEqual([]);
  });

  it('refuses a sale price not below the stored price when only Sale Price is in the file', async () => {
    const d = draft({ base_price: 1000 });
    await apply([d]);
    const [outcome] = await apply([{ ...d, sale_price: 1000 }]);
    expect(outcome).toEqual({ sku: d.sku, line: d.line, result: 'rejected', errors: [{ line: d.line, column: 'Sale Price', field: 'sale_price', message: 'Sale Price must be lower than Price' }] });
  });

  it('turns tracking off with no stock figure', async () => {
    const d = draft({ stock_quantity: 5 });
    await apply([d]);
    const [outcome] = await apply([{ ...d, track_inventory: false }]);
    expect(outcome.result).toBe('updated');
    const row = await product(d.sku);
    expect(row).toMatchObject({ track_inventory: false, stock_quantity: null });
    expect((await movements(row.id)).map((m) => [m.change, m.resulting_quantity])).toEqual([
      [5, 5],
      [-5, 0],
    ]);
  });
});

describe('applyImportedProducts: rules', () => {
  it('refuses stock below the units held by unpaid checkouts, with the form’s message', async () => {
    const d = draft({ stock_quantity: 10 });
    const id = ok((await apply([d]))[0]).productId;
    await query(sql`update products set reserved_quantity = 4 where id = ${id}::uuid`);
    const [outcome] = await apply([{ ...d, stock_quantity: 3 }]);
    expect(outcome).toMatchObject({ result: 'rejected', errors: [{ line: d.line, column: 'Stock', field: 'stock_quantity', message: 'Stock cannot be lower than the 4 unit(s) held by unpaid checkouts' }] });
    expect((await product(d.sku)).stock_quantity).toBe(10);
  });

  it('rejects a taken slug, and makes generated slugs unique in the store and the chunk', async () => {
    const first = draft({ name: 'Teapot', slug: 'teapot' });
    await apply([first]);
    const taken = draft({ slug: 'teapot' });
    const [a, b, c] = [draft({ name: 'Teapot' }), draft({ name: 'Teapot' }), draft({ name: 'Other', slug: 'teapot-2' })];
    const outcomes = await apply([taken, a, b, c]);
    expect(outcomes[0]).toEqual({ sku: taken.sku, line: taken.line, result: 'rejected', errors: [{ line: taken.line, column: 'Slug', field: 'slug', message: 'Slug "teapot" is already used by another product in your store' }] });
    expect(outcomes.slice(1).map((o) => o.result)).toEqual(['created', 'created', 'created']);
    expect([(await product(a.sku)).slug, (await product(b.sku)).slug, (await product(c.sku)).slug]).toEqual(['teapot-3', 'teapot-4', 'teapot-2']);
    expect(await product(taken.sku)).toBeUndefined();
  });

  it("rejects a product whose Variant SKU is another product's, writing nothing of it", async () => {
    const owner = draft({ variants: [variant('OWNED-1')] });
    await apply([owner], { variantsMapped: true });
    const thief = draft({ category: ['Thieves'], variants: [variant('FREE-1'), variant('OWNED-1', { line: 40 })] });
    const [outcome] = await apply([thief], { variantsMapped: true });
    expect(outcome).toMatchObject({ result: 'rejected', errors: [{ line: 40, column: 'Variant SKU', field: 'variant_sku', message: 'Variant SKU "OWNED-1" is already used by another product in your store' }] });
    expect(await product(thief.sku)).toBeUndefined();
    expect(await query(sql`select 1 from product_variants where sku = 'FREE-1'`)).toEqual([]);
    expect(await query(sql`select 1 from categories where name = 'Thieves'`)).toEqual([]);
  });
});

describe('applyImportedProducts: variants', () => {
  it("keeps a product's stock as its variants' sum: a Stock cell that says otherwise is refused, one that repeats it is fine", async () => {
    const variants = [variant('SUM-A', { stock_quantity: 3 }), variant('SUM-B', { stock_quantity: 2 })];
    const [refused] = await apply([draft({ stock_quantity: 100, variants })], { variantsMapped: true });
    expect(refused).toMatchObject({ result: 'rejected', errors: [{ field: 'stock_quantity', column: 'Stock', message: expect.stringContaining("sum of its variants' stock (5)") }] });
    const d = draft({ stock_quantity: 5, variants });
    const id = ok((await apply([d], { variantsMapped: true }))[0]).productId;
    expect((await product(d.sku))!.stock_quantity).toBe(5);
    // Variants left out of the mapping: the stored sum stands, and a different Stock is refused.
    const [again] = await apply([{ ...d, stock_quantity: 9, variants: [] }], { variantsMapped: false });
    expect(again.result).toBe('rejected');
    expect((await movements(id)).every((m) => m.variant_id !== null)).toBe(true);
  });

  it('makes the variants exactly the file’s: kept in place, added, removed, in file order, stock in the ledger', async () => {
    const d = draft({ variants: [variant('V-S', { stock_quantity: 3 }), variant('V-M', { stock_quantity: 1 })] });
    const id = ok((await apply([d], { variantsMapped: true }))[0]).productId;
    const [small] = await variantsOf(id);
    const [outcome] = await apply([{ ...d, variants: [variant('V-L', { stock_quantity: 2 }), variant('V-S', { stock_quantity: 5, price: 1100 })] }], { variantsMapped: true });
    expect(outcome.result).toBe('updated');
    const after = await variantsOf(id);
    expect(after.map((v) => [v.sku, v.position, v.stock_quantity, v.price])).toEqual([
      ['V-L', 0, 2, 1000],
      ['V-S', 1, 5, 1100],
    ]);
    expect(after[1].id).toBe(small.id);
    const ledger = (await movements(id)).map((m) => [m.variant_id === small.id ? 'S' : m.variant_id === after[0].id ? 'L' : 'M', m.change, m.resulting_quantity]);
    // The removed variant's ledger rows went with it (ON DELETE CASCADE), as when the form removes one.
    expect(ledger).toEqual(expect.arrayContaining([['S', 3, 3], ['S', 2, 5], ['L', 2, 2]]));
    expect(ledger).toHaveLength(3);
  });

  it('keeps variants when the file has no Variant SKU column, and refuses to remove a held variant', async () => {
    const d = draft({ variants: [variant('H-1'), variant('H-2', { stock_quantity: 2 })] });
    const id = ok((await apply([d], { variantsMapped: true }))[0]).productId;
    expect((await apply([{ ...d, variants: [] }]))[0].result).toBe('unchanged');
    await query(sql`update product_variants set reserved_quantity = 1 where sku = 'H-2'`);
    const [outcome] = await apply([{ ...d, variants: [variant('H-1')] }], { variantsMapped: true });
    expect(outcome).toMatchObject({ result: 'rejected', errors: [{ line: d.line, column: 'Variant SKU', message: 'A variant in a checkout waiting for payment cannot be removed yet' }] });
    expect((await variantsOf(id)).map((v) => v.sku)).toEqual(['H-1', 'H-2']);
  });
});

describe('applyImportedProducts: categories', () => {
  it('creates each missing category once across chunks and reuses names case-insensitively', async () => {
    const [a, b] = [draft({ category: ['Garden', 'Pots'] }), draft({ category: ['garden', 'POTS'] })];
    await apply([a, b]);
    const c = draft({ category: ['GARDEN', 'Pots'] });
    await apply([c]);
    const cats = await query<{ name: string; slug: string; parent: string | null }>(
      sql`select c.name, c.slug, p.name as parent from categories c left join categories p on p.id = c.parent_id where lower(c.name) in ('garden', 'pots') order by c.slug`,
    );
    expect(cats).toEqual([
      { name: 'Garden', slug: 'garden', parent: null },
      { name: 'Pots', slug: 'pots', parent: 'Garden' },
    ]);
    const links = await query<{ sku: string; name: string; position: number }>(
      sql`select p.sku, c.name, pc.position from product_categories pc join products p on p.id = pc.product_id join categories c on c.id = pc.category_id where p.sku in (${a.sku}, ${b.sku}, ${c.sku}) order by p.sku`,
    );
    expect(links.map((l) => [l.name, l.position])).toEqual([['Pots', 0], ['Pots', 0], ['Pots', 0]]);
    // An empty Category cell removes the links.
    expect((await apply([{ ...a, category: null }]))[0].result).toBe('updated');
    expect(await query(sql`select 1 from product_categories pc join products p on p.id = pc.product_id where p.sku = ${a.sku}`)).toEqual([]);
  });
});

describe('applyImportedProducts: a product in several categories', () => {
  it('keeps its other categories while the file names its main one, and replaces them all when it names another', async () => {
    const d = draft({ category: ['Hall'] });
    const id = ok((await apply([d]))[0]).productId;
    const [second] = await query<{ id: string }>(sql`insert into categories (tenant_id, name, slug) values (${demo}, 'Zz Extra', 'zz-extra') returning id`);
    await query(sql`insert into product_categories (tenant_id, product_id, category_id, position) values (${demo}, ${id}::uuid, ${second.id}::uuid, 1)`);
    const names = async () =>
      (await query<{ name: string }>(sql`select c.name from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = ${id}::uuid order by pc.position`)).map((r) => r.name);
    expect((await apply([{ ...d, category: ['hall'] }]))[0].result).toBe('unchanged');
    expect(await names()).toEqual(['Hall', 'Zz Extra']);
    expect((await apply([{ ...d, category: ['Porch'] }]))[0].result).toBe('updated');
    expect(await names()).toEqual(['Porch']);
  });
});

describe('applyImportedProducts: pictures', () => {
  const image = (name: string): ImportedImage => ({ sourceUrl: `https://supplier.test/${name}`, url: `/files/tenants/${demo}/media/${name}`, key: `tenants/${demo}/media/${name}`, contentType: 'image/jpeg', size: 1234 });

  it('adds each fetched picture once, with its source address and a media library row', async () => {
    const [one, two] = [image('imp-one.jpg'), image('imp-two.jpg')];
    const d = draft({ image_urls: [one.sourceUrl, two.sourceUrl] });
    const images = new Map([[one.sourceUrl, one], [two.sourceUrl, two]]);
    const [first] = await apply([d], { images });
    expect(first).toMatchObject({ result: 'created', imagesAdded: 2 });
    const id = ok(first).productId;
    expect(await query(sql`select image_url, source_url, position, alt_text from product_images where product_id = ${id}::uuid order by position`)).toEqual([
      { image_url: one.url, source_url: one.sourceUrl, position: 0, alt_text: null },
      { image_url: two.url, source_url: two.sourceUrl, position: 1, alt_text: null },
    ]);
    expect(await query(sql`select filename, url, mime_type, file_size from media_files where storage_path = ${one.key}`)).toEqual([{ filename: 'imp-one.jpg', url: one.url, mime_type: 'image/jpeg', file_size: 1234 }]);
    expect(await apply([d], { images })).toMatchObject([{ result: 'unchanged', imagesAdded: 0 }]);
    // A picture stored for a product that is then rejected is still in the library (never an orphan file).
    const orphan = image('imp-orphan.jpg');
    const takenSlug = (await query<{ slug: string }>(sql`select slug from products where id = ${id}::uuid`))[0].slug;
    const [rejected] = await apply([draft({ slug: takenSlug, image_urls: [orphan.sourceUrl] })], { images: new Map([[orphan.sourceUrl, orphan]]) });
    expect(rejected.result).toBe('rejected');
    expect(await query(sql`select filename from media_files where storage_path = ${orphan.key}`)).toEqual([{ filename: 'imp-orphan.jpg' }]);
    const attached = await inStore(demo, (ctx) => attachedImageSources(ctx, [d.sku]));
    const set = attached.get(d.sku)!;
    expect(set.has(one.sourceUrl) && set.has(two.url)).toBe(true);
    // The export writes a site path on the store's origin: that is the same picture.
    expect(set.has(`https://demo.example.com${one.url}`)).toBe(true);
    expect(set.has('https://supplier.test/other.jpg')).toBe(false);
  });
});

describe('applyImportedProducts: tenant isolation', () => {
  it("creates the store's own product when another store has the SKU, leaving that one untouched", async () => {
    const d = draft({ stock_quantity: 1 });
    await apply([d], {}, acme);
    const acmeBefore = await product(d.sku, acme);
    const [outcome] = await apply([{ ...d, name: 'Demo version', stock_quantity: 2 }]);
    expect(outcome.result).toBe('created');
    expect(await product(d.sku, acme)).toEqual(acmeBefore);
    expect((await product(d.sku)).name).toBe('Demo version');
  });
});

describe('applyImportedProducts: speed', () => {
  /** The statements one apply sends, counted on the transaction. */
  async function statementsFor(drafts: ProductDraft[]): Promise<number> {
    let count = 0;
    await inStore(demo, (ctx) => {
      const tx = new Proxy(ctx.tx, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target) as unknown;
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            if (prop === 'execute' || prop === 'insert' || prop === 'select' || prop === 'update' || prop === 'delete') count += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      return applyImportedProducts({ ...ctx, tx }, drafts, { ...OPTIONS, variantsMapped: true });
    });
    return count;
  }
  const rich = (i: number, tag: string) =>
    draft({ stock_quantity: 1, category: [`Speed ${tag}`, `Sub ${i % 3}`], variants: [variant(`SP-${tag}-${i}-A`, { stock_quantity: 1 }), variant(`SP-${tag}-${i}-B`)] });

  it('sends the same number of statements for 1 product as for 60: nothing per product', async () => {
    const one = await statementsFor([rich(0, 'one')]);
    const many = await statementsFor(Array.from({ length: 60 }, (_, i) => rich(i, 'many')));
    expect(many).toBe(one);
    expect(one).toBeGreaterThan(8);
    expect(one).toBeLessThanOrEqual(20);
  });
});
