import { afterEach, describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerHealthRoutes } from '../http/health';
import type { AppDeps } from '../http/context';
import { RequestTracker } from './request-tracker';
import { exitOnShutdownSignals, shutDown, type ShutdownOptions } from './shutdown';

// Graceful shutdown (decision 057) on a real listening server: readiness turns 503 at once, everything
// that arrives during the drain window is still served (with Connection: close), then new connections
// are refused, in-flight requests finish, and only then are the resources closed.

interface Harness {
  app: FastifyInstance;
  port: number;
  tracker: RequestTracker;
  /** Resolves the slow route's answers that are waiting. */
  releaseSlow(): void;
  /** What shutDown sleeps through as its drain window: until endDrain(). */
  sleep(ms: number): Promise<void>;
  endDrain(): void;
  drainStarted: Promise<void>;
  closed: string[];
}

let current: Harness | null = null;
afterEach(async () => {
  current?.releaseSlow();
  current?.endDrain();
  current?.app.server.closeAllConnections();
  await current?.app.close().catch(() => {});
  current = null;
});

async function serve(): Promise<Harness> {
  const app = Fastify();
  // /readyz's database part always answers ready here: this file is about the process's own part.
  app.decorate('deps', { scopes: { probe: async () => ({ ready: true }) } } as unknown as AppDeps);
  registerHealthRoutes(app);
  let releaseSlow: () => void = () => {};
  let slowGate = new Promise<void>((r) => (releaseSlow = r));
  app.get('/slow', async () => {
    await slowGate;
    return { slow: 'done' };
  });
  app.get('/fast', async () => ({ fast: true }));
  // An event stream: never ends by itself; it ends when shutdown stops accepting.
  const streams = new Set<http.ServerResponse>();
  app.serving.whenAcceptingEnds(() => streams.forEach((res) => res.end()));
  app.get('/stream', async (_req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write('retry: 1000\n\n');
    streams.add(reply.raw);
  });
  const tracker = new RequestTracker(app.server);
  await app.listen({ port: 0, host: '127.0.0.1' });
  let endDrain: () => void = () => {};
  let drainStarted: () => void = () => {};
  const h: Harness = {
    app,
    port: (app.server.address() as { port: number }).port,
    tracker,
    releaseSlow: () => {
      releaseSlow();
      slowGate = new Promise<void>((r) => (releaseSlow = r));
    },
    sleep: () => {
      drainStarted();
      return new Promise<void>((r) => (endDrain = r));
    },
    endDrain: () => endDrain(),
    drainStarted: new Promise<void>((r) => (drainStarted = r)),
    closed: [],
  };
  current = h;
  return h;
}

function start(h: Harness, options: Partial<ShutdownOptions> = {}, closeResources: () => Promise<void> = async () => void h.closed.push('resources')) {
  const notes: string[] = [];
  const problems: string[] = [];
  const code = shutDown(
    { drainMs: 1000, timeoutMs: 5000, ...options },
    { server: h.app.server, tracker: h.tracker, serving: h.app.serving, closeResources, log: { note: (m) => notes.push(m), problem: (_o, m) => problems.push(m) }, sleep: h.sleep },
  );
  return { code, notes, problems };
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** One request; `agent` keeps its connection alive between requests. */
function get(port: number, path: string, agent?: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: agent ?? false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
  });
}

const settled = async <T>(p: Promise<T>) => Promise.race([p.then(() => 'settled' as const, () => 'settled' as const), new Promise<'pending'>((r) => setImmediate(() => setImmediate(() => r('pending'))))]);

describe('shutting down', () => {
  it('stops being ready at once, keeps serving during the drain, then finishes in-flight requests and closes, exiting 0', async () => {
    const h = await serve();
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(h.port, '/readyz', keepAlive)).status).toBe(200);
    const slow = get(h.port, '/slow');
    await expect.poll(() => h.tracker.inFlight).toBe(1);

    const run = start(h);
    await h.drainStarted;
    // Draining: not ready, but everything that arrives is answered, on the old connection and on new ones.
    const ready = await get(h.port, '/readyz', keepAlive);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body).error.message).toBe('Not ready: shutting down.');
    expect(ready.connection).toBe('close');
    const fresh = await get(h.port, '/fast');
    expect(fresh).toMatchObject({ status: 200, connection: 'close' });
    expect(h.closed).toEqual([]);

    h.endDrain();
    // No new connections once the drain is over; the in-flight request is still being waited for.
    await expect.poll(() => h.app.server.listening).toBe(false);
    await expect(get(h.port, '/fast')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await settled(run.code)).toBe('pending');
    expect(h.closed).toEqual([]);

    h.releaseSlow();
    expect(await slow).toMatchObject({ status: 200, body: '{"slow":"done"}' });
    expect(await run.code).toBe(0);
    expect(h.closed).toEqual(['resources']);
    expect(run.problems).toEqual([]);
    expect(run.notes.at(-1)).toBe('Stopped cleanly.');
    keepAlive.destroy();
  });

  it('ends event streams when it stops accepting, rather than waiting for them until the deadline', async () => {
    const h = await serve();
    const stream = get(h.port, '/stream');
    await expect.poll(() => h.tracker.inFlight).toBe(1);
    const run = start(h, { timeoutMs: 60_000 });
    await h.drainStarted;
    expect(await settled(stream)).toBe('pending');
    h.endDrain();
    expect(await stream).toMatchObject({ status: 200, body: 'retry: 1000\n\n' });
    expect(await run.code).toBe(0);
    expect(h.closed).toEqual(['resources']);
  });

  it('cuts requests still running at the deadline, closes the rest anyway, and exits 1', async () => {
    const h = await serve();
    const slow = get(h.port, '/slow');
    await expect.poll(() => h.tracker.inFlight).toBe(1);
    const run = start(h, { timeoutMs: 200 });
    await h.drainStarted;
    h.endDrain();
    await expect(slow).rejects.toThrow();
    expect(await run.code).toBe(1);
    expect(h.closed).toEqual(['resources']);
    expect(run.problems).toEqual(['requests still running at the shutdown deadline were cut']);
  });

  it('exits 1 when closing the resources fails or overruns the deadline', async () => {
    const failing = await serve();
    const failed = start(failing, { timeoutMs: 1000 }, async () => {
      throw new Error('the pool would not end');
    });
    failing.endDrain();
    expect(await failed.code).toBe(1);
    expect(failed.problems).toEqual(['closing jobs and connections failed']);
    await failing.app.close();
    current = null;

    const hanging = await serve();
    const late = start(hanging, { timeoutMs: 100 }, () => new Promise<void>(() => {}));
    hanging.endDrain();
    expect(await late.code).toBe(1);
    expect(late.problems).toEqual(['closing jobs and connections overran the shutdown deadline']);
  });
});

describe('signals', () => {
  it('shut down on the first SIGTERM or SIGINT and exit with its code; a second signal exits 1 at once', async () => {
    for (const first of ['SIGTERM', 'SIGINT'] as const) {
      const signals = new EventEmitter();
      const exits: number[] = [];
      const problems: string[] = [];
      let finish: (code: number) => void = () => {};
      const seen: string[] = [];
      exitOnShutdownSignals(
        (signal) => {
          seen.push(signal);
          return new Promise<number>((r) => (finish = r));
        },
        { problem: (_o, m) => problems.push(m) },
        (code) => exits.push(code),
        signals as unknown as NodeJS.Process,
      );
      signals.emit(first, first);
      expect(seen).toEqual([first]);
      expect(exits).toEqual([]);
      signals.emit('SIGINT', 'SIGINT');
      expect(exits).toEqual([1]);
      expect(problems).toEqual(['a second signal during shutdown: exiting now']);
      finish(0);
      await new Promise((r) => setImmediate(r));
      expect(exits).toEqual([1, 0]);
      expect(seen).toEqual([first]);
    }
  });
});
