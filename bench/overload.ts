/**
 * Overload benchmark (issue 11 item 4, issue 24 item 3): a flood of long anonymous searches from many
 * addresses, each a different query (no cache can answer it), at rising concurrency, while a "shopper"
 * keeps opening a product page and /healthz and /readyz are probed as a load balancer would. Shows
 * which concurrency the server holds with p99 under 200 ms, that past it the flood is shed with 503 +
 * Retry-After (never a 500) while the shopper is still served, that the probes answer within a
 * second throughout, and the server's memory before and after each level.
 *
 * `npm run bench:overload` on PGlite (levels 100, 400, 800); with `DATABASE_URL=postgres://...` on
 * PostgreSQL (levels 10 to 800; creates, then drops, `<db>_overload`). BENCH_LEVELS, BENCH_SECONDS,
 * BENCH_PRODUCTS override. The server trusts X-Forwarded-For here (TRUST_PROXY=true) so each request
 * can come from its own address: the per-address search limit would otherwise refuse a one-address
 * flood before it reached the database, which is the point of that limit but not what this measures.
 */
import os from 'node:os';
import { generateProducts } from './generate';
import { flood, overASecond, percentile, probeSummary, type FloodFigures } from './flood';
import { dropBenchDatabase, machine, prepareDatabase, serverMemory, startServer, stopServer, writeResults, type ServerMemory } from './server';

const PRODUCTS_PER_TENANT = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3910);
const POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? '10';

interface Level extends FloodFigures {
  shopperP50: number;
  shopperP99: number;
  shopperFailed: number;
  before: ServerMemory;
  after: ServerMemory;
}

/** The flood at one concurrency, and a shopper opening a product page 5 times a second beside it. */
async function floodAt(server: Parameters<typeof serverMemory>[0], connections: number): Promise<Level> {
  const before = await serverMemory(server);
  const shopperPage = { path: `/api/products/by-slug/bench-${Math.min(42, PRODUCTS_PER_TENANT)}`, intervalMs: 200 };
  const figures = await flood(PORT, connections, SECONDS, [shopperPage]);
  const shopper = [...figures.extra[0].latencies].sort((a, b) => a - b);
  const after = await serverMemory(server);
  const level: Level = {
    ...figures,
    shopperP50: Math.round(percentile(shopper, 50)),
    shopperP99: Math.round(percentile(shopper, 99)),
    shopperFailed: figures.extra[0].asked - (figures.extra[0].statuses[200] ?? 0),
    before,
    after,
  };
  console.log(
    `${String(connections).padStart(4)} conns ${String(level.rps).padStart(6)} req/s  ${level.requests} requests: 2xx ${level.ok}  503 ${level.shed}  429 ${level.limited}  other ${level.other}  ` +
      `p50 ${level.p50} p95 ${level.p95} p99 ${level.p99} (2xx p99 ${level.okP99}) ms   shopper p50 ${level.shopperP50} p99 ${level.shopperP99} ms, ${level.shopperFailed} failed\n` +
      `           /healthz ${probeSummary(level.healthz)}   /readyz ${probeSummary(level.readyz)}   listen queue overflows ${level.listenOverflows ?? 'unknown'}   server event loop held up at most ${after.loopDelayMaxMs} ms   RSS ${before.rss} -> ${after.rss} MB, heap after GC ${before.heap} -> ${after.heap} MB`,
  );
  return level;
}

const { env, kind } = await prepareDatabase('overload', PORT, async (db, seed) => {
  for (const tenantId of Object.values(seed.tenantIds)) await generateProducts(db, tenantId, PRODUCTS_PER_TENANT);
});
const LEVELS = (process.env.BENCH_LEVELS ?? (kind === 'PGlite' ? '100,400,800' : '10,25,50,100,200,400,800')).split(',').map(Number);
const server = await startServer(PORT, { ...env, TRUST_PROXY: 'true', CATALOGUE_CACHE_SECONDS: '0', DATABASE_POOL_SIZE: POOL_SIZE }, { memory: true });
const loadBefore = os.loadavg()[0];
const levels: Level[] = [];
try {
  for (const connections of LEVELS) {
    levels.push(await floodAt(server, connections));
    // Let the queue drain before the next level.
    await new Promise((r) => setTimeout(r, 2000));
  }
} finally {
  await stopServer(server);
}
const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`;
const holding = levels.filter((l) => l.p99 < 200 && l.other === 0 && l.shed === 0);
const held = holding.length ? Math.max(...holding.map((l) => l.connections)) : 0;
const probesWorst = Math.max(...levels.flatMap((l) => [l.healthz.worst, l.readyz.worst]));
console.log(`\n${load}\nHighest concurrency with p99 under 200 ms and nothing shed: ${held || 'none measured'}; slowest /healthz or /readyz answer: ${probesWorst} ms`);

const probeCell = (p: FloodFigures['healthz']) => `${p.worst} (${overASecond(p)} of ${p.asked} over 1 s; ${p.statuses[200] ?? 0} 200)`;
const rows = levels
  .map(
    (l) =>
      `| ${l.connections} | ${l.requests} | ${l.rps} | ${l.ok} | ${l.shed} | ${l.limited} | ${l.other} | ${l.p50} | ${l.p95} | ${l.p99} | ${l.okP99} | ${l.shopperP50} | ${l.shopperP99} | ${l.shopperFailed} | ${probeCell(l.healthz)} | ${probeCell(l.readyz)} | ${l.listenOverflows ?? 'unknown'} | ${l.after.loopDelayMaxMs} | ${l.before.rss} → ${l.after.rss} | ${l.before.heap} → ${l.after.heap} |`,
  )
  .join('\n');
const queueing =
  kind === 'PGlite'
    ? `one embedded database (one statement at a time) behind a queue of ${process.env.DATABASE_QUEUE_LIMIT ?? 500} waiting requests, wait ${process.env.DATABASE_QUEUE_WAIT_MS ?? 3000} ms (decision 032)`
    : `pool of ${POOL_SIZE} connections, wait queue ${process.env.DATABASE_QUEUE_LIMIT ?? 500}, wait ${process.env.DATABASE_QUEUE_WAIT_MS ?? 3000} ms, statement timeout ${process.env.DATABASE_STATEMENT_TIMEOUT_MS ?? 10_000} ms`;
writeResults(
  `## Overload, ${kind}`,
  `## Overload, ${kind}, ${new Date().toISOString().slice(0, 10)}

Written by \`bench/overload.ts\` (\`npm run bench:overload\`${kind === 'PostgreSQL' ? ' with DATABASE_URL' : ''}). ${PRODUCTS_PER_TENANT} products per tenant; catalogue cache off; ${queueing}; autocannon sends long searches (six words, some misspelt, and a random tail, so no two alike), each from its own address (X-Forwarded-For), ${SECONDS} s per level, client timeout 30 s; meanwhile one shopper opens a product page (\`/api/products/by-slug\`) 5 times a second, and \`/healthz\` and \`/readyz\` are each asked every 100 ms on a fresh connection (from a thread of their own: bench/probe-worker.mjs), so one that arrives while a level opens its connections at once waits to be accepted (decision 032, "Costs"); "listen queue overflows" counts the connections the kernel dropped meanwhile because the server's accept queue was full (the machine's TcpExt ListenOverflows), each of which its client resends only after a second or more; "event loop held up" is the longest the server's main thread went without turning its event loop during the level (bench/memory-probe.mjs), so a slow probe can be told from a server that could not get to it. Memory is the server's after a full garbage collection (bench/memory-probe.mjs), before and after each level: resident set of the whole process, V8 heap of the main thread. ${machine()}, ${load}.

**Highest concurrency held with p99 under 200 ms and nothing shed: ${held || 'none of those measured'}. Slowest \`/healthz\` or \`/readyz\` answer during the floods: ${probesWorst} ms.** Past that concurrency the server sheds the excess with 503 and \`Retry-After\` instead of queueing it; "other" counts any other non-2xx answer, socket error or client timeout (a 500 would appear there). \`/readyz\` answering 503 during a flood is its job (send traffic elsewhere); the probe columns give the slowest answer in ms, how many of the probes took over a second, and how many answered 200.

| connections | requests | req/s | 2xx | 503 | 429 | other | p50 ms | p95 ms | p99 ms | 2xx p99 ms | shopper p50 ms | shopper p99 ms | shopper failed | /healthz worst ms | /readyz worst ms | listen queue overflows | event loop held up, worst ms | RSS MB | heap MB |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows}
`,
);
await dropBenchDatabase(env);
