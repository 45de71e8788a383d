import { sql } from 'drizzle-orm';
import type { StoreCtx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';
import { AppError } from '../../../http/errors';
import type { ProductDetail } from '../../../../shared/catalog';
import { PLATFORM_NAME } from '../../../../shared/platform';
import * as catalogue from '../storefront/storefront-service';
import type { PageMeta } from './html';

/** Where the page is, as the shopper's browser addressed it. */
export interface PageUrl {
  origin: string;
  path: string;
}

const clip = (text: string, max = 160) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);

export function platformMeta(url: PageUrl): PageMeta {
  return {
    title: `${PLATFORM_NAME} - online shops for UK merchants`,
    description: 'Your shop online today with nothing to set up: catalogue, card payments, orders and staff accounts for UK merchants.',
    canonical: `${url.origin}/`,
    type: 'website',
    siteName: PLATFORM_NAME,
  };
}

/** schema.org Product (issue 3): name, image, sku, gtin, mpn, brand, GBP offers with availability, rating. */
export function productJsonLd(product: ProductDetail, url: string, origin: string): Record<string, unknown> {
  const availability = product.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  const prices = product.product_variants.length
    ? product.product_variants.map((v) => v.sale_price ?? v.price)
    : [product.sale_price ?? product.price];
  const offers =
    prices.length > 1
      ? { '@type': 'AggregateOffer', priceCurrency: 'GBP', lowPrice: Math.min(...prices).toFixed(2), highPrice: Math.max(...prices).toFixed(2), offerCount: prices.length, availability, url }
      : { '@type': 'Offer', priceCurrency: 'GBP', price: prices[0].toFixed(2), availability, itemCondition: 'https://schema.org/NewCondition', url };
  const gtin = product.gtin?.replace(/\D/g, '');
  return {
    '@context': 'https://schema.org/',
    '@type': 'Product',
    name: product.name,
    image: product.product_images.map((i) => absolute(origin, i.image_url)),
    description: product.description ?? undefined,
    sku: product.sku,
    ...(gtin ? { [gtin.length === 13 ? 'gtin13' : 'gtin']: gtin } : {}),
    ...(product.mpn ? { mpn: product.mpn } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    offers,
    ...(product.review_count > 0 && product.average_rating !== null
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.average_rating.toFixed(2), reviewCount: product.review_count } }
      : {}),
  };
}

const isNotFound = (err: unknown) => err instanceof AppError && err.status === 404;

/** "Shop Demo Store online." and what the store promises (store-promises.ts promiseSentence), if anything. */
const withPromise = (text: string, promise: string) => (promise ? `${text} ${promise}` : text);

/**
 * Head tags of a store page that shows no catalogue record (home, cart...): no database needed. The
 * store's own description (Settings > Store Info) replaces the generic one when it has written one;
 * `promise` is the store's own delivery and returns sentence ('' when it promises none).
 */
export function storePageMeta(storeName: string, url: PageUrl, storeDescription: string | null = null, promise = ''): PageMeta {
  return {
    title: storeName,
    description: storeDescription ? clip(storeDescription) : withPromise(`Shop ${storeName} online.`, promise),
    canonical: `${url.origin}${url.path}`,
    type: 'website',
    siteName: storeName,
  };
}

const CATEGORY_PAGE = /^\/c\/([^/]+)\/?$/;
const PRODUCT_PAGE = /^\/p\/([^/]+)\/?$/;

/** The page routes whose head comes from the catalogue: the storefront's busiest and most crawled. */
export const CATALOGUE_PAGE_ROUTES = ['/c/:slug', '/p/:slug'];

/** Category and product pages: their head comes from the catalogue (storeMeta needs a transaction). */
export const isCataloguePage = (path: string) => CATEGORY_PAGE.test(path) || PRODUCT_PAGE.test(path);

/**
 * Head tags for the store pages crawlers index: home, category and product. Other paths get the
 * store's defaults. Unknown categories and products are marked noindex (and answered 404 by the caller).
 */
export async function storeMeta(ctx: StoreCtx, storeName: string, url: PageUrl, promise = ''): Promise<{ meta: PageMeta; status: number }> {
  const base = storePageMeta(storeName, url, null, promise);
  const category = CATEGORY_PAGE.exec(url.path);
  const product = PRODUCT_PAGE.exec(url.path);
  try {
    if (category) {
      const c = await catalogue.getCategory(ctx, decodeURIComponent(category[1]));
      return {
        status: 200,
        meta: {
          ...base,
          title: `${c.meta_title || c.name} | ${storeName}`,
          description: clip(c.meta_description || c.description || withPromise(`${c.name} at ${storeName}.`, promise)),
          canonical: `${url.origin}/c/${c.slug}`,
          image: c.hero_image_url ? absolute(url.origin, c.hero_image_url) : undefined,
        },
      };
    }
    if (product) {
      const p = await catalogue.getProduct(ctx, { slug: decodeURIComponent(product[1]) });
      const canonical = `${url.origin}/p/${p.slug}`;
      return {
        status: 200,
        meta: {
          ...base,
          type: 'product',
          title: `${p.meta_title || p.name} | ${storeName}`,
          description: clip(p.meta_description || p.description || `${p.name} at ${storeName}.`),
          canonical,
          image: p.image ? absolute(url.origin, p.image.image_url) : undefined,
          jsonLd: productJsonLd(p, canonical, url.origin),
        },
      };
    }
  } catch (err) {
    if (!isNotFound(err)) throw err;
    return { status: 404, meta: { ...base, title: `Page not found | ${storeName}`, noindex: true } };
  }
  return { status: 200, meta: base };
}

/** Every category and public product page of the store, for its sitemap. */
export async function sitemapPaths(ctx: StoreCtx): Promise<{ path: string; updated_at: string | Date }[]> {
  return rowsOf(
    await ctx.tx.execute(sql`
      select '/c/' || slug as path, updated_at from categories where tenant_id = ${ctx.tenantId}
      union all
      select '/p/' || slug, updated_at from products
      where tenant_id = ${ctx.tenantId} and status = 'active' and visibility = 'public'
      order by 1`),
  );
}
