import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoreCtx } from '../../../http/context';
import { notFound } from '../../../http/errors';
import { inStore } from '../../../http/guards';
import { TenantCache } from '../../../http/tenant-cache';
import type { Listen } from '../../../db/notifications';
import { isUuid } from '../../../../shared/ids';

/** Storefront spec §9 lets product data be 30 s old; the server keeps its share of that short. */
export const CATALOGUE_CACHE_DEFAULT_SECONDS = 10;

/**
 * Where the database announces committed catalogue writes (migration 0011_catalogue_notify): the
 * tenant's id, or an empty payload for every tenant.
 */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

export interface CatalogueCacheOptions {
  /** CATALOGUE_CACHE_SECONDS: how long an answer may be served; 0 turns the cache off. */
  seconds: number;
  maxEntries?: number;
  /** In characters of cached JSON. */
  maxSize?: number;
  now?: () => number;
}

/** Where follow() reports a lost listening connection; app.log fits. */
export interface CacheLog {
  warn(obj: object, msg: string): void;
}

/**
 * The public catalogue reads (category tree and pages, product lists and searches, product by slug,
 * related products, product page heads). Shoppers read these far more often than staff change them.
 * One per app instance (AppDeps.catalogueCache). Each instance hears every committed catalogue write
 * through follow(), its own and other instances', so the time limit is a backstop, not how long a
 * change takes to show. Bounded by default to 5,000 answers and 32 M characters (roughly 64 MB at worst).
 */
export class CatalogueCache {
  private readonly cache: TenantCache;
  /** False when answers are not kept at all (CATALOGUE_CACHE_SECONDS=0): every read loads. */
  readonly keeps: boolean;

  constructor(opts: CatalogueCacheOptions) {
    this.keeps = opts.seconds > 0;
    this.cache = new TenantCache({
      ttlMs: opts.seconds * 1000,
      maxEntries: opts.maxEntries ?? 5000,
      maxSize: opts.maxSize ?? 32 * 1024 * 1024,
      now: opts.now,
    });
  }

  /** Answers kept and their size, reads served from them (hits) and loads (misses): metrics (decision 055). */
  get stats(): { entries: number; size: number; hits: number; misses: number } {
    return this.cache.stats;
  }

  /** The answer for (tenant, key), loaded once and kept; failures (404s) are not kept. */
  read<T>(tenantId: string, key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.read(tenantId, key, load);
  }

  /**
   * Forget a tenant's answers. The notification does this too, but it arrives after the HTTP answer;
   * a write route calls this once its transaction has committed so the same instance's next read is
   * fresh at once. Calling it earlier would let a read in between cache the old rows again.
   */
  invalidate(tenantId: string): void {
    this.cache.invalidate(tenantId);
  }

  clear(): void {
    this.cache.clear();
  }

  /**
   * Drop a tenant's answers whenever the database announces a committed catalogue write, and all of
   * them when announcements may have been lost. Resolves, listening, to the function that stops.
   */
  follow(database: { listen: Listen }, log?: CacheLog): Promise<() => Promise<void>> {
    return database.listen(CATALOGUE_CHANNEL, {
      notify: (payload) => {
        if (payload === '') this.clear();
        else if (isUuid(payload)) this.invalidate(payload);
      },
      missed: () => {
        this.clear();
        log?.warn({}, 'catalogue cache: listening again after a lost connection; cleared');
      },
      error: (err) => log?.warn({ err }, 'catalogue cache: reconnecting the notification listener failed'),
    });
  }
}

/**
 * A storefront read through the instance's catalogue cache: on a hit no transaction is opened at all.
 * The answer must depend only on the tenant and the key (never on who is signed in).
 */
export function cachedStoreRead<T>(req: FastifyRequest, key: string, fn: (ctx: StoreCtx) => Promise<T>): Promise<T> {
  const tenantId = req.tenant?.id;
  if (!tenantId) return Promise.reject(notFound('Store not found'));
  return req.server.deps.catalogueCache.read(tenantId, key, () => inStore(req, fn));
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
