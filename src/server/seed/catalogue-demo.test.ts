import { describe, expect, it } from 'vitest';
import { ACME_CATALOGUE, DEMO_STORE_CATALOGUE, loadDemoCatalogues } from './catalogue-demo';
import data from './demo-catalogue.json';
import type { SeedCatalogue } from './catalogue-types';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const EMAIL_DOMAIN = /@example\.(co\.uk|com)$/;

/** True when a 13-digit string carries a valid EAN-13 check digit. */
function validEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);

const catalogues: [string, SeedCatalogue, string][] = [
  ['Demo Store', DEMO_STORE_CATALOGUE, 'DS-'],
  ['Acme', ACME_CATALOGUE, 'AC-'],
];

describe.each(catalogues)('%s catalogue', (_name, catalogue, skuPrefix) => {
  const { categories, products } = catalogue;

  it('has unique, valid slugs for categories and products', () => {
    const categorySlugs = categories.map((c) => c.slug);
    const productSlugs = products.map((p) => p.slug);
    expect(duplicates(categorySlugs)).toEqual([]);
    expect(duplicates(productSlugs)).toEqual([]);
    for (const slug of [...categorySlugs, ...productSlugs]) expect(slug, slug).toMatch(SLUG);
  });

  it('has SKUs unique across products and variants, with the store prefix', () => {
    const skus = products.flatMap((p) => [p.sku, ...(p.variants ?? []).map((v) => v.sku)]);
    expect(duplicates(skus)).toEqual([]);
    for (const sku of skus) expect(sku.startsWith(skuPrefix), sku).toBe(true);
  });

  it("links variants only to their own product's pictures, each variant to a different one", () => {
    for (const p of products) {
      const linked = (p.variants ?? []).flatMap((v) => (v.image === undefined ? [] : [v.image]));
      expect(duplicates(linked.map(String)), p.slug).toEqual([]);
      for (const index of linked) expect(Number.isInteger(index) && index >= 0 && index < p.images.length, `${p.slug} image ${index}`).toBe(true);
    }
  });

  it('links products only to categories that exist', () => {
    const slugs = new Set(categories.map((c) => c.slug));
    for (const p of products) {
      expect(p.categories.length, p.slug).toBeGreaterThan(0);
      expect(duplicates(p.categories), p.slug).toEqual([]);
      for (const slug of p.categories) expect(slugs.has(slug), `${p.slug} -> ${slug}`).toBe(true);
    }
  });

  it('has a category tree at most two levels deep whose parents exist', () => {
    const bySlug = new Map(categories.map((c) => [c.slug, c]));
    for (const c of categories) {
      if (!c.parent) continue;
      const parent = bySlug.get(c.parent);
      expect(parent, `${c.slug} parent ${c.parent}`).toBeDefined();
      expect(parent!.parent, `${c.parent} must be top level`).toBeUndefined();
    }
    for (const c of categories) {
      expect(c.description.length, c.slug).toBeGreaterThan(0);
      expect(Number.isInteger(c.display_order), c.slug).toBe(true);
    }
  });

  it('keeps prices in positive whole pence, with sale prices below their base prices', () => {
    for (const p of products) {
      expect(Number.isInteger(p.base_price) && p.base_price > 0, p.slug).toBe(true);
      if (p.sale_price !== undefined) {
        expect(Number.isInteger(p.sale_price) && p.sale_price > 0, p.slug).toBe(true);
        expect(p.sale_price, p.slug).toBeLessThan(p.base_price);
      }
      for (const v of p.variants ?? []) {
        expect(Number.isInteger(v.price) && v.price > 0, v.sku).toBe(true);
        if (v.sale_price !== undefined) {
          expect(Number.isInteger(v.sale_price) && v.sale_price > 0, v.sku).toBe(true);
          expect(v.sale_price, v.sku).toBeLessThan(v.price);
        }
      }
    }
  });

  it('gives tracked products a whole, non-negative stock and untracked ones none', () => {
    for (const p of products) {
      if (p.track_inventory) {
        expect(Number.isInteger(p.stock_quantity) && p.stock_quantity! >= 0, p.slug).toBe(true);
      } else {
        expect(p.stock_quantity, p.slug).toBeNull();
      }
      for (const v of p.variants ?? []) expect(Number.isInteger(v.stock_quantity) && v.stock_quantity >= 0, v.sku).toBe(true);
    }
  });

  it('has variants with options and 2 to 4 of them per product', () => {
    for (const p of products.filter((x) => x.variants)) {
      expect(p.variants!.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(p.variants!.length, p.slug).toBeLessThanOrEqual(4);
      for (const v of p.variants!) expect(v.options.length, v.sku).toBeGreaterThan(0);
    }
  });

  it('has reviews rated 1 to 5 from example addresses', () => {
    for (const r of products.flatMap((p) => p.reviews ?? [])) {
      expect([1, 2, 3, 4, 5]).toContain(r.rating);
      expect(r.customer_email, r.customer_email).toMatch(EMAIL_DOMAIN);
      expect(r.title.length).toBeGreaterThan(0);
      expect(r.body.length).toBeGreaterThan(0);
      expect(r.days_ago).toBeGreaterThanOrEqual(1);
      expect(r.days_ago).toBeLessThanOrEqual(200);
    }
  });

  it('has 1 to 5 images a product, each with alt text', () => {
    for (const p of products) {
      expect(p.images.length, p.slug).toBeGreaterThanOrEqual(1);
      expect(p.images.length, p.slug).toBeLessThanOrEqual(5);
      for (const image of [...p.images, ...categories.map((c) => c.hero)]) {
        expect(image.alt.trim().length, p.slug).toBeGreaterThan(0);
        expect(image.hue >= 0 && image.hue < 360, p.slug).toBe(true);
      }
    }
  });

  it('keeps meta titles within 60 characters and descriptions within 160', () => {
    for (const item of [...products, ...categories]) {
      if (item.meta_title !== undefined) expect(item.meta_title.length, item.slug).toBeLessThanOrEqual(60);
      if (item.meta_description !== undefined) expect(item.meta_description.length, item.slug).toBeLessThanOrEqual(160);
    }
  });

  it('has 3 to 5 bullets, specifications and valid EAN-13 barcodes', () => {
    for (const p of products) {
      expect(p.bullets.length, p.slug).toBeGreaterThanOrEqual(3);
      expect(p.bullets.length, p.slug).toBeLessThanOrEqual(5);
      expect(p.specs.length, p.slug).toBeGreaterThan(0);
      if (p.gtin !== undefined) expect(validEan13(p.gtin), `${p.slug} ${p.gtin}`).toBe(true);
    }
  });
});

describe('Demo Store catalogue contents', () => {
  const { products, categories } = DEMO_STORE_CATALOGUE;
  const live = products.filter((p) => p.status === 'active' && p.visibility === 'public');

  it('holds products the storefront must hide: a draft, an archived and a private one', () => {
    expect(products.some((p) => p.status === 'draft')).toBe(true);
    expect(products.some((p) => p.status === 'archived')).toBe(true);
    expect(products.some((p) => p.visibility === 'private')).toBe(true);
  });

  it('has live products named with "Enamel" and "Terracotta" for the search tests', () => {
    expect(live.some((p) => p.name.includes('Enamel'))).toBe(true);
    expect(live.some((p) => p.name.includes('Terracotta'))).toBe(true);
  });

  it('gives every child category at least three products', () => {
    for (const child of categories.filter((c) => c.parent)) {
      expect(products.filter((p) => p.categories.includes(child.slug)).length, child.slug).toBeGreaterThanOrEqual(3);
    }
  });

  it('has a live product with pending and approved reviews, and one with variants', () => {
    // The reviews API test reads the first live product with a pending review and needs approved ones beside it.
    const firstPending = live.find((p) => p.reviews?.some((r) => r.status === 'pending'));
    expect(firstPending?.reviews?.some((r) => r.status === 'approved')).toBe(true);
    expect(live.some((p) => (p.variants?.length ?? 0) > 1)).toBe(true);
  });
});

describe('demo-catalogue.json', () => {
  it('loads as written: the check adds, drops and changes nothing', () => {
    expect({ demo: DEMO_STORE_CATALOGUE, acme: ACME_CATALOGUE }).toStrictEqual(JSON.parse(JSON.stringify(data)));
  });

  it('is refused, naming the field, when an entry does not fit the shape', () => {
    const broken = structuredClone(data) as { demo: { products: Record<string, unknown>[] } };
    broken.demo.products[1].base_price = -5;
    broken.demo.products[2].colour = 'Sage';
    expect(() => loadDemoCatalogues(broken)).toThrow(/demo\.products\[1\]\.base_price[\s\S]*colour|colour[\s\S]*demo\.products\[1\]\.base_price/);
    expect(() => loadDemoCatalogues({ ...data, acme: { categories: [], products: [{ slug: 'x' }] } })).toThrow(/acme\.products\[0\]/);
  });
});
