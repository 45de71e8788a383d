import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoreCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { inStore } from '../../http/guards';
import { TenantCache } from '../../http/tenant-cache';

/** Storefront spec §9 lets product data be 30 s old; the server keeps its share of that short. */
export const CATALOGUE_CACHE_DEFAULT_SECONDS = 10;

/**
 * The public catalogue reads (category tree and pages, product lists and searches, product by slug,
 * related products, product page heads). Shoppers read these far more often than staff change them.
 * Sized in characters of cached JSON: 32 M characters is roughly 64 MB at worst.
 */
const cache = new TenantCache({ ttlMs: CATALOGUE_CACHE_DEFAULT_SECONDS * 1000, maxEntries: 5000, maxSize: 32 * 1024 * 1024 });

/** Boot (buildApp): CATALOGUE_CACHE_SECONDS from the config; 0 turns the cache off. */
export function configureCatalogueCache(seconds: number): void {
  cache.configure({ ttlMs: seconds * 1000 });
}

/**
 * Every write that changes what a shopper sees in a tenant's catalogue calls this once its transaction
 * has committed (products, categories, pictures, variants, stock, review moderation). Calling it
 * earlier would let a read in between cache the old rows again.
 */
export function invalidateCatalogue(tenantId: string): void {
  cache.invalidate(tenantId);
}

/** Tests start each file from fresh data. */
export function clearCatalogueCache(): void {
  cache.clear();
}

/**
 * A storefront read through the cache: on a hit no transaction is opened at all. The answer must depend
 * only on the tenant and the key (never on who is signed in). Errors (404s) are not cached.
 */
export function cachedStoreRead<T>(req: FastifyRequest, key: string, fn: (ctx: StoreCtx) => Promise<T>): Promise<T> {
  const tenantId = req.tenant?.id;
  if (!tenantId) return Promise.reject(notFound('Store not found'));
  return cache.read(tenantId, key, () => inStore(req, fn));
}

/** The JSON answer cached as its serialised text, so a hit costs neither a query nor JSON.stringify. */
export async function sendCachedJson(
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  fn: (ctx: StoreCtx) => Promise<unknown>,
  /** Headers for a successful answer only (an error must not be cached by the browser). */
  headers: Record<string, string> = {},
): Promise<FastifyReply> {
  const json = await cachedStoreRead(req, key, async (ctx) => JSON.stringify(await fn(ctx)));
  return reply.headers(headers).type('application/json; charset=utf-8').send(json);
}
