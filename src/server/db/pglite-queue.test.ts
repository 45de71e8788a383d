import { describe, expect, it } from 'vitest';
import { DatabaseBusyError } from './pool-gate';
import { PgliteQueue, queuePglite } from './pglite-queue';

/** A task that runs until released, recording that it started. */
function held(name: string, started: string[]) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const task = async () => {
    started.push(name);
    await gate;
    return name;
  };
  return { task, release };
}

const tick = () => new Promise((r) => setImmediate(r));
/** Enough turns of the event loop for the queue to hand over. */
const handover = async () => {
  for (let i = 0; i < 2; i++) await tick();
};

describe('PgliteQueue (decision 032)', () => {
  it('times each caller’s wait for its turn only while an observer is set (metrics, decision 055)', async () => {
    const queue = new PgliteQueue({ queueLimit: 1, waitMs: 10_000 });
    const waits: number[] = [];
    await queue.run(async () => 'unobserved');
    queue.waits.observer = (seconds) => waits.push(seconds);
    const started: string[] = [];
    const a = held('a', started);
    const first = queue.run(a.task);
    const second = queue.run(async () => 'b');
    // One more than the limit is refused at once: no wait to time.
    await expect(queue.run(async () => 'c')).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(waits).toHaveLength(1);
    a.release();
    expect([await first, await second]).toEqual(['a', 'b']);
    expect(waits).toHaveLength(2);
    expect(waits.every((w) => w >= 0)).toBe(true);
    queue.waits.observer = null;
    await queue.run(async () => 'unobserved again');
    expect(waits).toHaveLength(2);
  });

  it('runs callers one at a time, first come first served', async () => {
    const queue = new PgliteQueue({ queueLimit: 10, waitMs: 10_000 });
    const started: string[] = [];
    const a = held('a', started);
    const b = held('b', started);
    const c = held('c', started);
    const answers = [queue.run(a.task), queue.run(b.task), queue.run(c.task)];
    await tick();
    expect(started).toEqual(['a']);
    expect(queue.state).toEqual({ waiting: 2, saturated: false, running: true });
    a.release();
    await handover();
    expect(started).toEqual(['a', 'b']);
    b.release();
    c.release();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c']);
    expect(queue.state).toEqual({ waiting: 0, saturated: false, running: false });
  });

  it('refuses one more than the limit at once, and takes callers again once there is room', async () => {
    const queue = new PgliteQueue({ queueLimit: 1, waitMs: 10_000 });
    const started: string[] = [];
    const a = held('a', started);
    const first = queue.run(a.task);
    const second = queue.run(async () => 'b');
    expect(queue.state.saturated).toBe(true);
    await expect(queue.run(async () => 'c')).rejects.toBeInstanceOf(DatabaseBusyError);
    a.release();
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    await expect(queue.run(async () => 'd')).resolves.toBe('d');
  });

  it('with a limit of 0 nothing waits: a caller is refused while another runs', async () => {
    const queue = new PgliteQueue({ queueLimit: 0, waitMs: 10_000 });
    const a = held('a', []);
    const first = queue.run(a.task);
    await expect(queue.run(async () => 'b')).rejects.toBeInstanceOf(DatabaseBusyError);
    a.release();
    await first;
  });

  it('refuses a caller that has not started within the wait, and never runs it later', async () => {
    const queue = new PgliteQueue({ queueLimit: 10, waitMs: 50 });
    const started: string[] = [];
    const a = held('a', started);
    const first = queue.run(a.task);
    const late = queue.run(async () => {
      started.push('late');
      return 'late';
    });
    await expect(late).rejects.toThrow(/waited 50 ms/);
    expect(queue.state.waiting).toBe(0);
    a.release();
    await first;
    await handover();
    expect(started).toEqual(['a']);
    // The queue serves again: the refused caller left no slot taken.
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });

  it('refuses a caller whose wait ran out while the running one blocked the event loop', async () => {
    const queue = new PgliteQueue({ queueLimit: 10, waitMs: 20 });
    const ran: string[] = [];
    // PGlite runs a statement synchronously: nothing, not even a timer, runs until it ends.
    const blocking = queue.run(async () => {
      await null;
      const until = performance.now() + 60;
      while (performance.now() < until);
      return 'blocking';
    });
    const late = queue.run(async () => {
      ran.push('late');
    });
    expect(await blocking).toBe('blocking');
    await expect(late).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(ran).toEqual([]);
  });

  it('counts a failed caller out too', async () => {
    const queue = new PgliteQueue({ queueLimit: 0, waitMs: 10_000 });
    await expect(queue.run(async () => Promise.reject(new Error('syntax error')))).rejects.toThrow('syntax error');
    await expect(queue.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('refuses waiters and later callers once closed', async () => {
    const queue = new PgliteQueue({ queueLimit: 10, waitMs: 10_000 });
    const a = held('a', []);
    const first = queue.run(a.task);
    const waiting = queue.run(async () => 'b');
    queue.close();
    await expect(waiting).rejects.toBeInstanceOf(DatabaseBusyError);
    await expect(queue.run(async () => 'c')).rejects.toBeInstanceOf(DatabaseBusyError);
    a.release();
    await expect(first).resolves.toBe('a');
  });
});

describe('queuePglite', () => {
  it('queues a query, an exec and a transaction, but not the statements inside a transaction, and pumps answers at each arrival', async () => {
    const calls: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tx = { query: async (q: string) => (calls.push(`tx:${q}`), 'row') };
    const client = {
      query: async (q: string) => (calls.push(q), 'rows'),
      exec: async (q: string) => (calls.push(q), []),
      transaction: async (fn: (t: typeof tx) => Promise<unknown>) => {
        await gate;
        return fn(tx);
      },
      close: async () => undefined,
      pumped: 0,
      pump() {
        this.pumped++;
      },
    };
    const { queue } = queuePglite(client, { queueLimit: 1, waitMs: 10_000 });
    const db = client;
    // The transaction holds the database; its own statements run inside it.
    const inTx = db.transaction(async (t: typeof tx) => Promise.all([t.query('a'), t.query('b')]));
    const queued = db.query('select 1');
    expect(queue.state).toEqual({ waiting: 1, saturated: true, running: true });
    await expect(db.exec('LISTEN x')).rejects.toBeInstanceOf(DatabaseBusyError);
    release();
    expect(await inTx).toEqual(['row', 'row']);
    expect(await queued).toBe('rows');
    expect(calls).toEqual(['tx:a', 'tx:b', 'select 1']);
    // Each arrival first takes the database thread's answers that are in (three arrivals, one refused).
    expect(client.pumped).toBe(3);
  });
});
