/**
 * The flood the overload and soak benchmarks send (issues 11 and 24): long anonymous searches, each
 * different (no cache can answer it) and from its own address, at a given concurrency, while /healthz
 * and /readyz are asked every 100 ms on fresh connections, as a load balancer would.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { DEMO_HOST } from './server';

const WORDS = ['oak', 'linen', 'stoneware', 'enamel', 'copper', 'walnut', 'terracota', 'wool', 'rattan', 'glass', 'brass', 'slate', 'mug', 'bowl', 'lamp', 'cushion', 'vase', 'jug', 'basket', 'candle'];

/** A long search no one searched before: six words (some misspelt) and a random tail. */
export function longQuery(): string {
  const words = Array.from({ length: 6 }, () => WORDS[Math.floor(Math.random() * WORDS.length)]);
  return encodeURIComponent(`${words.join(' ')} ${Math.random().toString(36).slice(2, 8)}`);
}

export const randomAddress = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One GET on a fresh connection (as a probe or a new shopper makes it): status 0 on a socket error or after 60 s. */
export function timedGet(port: number, path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: number) => resolve({ status, ms: Math.round(performance.now() - started) });
    const req = http.request({ host: '127.0.0.1', port, path, agent: false, timeout: 60_000, headers: { host: DEMO_HOST, 'x-forwarded-for': randomAddress() } }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => done(0));
    req.end();
  });
}

export interface ProbeFigures {
  asked: number;
  /** Every answer's time, ms, in order. */
  latencies: number[];
  /** The slowest answer, in ms. */
  worst: number;
  /** Answers by status (0: no answer). */
  statuses: Record<number, number>;
}

export interface ProbeTarget {
  path: string;
  intervalMs: number;
}

/**
 * Asks each target path, one request at a time, every `intervalMs`, from a worker thread of its own
 * (bench/probe-worker.mjs), until stop() resolves the figures in the targets' order.
 */
export function startProbes(port: number, targets: ProbeTarget[]): { stop: () => Promise<ProbeFigures[]> } {
  const worker = new Worker(new URL('./probe-worker.mjs', import.meta.url), { workerData: { port, host: DEMO_HOST, targets } });
  return {
    stop: async () => {
      const answered = new Promise<Omit<ProbeFigures, 'worst'>[]>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const figures = await answered;
      await worker.terminate();
      return figures.map((f) => ({ ...f, worst: Math.max(0, ...f.latencies) }));
    },
  };
}

export interface FloodFigures {
  connections: number;
  requests: number;
  rps: number;
  ok: number;
  shed: number;
  limited: number;
  /** Any other status, socket error or client timeout (a 500 would be here). */
  other: number;
  p50: number;
  p95: number;
  p99: number;
  okP99: number;
  healthz: ProbeFigures;
  readyz: ProbeFigures;
  /** The extra targets' figures, in their order. */
  extra: ProbeFigures[];
  /**
   * Connections the kernel refused to queue for the server to accept during the flood (the whole
   * machine's TcpExt ListenOverflows; null off Linux). Each makes its client resend after 1 s, then 3,
   * 7, 15: the long probe waits the soak once showed.
   */
  listenOverflows: number | null;
}

/** The machine's count of connections dropped because a listen queue was full (Linux), or null. */
function listenOverflows(): number | null {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n').filter((line) => line.startsWith('TcpExt:'));
    const names = lines[0].split(/\s+/);
    const values = lines[1].split(/\s+/);
    const at = names.indexOf('ListenOverflows');
    return at > 0 ? Number(values[at]) : null;
  } catch {
    return null;
  }
}

/** The flood at one concurrency for `seconds`, with /healthz, /readyz and any `extra` targets probed beside it. */
export async function flood(port: number, connections: number, seconds: number, extra: ProbeTarget[] = []): Promise<FloodFigures> {
  const all: number[] = [];
  const ok: number[] = [];
  const counts = { ok: 0, shed: 0, limited: 0, other: 0 };
  const overflowsBefore = listenOverflows();
  const probes = startProbes(port, [
    { path: '/healthz', intervalMs: 100 },
    { path: '/readyz', intervalMs: 100 },
    ...extra,
  ]);
  const result = await new Promise<autocannon.Result>((resolve) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        timeout: 30,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/products?q=${longQuery()}`, headers: { host: DEMO_HOST, 'x-forwarded-for': randomAddress() } }) }],
      },
      (_err, res) => resolve(res),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      all.push(responseTime);
      if (statusCode < 300) {
        counts.ok++;
        ok.push(responseTime);
      } else if (statusCode === 503) counts.shed++;
      else if (statusCode === 429) counts.limited++;
      else counts.other++;
    });
  });
  const [healthz, readyz, ...extraFigures] = await probes.stop();
  const overflowsAfter = listenOverflows();
  for (const list of [all, ok]) list.sort((a, b) => a - b);
  return {
    connections,
    requests: all.length + result.errors,
    rps: Math.round(result.requests.average),
    ...counts,
    // autocannon counts a client timeout as an error too.
    other: counts.other + result.errors,
    p50: Math.round(percentile(all, 50)),
    p95: Math.round(percentile(all, 95)),
    p99: Math.round(percentile(all, 99)),
    okP99: Math.round(percentile(ok, 99)),
    healthz,
    readyz,
    extra: extraFigures,
    listenOverflows: overflowsBefore === null || overflowsAfter === null ? null : overflowsAfter - overflowsBefore,
  };
}

/** Probe answers that took over a second. */
export const overASecond = (p: ProbeFigures) => p.latencies.filter((ms) => ms > 1000).length;

/** "w ms worst of n, k over 1 s (503 m)": the slowest answer, how many took over a second, what else than 200. */
export function probeSummary(p: ProbeFigures): string {
  const others = Object.entries(p.statuses).filter(([status]) => status !== '200').map(([status, n]) => `${status === '0' ? 'no answer' : status} ${n}`);
  return `${p.worst} ms worst of ${p.asked}, ${overASecond(p)} over 1 s${others.length ? ` (${others.join(', ')})` : ''}`;
}
