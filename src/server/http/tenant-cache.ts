/**
 * A small in-process cache of tenant-scoped answers: a time limit, a bound on entries and on size
 * (least recently used goes first), per-tenant invalidation, and one database load per key at a time.
 *
 * Every key is prefixed with the tenant id, so no lookup can reach another tenant's entry. Each
 * process has its own copy (DESIGN: instances share nothing in memory): unless its owner hears other
 * instances' writes (CatalogueCache follows a database notification), the time limit is also how long
 * such a write can take to show here.
 */
export interface TenantCacheOptions {
  /** How long an answer may be served; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  /** Rough bound on memory: the sum of sizeOf over the entries. */
  maxSize: number;
  /** Size of a value in the unit maxSize counts (default: characters of a string or of its JSON). */
  sizeOf?: (value: unknown) => number;
  now?: () => number;
}

interface Entry {
  value: unknown;
  expires: number;
  size: number;
}

const SEP = '\u0000';
/** Characters of a string; bytes of a Buffer; else the length of its JSON, any Buffer in it by its bytes. */
function defaultSize(value: unknown): number {
  if (typeof value === 'string' || Buffer.isBuffer(value)) return value.length;
  let buffers = 0;
  // `this[key]` is the value before toJSON, which would spell a Buffer out as an array of numbers.
  const json = JSON.stringify(value, function (this: Record<string, unknown>, key: string, v: unknown) {
    const raw = this[key];
    if (!Buffer.isBuffer(raw)) return v;
    buffers += raw.length;
    return 0;
  });
  return (json?.length ?? 0) + buffers;
}

export class TenantCache {
  // Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  private entries = new Map<string, Entry>();
  // Loads in flight, so a burst of misses on one key costs one query (single flight).
  private loading = new Map<string, { generation: number; promise: Promise<unknown> }>();
  // Bumped by invalidate(): a load that started before a write must not store what it read.
  private generations = new Map<string, number>();
  private size = 0;
  // Reads answered without a load of their own (a kept answer, or one already loading), and loads.
  private hits = 0;
  private misses = 0;

  constructor(private opts: TenantCacheOptions) {}

  configure(opts: Partial<TenantCacheOptions>): void {
    this.opts = { ...this.opts, ...opts };
    this.clear();
  }

  /** What is kept now, and the reads since start (metrics, decision 055; clear() keeps the counts). */
  get stats(): { entries: number; size: number; hits: number; misses: number } {
    return { entries: this.entries.size, size: this.size, hits: this.hits, misses: this.misses };
  }

  /** The cached answer for (tenant, key), or load() once and keep what it resolves to. Failures are not kept. */
  async read<T>(tenantId: string, key: string, load: () => Promise<T>): Promise<T> {
    if (this.opts.ttlMs <= 0) {
      this.misses++;
      return load();
    }
    const full = `${tenantId}${SEP}${key}`;
    const now = this.now();
    const hit = this.entries.get(full);
    if (hit && hit.expires > now) {
      this.hits++;
      this.entries.delete(full);
      this.entries.set(full, hit);
      return hit.value as T;
    }
    if (hit) this.remove(full);
    const generation = this.generationOf(tenantId);
    const inFlight = this.loading.get(full);
    if (inFlight && inFlight.generation === generation) {
      this.hits++;
      return inFlight.promise as Promise<T>;
    }
    this.misses++;
    const promise = load();
    this.loading.set(full, { generation, promise });
    try {
      const value = await promise;
      if (this.generationOf(tenantId) === generation) this.store(full, value, now + this.opts.ttlMs);
      return value;
    } finally {
      if (this.loading.get(full)?.promise === promise) this.loading.delete(full);
    }
  }

  /** Forget everything of one tenant, now and for loads already running. Call after the write commits. */
  invalidate(tenantId: string): void {
    this.generations.set(tenantId, this.generationOf(tenantId) + 1);
    const prefix = `${tenantId}${SEP}`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.remove(key);
    for (const key of this.loading.keys()) if (key.startsWith(prefix)) this.loading.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.generations.clear();
    this.size = 0;
  }

  private store(full: string, value: unknown, expires: number): void {
    const size = (this.opts.sizeOf ?? defaultSize)(value);
    if (size > this.opts.maxSize) return;
    if (this.entries.has(full)) this.remove(full);
    this.entries.set(full, { value, expires, size });
    this.size += size;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.opts.maxEntries && this.size <= this.opts.maxSize) break;
      this.remove(oldest);
    }
  }

  private remove(full: string): void {
    const entry = this.entries.get(full);
    if (!entry) return;
    this.entries.delete(full);
    this.size -= entry.size;
  }

  private generationOf(tenantId: string): number {
    return this.generations.get(tenantId) ?? 0;
  }

  private now(): number {
    return this.opts.now ? this.opts.now() : Date.now();
  }
}
