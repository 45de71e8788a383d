import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { types } from '@electric-sql/pglite';
import { PgliteThread } from './pglite-thread';

// The embedded database in its own thread (decision 032): what drizzle and the app rely on must behave
// as PGlite in the main thread did. One in-memory database for the file.
let db: PgliteThread;

beforeAll(async () => {
  db = new PgliteThread(null);
  await db.waitReady;
  await db.exec('create table t (id int primary key, at timestamptz not null default now(), note text)');
}, 120_000);

afterAll(async () => {
  await db?.close();
});

describe('PgliteThread', () => {
  it('answers queries in object or array rows, with parameters, and execs of several statements', async () => {
    const one = await db.query<{ n: number; s: string }>('select $1::int + 1 as n, $2::text as s', [41, 'x']);
    expect(one.rows).toEqual([{ n: 42, s: 'x' }]);
    expect(one.fields.map((f) => f.name)).toEqual(['n', 's']);
    const arrays = await db.query('select 1 as a, 2 as b', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 2]]);
    const results = await db.exec('select 1 as a; select 2 as b');
    expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });

  it("runs the caller's parsers on the types it names, on the text PostgreSQL gave (drizzle keeps dates as text)", async () => {
    await db.query('insert into t (id, at) values (1, $1)', ['2026-11-27 10:00:00+00']);
    const raw = await db.query<{ at: unknown }>('select at from t where id = 1', [], { parsers: { [types.TIMESTAMPTZ]: (value: string) => value } });
    expect(raw.rows[0].at).toBe('2026-11-27 10:00:00+00');
    const parsed = await db.query<{ at: unknown }>('select at from t where id = 1');
    expect(parsed.rows[0].at).toBeInstanceOf(Date);
    const custom = await db.query<{ at: unknown }>('select at from t where id = 1', [], { rowMode: 'array', parsers: { [types.TIMESTAMPTZ]: (value: string) => `at ${value}` } });
    expect(custom.rows).toEqual([['at 2026-11-27 10:00:00+00']]);
  });

  it('parses every type drizzle keeps as text exactly as PGlite does for a caller who names none of them', async () => {
    // The worker's parser table keeps these types as text (a per-query parser table cost more than the
    // statement); a caller that names none must still get them parsed, and one that names all, text.
    const all = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
    const sql = "select '2026-11-27 10:00:00'::timestamp as ts, '2026-11-27 10:00:00+00'::timestamptz as tz, '1 day'::interval as i, '2026-11-27'::date as d, array[1.5]::numeric[] as n, array['2026-11-27 10:00:00+00'::timestamptz] as tzs, array['2026-11-27'::date] as ds";
    const parsed = (await db.query<Record<string, unknown>>(sql)).rows[0];
    expect(parsed.tz).toEqual(new Date('2026-11-27T10:00:00Z'));
    expect(parsed.ts).toBeInstanceOf(Date);
    expect(parsed.d).toBeInstanceOf(Date);
    expect(parsed.tzs).toEqual([new Date('2026-11-27T10:00:00Z')]);
    expect(parsed.ds).toEqual([expect.any(Date)]);
    expect(parsed.n).toEqual(['1.5']);
    expect(parsed.i).toBe('1 day');
    const text = (await db.query(sql, [], { rowMode: 'array', parsers: Object.fromEntries(all.map((oid) => [oid, (value: string) => value])) })).rows[0];
    expect(text).toEqual(['2026-11-27 10:00:00', '2026-11-27 10:00:00+00', '1 day', '2026-11-27', '{1.5}', '{"2026-11-27 10:00:00+00"}', '{2026-11-27}']);
    const some = (await db.query<Record<string, unknown>>(sql, [], { parsers: { [types.DATE]: (value: string) => `date ${value}` } })).rows[0];
    expect(some.d).toBe('date 2026-11-27');
    expect(some.tz).toBeInstanceOf(Date);
  });

  it('keeps the PostgreSQL fields of an error (code, constraint), which callers read', async () => {
    const err = await db.query('insert into t (id) values (1)').then(
      () => null,
      (e: unknown) => e as { code?: string; constraint?: string; message: string },
    );
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey' });
    expect(err!.message).toMatch(/duplicate key/);
  });

  it('commits a transaction whose callback resolves, and rolls back one that throws', async () => {
    const answer = await db.transaction(async (tx) => {
      await tx.query('insert into t (id, note) values (2, $1)', ['kept']);
      return (await tx.query<{ n: number }>('select count(*)::int as n from t')).rows[0].n;
    });
    expect(answer).toBe(2);
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into t (id, note) values (3, 'dropped')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const notes = await db.query<{ note: string | null }>('select note from t order by id');
    expect(notes.rows.map((r) => r.note)).toEqual([null, 'kept']);
  });

  it('rolls back when a statement inside fails, and the error reaches the caller', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into t (id, note) values (4, 'first')");
        await tx.query('insert into t (id) values (1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('select 1 from t where id = 4')).rows).toEqual([]);
  });

  it('tells listeners a notification once its transaction has committed, and stops when asked', async () => {
    const heard: string[] = [];
    const stop = await db.listen('thread_test', (payload) => heard.push(payload));
    await db.transaction(async (tx) => {
      await tx.query("select pg_notify('thread_test', 'inside')");
      expect(heard).toEqual([]);
    });
    await db.query("select pg_notify('thread_test', 'alone')");
    expect(heard).toEqual(['inside', 'alone']);
    await stop();
    await db.query("select pg_notify('thread_test', 'after')");
    expect(heard).toEqual(['inside', 'alone']);
  });

  it('leaves the event loop free while a long statement runs (PGlite in the main thread blocked it)', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    let finished = false;
    const long = db.query('select count(*) from generate_series(1, 3000000)').then(() => (finished = true));
    try {
      // Timers fire while the statement is still running.
      while (ticks < 3 && !finished) await new Promise((r) => setTimeout(r, 5));
      expect(finished).toBe(false);
      expect(ticks).toBeGreaterThanOrEqual(3);
    } finally {
      await long;
      clearInterval(timer);
    }
  });
});

describe('a closed PgliteThread', () => {
  it('refuses calls with a clear error', async () => {
    const other = new PgliteThread(null);
    await other.waitReady;
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('select 1')).rejects.toThrow('The embedded database is closed');
  }, 120_000);
});
