import { describe, expect, it } from 'vitest';
import { TenantCache, type TenantCacheOptions } from './tenant-cache';

const A = 'tenant-a';
const B = 'tenant-b';

/** A cache on a clock the test moves by hand. */
function makeCache(opts: Partial<TenantCacheOptions> = {}) {
  const clock = { now: 0 };
  const cache = new TenantCache({ ttlMs: 10_000, maxEntries: 100, maxSize: 1_000_000, now: () => clock.now, ...opts });
  let loads = 0;
  const read = (tenant: string, key: string, value: unknown = `${tenant}:${key}`) =>
    cache.read(tenant, key, async () => {
      loads++;
      return value;
    });
  return { cache, clock, read, loads: () => loads };
}

/** A load the test finishes when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('tenant cache', () => {
  it('keeps one answer per tenant and key: a tenant never gets another tenant’s entry', async () => {
    const { read, loads } = makeCache();
    expect(await read(A, 'products', 'A list')).toBe('A list');
    expect(await read(B, 'products', 'B list')).toBe('B list');
    expect(await read(A, 'products', 'ignored')).toBe('A list');
    expect(await read(B, 'products', 'ignored')).toBe('B list');
    expect(loads()).toBe(2);
  });

  it('does not confuse keys that only differ in where the tenant ends', async () => {
    const { read } = makeCache();
    expect(await read('ab', 'c', 'first')).toBe('first');
    expect(await read('a', 'bc', 'second')).toBe('second');
  });

  it('serves an answer until its time is up, then loads again', async () => {
    const { read, clock, loads } = makeCache({ ttlMs: 10_000 });
    await read(A, 'k', 'old');
    clock.now = 9_999;
    expect(await read(A, 'k', 'new')).toBe('old');
    clock.now = 10_000;
    expect(await read(A, 'k', 'new')).toBe('new');
    expect(loads()).toBe(2);
  });

  it('forgets only the invalidated tenant', async () => {
    const { cache, read } = makeCache();
    await read(A, 'k', 'a1');
    await read(B, 'k', 'b1');
    cache.invalidate(A);
    expect(await read(A, 'k', 'a2')).toBe('a2');
    expect(await read(B, 'k', 'b2')).toBe('b1');
  });

  it('does not keep what a load read before an invalidation that happened while it ran', async () => {
    const { cache } = makeCache();
    const slow = deferred<string>();
    const stale = cache.read(A, 'k', () => slow.promise);
    cache.invalidate(A);
    // A read after the write must not join the load that began before it.
    const fresh = cache.read(A, 'k', async () => 'after write');
    slow.resolve('before write');
    expect(await stale).toBe('before write');
    expect(await fresh).toBe('after write');
    expect(await cache.read(A, 'k', async () => 'third')).toBe('after write');
  });

  it('loads a key once while a burst of readers wait for it', async () => {
    const { cache } = makeCache();
    const slow = deferred<string>();
    let loads = 0;
    const load = () => {
      loads++;
      return slow.promise;
    };
    const readers = [cache.read(A, 'k', load), cache.read(A, 'k', load), cache.read(A, 'k', load)];
    slow.resolve('once');
    expect(await Promise.all(readers)).toEqual(['once', 'once', 'once']);
    expect(loads).toBe(1);
  });

  it('does not keep failures', async () => {
    const { cache } = makeCache();
    await expect(cache.read(A, 'k', async () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect(await cache.read(A, 'k', async () => 'found')).toBe('found');
  });

  it('holds at most maxEntries, dropping the least recently used', async () => {
    const { cache, read } = makeCache({ maxEntries: 2 });
    await read(A, 'one');
    await read(A, 'two');
    await read(A, 'one'); // now 'two' is the least recently used
    await read(B, 'three');
    expect(cache.stats.entries).toBe(2);
    expect(await read(A, 'one', 'reloaded')).toBe(`${A}:one`);
    expect(await read(A, 'two', 'reloaded')).toBe('reloaded');
  });

  it('holds at most maxSize, and never stores one answer bigger than that', async () => {
    const { cache, read } = makeCache({ maxSize: 10 });
    await read(A, 'x', '123456');
    await read(A, 'y', '123456');
    expect(cache.stats).toMatchObject({ entries: 1, size: 6 });
    await read(A, 'big', '12345678901');
    expect(cache.stats).toMatchObject({ entries: 1, size: 6 });
    expect(await read(A, 'big', 'small')).toBe('small');
  });

  it('counts a Buffer by its bytes, also inside an answer (a page kept with its compressed copies)', async () => {
    const { cache, read } = makeCache();
    await read(A, 'bytes', Buffer.alloc(1000));
    expect(cache.stats.size).toBe(1000);
    await read(A, 'page', { html: 'abc', encoded: { br: Buffer.alloc(500), gzip: Buffer.alloc(700) } });
    // {"html":"abc","encoded":{"br":0,"gzip":0}} is 42 characters, and the two copies 1,200 bytes.
    expect(cache.stats.size).toBe(1000 + 42 + 1200);
  });

  it('is off with a time limit of 0', async () => {
    const { cache, read, loads } = makeCache({ ttlMs: 0 });
    await read(A, 'k');
    await read(A, 'k');
    expect(loads()).toBe(2);
    expect(cache.stats).toMatchObject({ hits: 0, misses: 2 });
  });

  it('counts each read as a hit (no load of its own, a joined load included) or a miss (a load), for metrics', async () => {
    const { cache, clock, read, loads } = makeCache();
    const slow = deferred<string>();
    const first = cache.read(A, 'k', () => slow.promise);
    const joined = cache.read(A, 'k', () => Promise.resolve('never loaded'));
    slow.resolve('v');
    expect([await first, await joined]).toEqual(['v', 'v']);
    await read(A, 'k');
    expect(cache.stats).toMatchObject({ hits: 2, misses: 1 });
    clock.now += 10_000;
    await read(A, 'k');
    cache.invalidate(A);
    await read(A, 'k');
    expect(loads()).toBe(2);
    expect(cache.stats).toMatchObject({ hits: 2, misses: 3, entries: 1 });
    // Emptying the cache keeps the counts: they only ever grow (Prometheus counters).
    cache.clear();
    expect(cache.stats).toEqual({ hits: 2, misses: 3, entries: 0, size: 0 });
  });
});
