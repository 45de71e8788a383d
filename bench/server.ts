/**
 * What the benchmarks share: a fresh bench database (PGlite, or PostgreSQL beside DATABASE_URL), the
 * built server started as `npm start` starts it, requests as the demo store's host, and the
 * newest-run-replaces-the-old writing of bench/RESULTS.md.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, runMigrations } from '../src/server/db/connection';
import { LocalFileStorage } from '../src/server/adapters/storage/local-storage';
import { seedDemo } from '../src/server/seed/demo';
import { freshDatabaseUrl } from '../src/server/test/databases';
import { serverNodeArgs } from '../scripts/server-heap';

export const root = path.resolve(import.meta.dirname, '..');
export const DEMO_HOST = 'demo.localhost';

type Database = Awaited<ReturnType<typeof openDatabase>>;
type Seed = Awaited<ReturnType<typeof seedDemo>>;

/**
 * Migrates and seeds the demo data into a fresh database (`<db>_<suffix>` on PostgreSQL, a temporary
 * folder on PGlite), lets `fill` add to it, and answers the server's environment.
 */
export async function prepareDatabase(
  suffix: string,
  port: number,
  fill: (db: Database['db'], seed: Seed) => Promise<void>,
): Promise<{ env: Record<string, string>; kind: 'PostgreSQL' | 'PGlite' }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const databaseUrl = process.env.DATABASE_URL ? await freshDatabaseUrl(process.env.DATABASE_URL, suffix) : undefined;
  const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? null : path.join(dataDir, 'pglite') });
  try {
    await runMigrations(database);
    const seed = await seedDemo(database.db, 'bench-password', new LocalFileStorage(path.join(dataDir, 'files')));
    await fill(database.db, seed);
  } finally {
    await database.close();
  }
  // TRUST_PROXY: measure() sends each request from its own address (X-Forwarded-For), as many shoppers
  // would, so the per-address search limit (SEARCH_RATE_LIMIT) stays on the measured path but does not
  // turn one benchmarking machine into one over-eager shopper.
  // SHUTDOWN_DRAIN_MS=0: no proxy watches a bench server's readiness, so it stops without the drain.
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', SEED_DEMO: 'false', PORT: String(port), LOG_LEVEL: 'error', TRUST_PROXY: 'true', SHUTDOWN_DRAIN_MS: '0' };
  return { env, kind: databaseUrl ? 'PostgreSQL' : 'PGlite' };
}

/**
 * Starts the built server as `npm start` does. With `memory`, it also gets bench/memory-probe.mjs and
 * an IPC channel, so serverMemory() can read its memory after a garbage collection.
 */
export async function startServer(port: number, env: Record<string, string>, options: { memory?: boolean } = {}) {
  const probeArgs = options.memory ? ['--expose-gc', '--import', path.join(root, 'bench/memory-probe.mjs')] : [];
  const stdio: StdioOptions = options.memory ? ['ignore', 'ignore', 'inherit', 'ipc'] : ['ignore', 'ignore', 'inherit'];
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profileArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...serverNodeArgs(), ...probeArgs, ...profileArgs, 'scripts/start.mjs'], { cwd: root, env: { ...process.env, ...env }, stdio });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error('server did not start');
}

export interface ServerMemory {
  /** Resident set, MB. */
  rss: number;
  /** V8 heap in use after a full garbage collection, MB. */
  heap: number;
  /** Memory outside the V8 heap (PGlite's WebAssembly memory among it), MB. */
  external: number;
  /** How long the server took to answer, ms: it answers between two event-loop turns. */
  ms: number;
  /** The longest the server's main thread held up its event loop since the previous reading, ms. */
  loopDelayMaxMs: number;
}

let memoryRequests = 0;

/** The server's memory after a garbage collection (started with `memory: true`). */
export function serverMemory(child: ChildProcess): Promise<ServerMemory> {
  const id = ++memoryRequests;
  const asked = performance.now();
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error('the server did not report its memory within 60 s'));
    }, 60_000);
    const onMessage = (message: { type?: string; id?: number; rss: number; heapUsed: number; external: number; loopDelayMaxMs: number }) => {
      if (message?.type !== 'memory' || message.id !== id) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve({ rss: mb(message.rss), heap: mb(message.heapUsed), external: mb(message.external), ms: Math.round(performance.now() - asked), loopDelayMaxMs: message.loopDelayMaxMs });
    };
    child.on('message', onMessage);
    child.send({ type: 'memory', id });
  });
}

/** Stops the server and waits for it, so the next one can take the port and the PGlite folder. */
export async function stopServer(child: ReturnType<typeof spawn>) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export interface Answer<T> {
  status: number;
  body: T;
  setCookie: string[];
}

/** A request as the demo store's host; fetch() cannot set Host, node:http can. */
export function request<T>(port: number, method: string, urlPath: string, options: { body?: unknown; cookie?: string } = {}): Promise<Answer<T>> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { host: DEMO_HOST };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T, setCookie: res.headers['set-cookie'] ?? [] }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export function getJson<T>(port: number, urlPath: string): Promise<T> {
  return request<T>(port, 'GET', urlPath).then((a) => a.body);
}

export interface Figure {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Bytes per answer as sent (body and headers), kB. */
  kbPerAnswer: number;
  /** For server-rendered pages (countMade): answers by how the page was made (its Server-Timing: kept, rendered, bare). */
  made?: Record<string, number>;
}

/** Addresses from the benchmarking range (198.18.0.0/15, RFC 2544), a different one per request. */
let lastAddress = 0;
export const nextAddress = () => {
  lastAddress = (lastAddress + 1) % 65_536;
  return `198.18.${lastAddress >> 8}.${lastAddress & 255}`;
};

/** What a browser sends with every request that changes the answer: it takes brotli and gzip. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** One route at steady state: 2 s of warm-up (route and database caches), then `seconds` measured. */
export async function measure(port: number, name: string, urlPath: string, seconds: number, connections = 10, headers: Record<string, string> = {}, countMade = false): Promise<Figure> {
  let made: Record<string, number> = {};
  const onResponse = (_status: number, _body: string, _context: object, responseHeaders: autocannon.Request['headers']) => {
    const how = /first-view;desc=(\w+)/.exec(String(responseHeaders?.['server-timing'] ?? ''))?.[1] ?? 'none';
    made[how] = (made[how] ?? 0) + 1;
  };
  const options = {
    url: `http://127.0.0.1:${port}${urlPath}`,
    connections,
    requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, ...headers, host: DEMO_HOST, 'x-forwarded-for': nextAddress() } }), ...(countMade ? { onResponse } : {}) }],
  };
  await autocannon({ ...options, duration: 2 });
  made = {};
  const r = await autocannon({ ...options, duration: seconds });
  const kbPerAnswer = Math.round(r.throughput.average / Math.max(r.requests.average, 1) / 102.4) / 10;
  const figure: Figure = { name, path: urlPath, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, kbPerAnswer, ...(countMade ? { made } : {}) };
  const madeText = countMade ? `   ${Object.entries(made).map(([how, n]) => `${how} ${n}`).join(', ')}` : '';
  console.log(`${name.padEnd(34)} ${String(figure.rps).padStart(6)} req/s   p50 ${figure.p50} ms   p99 ${figure.p99} ms   errors ${figure.errors}${madeText}`);
  return figure;
}

/** "N CPU cores (model), Node vX": the machine the figures came from. */
export function machine(): string {
  return `${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`;
}

/**
 * Adds a section to bench/RESULTS.md, replacing every older section whose heading starts with
 * `headingPrefix` (e.g. "## PostgreSQL,"): the newest run of each kind replaces the old one.
 */
export function writeResults(headingPrefix: string, section: string): void {
  const resultsFile = path.join(root, 'bench/RESULTS.md');
  const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Benchmark results\n\nWritten by `bench/run.ts` and `bench/checkout.ts`; the newest run of each database replaces the older one.\n';
  const kept = previous.split(/\n(?=## )/).filter((part) => !part.startsWith(headingPrefix));
  writeFileSync(resultsFile, `${kept.join('\n').trimEnd()}\n\n${section}`);
  console.log('Written to bench/RESULTS.md');
}

/** Drops the PostgreSQL bench database prepareDatabase made (PGlite's lives in a temporary folder). */
export async function dropBenchDatabase(env: Record<string, string>): Promise<void> {
  if (!env.DATABASE_URL) return;
  const url = new URL(env.DATABASE_URL);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
