import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { DeferredBeginClient } from './deferred-begin';
import { resetTestApp } from '../test/harness';

// The client exists only on PostgreSQL (PGlite runs in-process: no round trips to save).
describe.skipIf(!process.env.DATABASE_URL)('begin sent with the next statement (PostgreSQL)', () => {
  let client: pg.Client;
  const sent: string[] = [];

  beforeAll(async () => {
    const { databaseUrl } = await resetTestApp();
    client = new DeferredBeginClient({ connectionString: databaseUrl });
    await client.connect();
    await client.query('create temp table deferred_probe (n int)');
  });
  afterAll(async () => {
    await client?.end();
  });
  // What actually goes to the server: every call reaching pg's own query().
  const spyOnWire = () => {
    sent.length = 0;
    const original = pg.Client.prototype.query;
    return vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as string | { text: string };
      sent.push(typeof config === 'string' ? config : config.text);
      return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
  };
  afterEach(() => vi.restoreAllMocks());

  const setting = async () => (await client.query("select current_setting('app.probe', true) as v")).rows[0].v as string | null;

  it('sends begin and a statement without parameters as one message, inside one transaction', async () => {
    spyOnWire();
    await client.query('begin');
    const answer = await client.query("select set_config('app.probe', 'inside', true) as v");
    expect(answer.rows).toEqual([{ v: 'inside' }]);
    expect(await setting()).toBe('inside');
    await client.query('commit');
    expect(sent.slice(0, 1)).toEqual(["begin;select set_config('app.probe', 'inside', true) as v"]);
    // Transaction-local: gone with the commit, so the transaction was real.
    expect(await setting()).toBe('');
  });

  it('sends begin alone first when the next statement has parameters', async () => {
    spyOnWire();
    await client.query('begin');
    await client.query('insert into deferred_probe (n) values ($1)', [7]);
    await client.query('rollback');
    expect(sent).toEqual(['begin', 'insert into deferred_probe (n) values ($1)', 'rollback']);
    expect((await client.query('select count(*)::int as n from deferred_probe')).rows).toEqual([{ n: 0 }]);
  });

  it('sends nothing for a transaction that ran no statement', async () => {
    spyOnWire();
    await client.query('begin');
    await client.query('commit');
    await client.query('begin');
    await client.query('rollback');
    expect(sent).toEqual([]);
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('a failing first statement fails the transaction, which rolls back, and the connection goes on', async () => {
    await client.query('begin');
    await expect(client.query('select no_such_column from deferred_probe')).rejects.toThrow(/no_such_column/);
    await client.query('rollback');
    expect((await client.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
  });

  it("drizzle's transactions keep their meaning: an error rolls every write back, a return commits", async () => {
    const db = drizzle(client);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.probe', 'x', true)`);
        await tx.execute(sql`insert into deferred_probe (n) values (${1})`);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.probe', 'y', true)`);
      await tx.execute(sql`insert into deferred_probe (n) values (${2})`);
    });
    expect((await client.query('select n from deferred_probe')).rows).toEqual([{ n: 2 }]);
    await client.query('delete from deferred_probe');
  });
});
