import { describe, expect, it } from 'vitest';
import { CATALOGUE_CHANNEL, CatalogueCache, type CatalogueCacheOptions } from './catalogue-cache';
import type { NotificationHandler } from '../../../db/notifications';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

/** A cache on a clock the test moves by hand, counting its loads. */
function makeCache(opts: Partial<CatalogueCacheOptions> = {}) {
  const clock = { now: 0 };
  const cache = new CatalogueCache({ seconds: 10, now: () => clock.now, ...opts });
  let loads = 0;
  const read = (tenant: string, key: string, value: string) =>
    cache.read(tenant, key, async () => {
      loads++;
      return value;
    });
  return { cache, clock, read, loads: () => loads };
}

/** A database whose notifications the test sends by hand. */
function fakeDatabase() {
  const handlers = new Map<string, NotificationHandler>();
  let stopped = 0;
  return {
    listen: async (channel: string, handler: NotificationHandler) => {
      handlers.set(channel, handler);
      return async () => {
        stopped++;
        handlers.delete(channel);
      };
    },
    send: (payload: string) => handlers.get(CATALOGUE_CHANNEL)?.notify(payload),
    drop: () => handlers.get(CATALOGUE_CHANNEL)?.missed(),
    stopped: () => stopped,
  };
}

describe('catalogue cache', () => {
  it('serves an answer for the configured seconds on the injected clock, then loads again', async () => {
    const { read, clock, loads } = makeCache({ seconds: 10 });
    expect(await read(A, 'products', 'old')).toBe('old');
    clock.now = 9_999;
    expect(await read(A, 'products', 'new')).toBe('old');
    clock.now = 10_000;
    expect(await read(A, 'products', 'new')).toBe('new');
    expect(loads()).toBe(2);
  });

  it('caches nothing when set to 0 seconds', async () => {
    const { read, loads } = makeCache({ seconds: 0 });
    await read(A, 'k', 'one');
    expect(await read(A, 'k', 'two')).toBe('two');
    expect(loads()).toBe(2);
  });

  it('is bounded in entries and in size, least recently used first', async () => {
    const { cache, read } = makeCache({ maxEntries: 2, maxSize: 10 });
    await read(A, 'one', 'aaa');
    await read(A, 'two', 'bbb');
    await read(A, 'one', 'unused');
    await read(A, 'three', 'ccc');
    expect(cache.stats).toMatchObject({ entries: 2, size: 6 });
    expect(await read(A, 'two', 'reloaded')).toBe('reloaded');
    // Bigger than the whole bound: served, never kept.
    expect(await read(B, 'big', 'x'.repeat(11))).toHaveLength(11);
    expect(await read(B, 'big', 'small')).toBe('small');
  });

  it('forgets only the tenant invalidated', async () => {
    const { cache, read } = makeCache();
    await read(A, 'k', 'a1');
    await read(B, 'k', 'b1');
    cache.invalidate(A);
    expect(await read(A, 'k', 'a2')).toBe('a2');
    expect(await read(B, 'k', 'b2')).toBe('b1');
  });

  it('follows the database: a tenant id forgets that tenant, an empty payload or a lost connection everything', async () => {
    const { cache, read } = makeCache();
    const database = fakeDatabase();
    const warnings: string[] = [];
    const stop = await cache.follow(database, { warn: (_obj, msg) => warnings.push(msg) });
    await read(A, 'k', 'a1');
    await read(B, 'k', 'b1');

    database.send(A);
    expect(await read(A, 'k', 'a2')).toBe('a2');
    expect(await read(B, 'k', 'b2')).toBe('b1');

    // Not a tenant id: nothing to do (and nothing new to remember).
    database.send('not-a-tenant');
    expect(await read(A, 'k', 'a3')).toBe('a2');

    database.send('');
    expect(await read(A, 'k', 'a4')).toBe('a4');
    expect(await read(B, 'k', 'b4')).toBe('b4');

    database.drop();
    expect(cache.stats.entries).toBe(0);
    expect(warnings).toHaveLength(1);

    await stop();
    expect(database.stopped()).toBe(1);
  });
});
