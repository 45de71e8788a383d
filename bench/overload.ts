/**
 * Overload benchmark (issue 11, item 4): a flood of long anonymous searches from many addresses, each a
 * different query (no cache can answer it), at rising concurrency, while a "shopper" keeps opening a
 * product page. Shows which concurrency the server holds with p99 under 200 ms, and that past it the
 * flood is shed with 503 + Retry-After (never a 500) while the shopper is still served.
 *
 * `DATABASE_URL=postgres://... npx tsx bench/overload.ts` (creates, then drops, `<db>_overload`).
 * The server trusts X-Forwarded-For here (TRUST_PROXY=true) so each request can come from its own
 * address: the per-address search limit would otherwise refuse a one-address flood before it reached
 * the database, which is the point of that limit but not what this measures.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { generateProducts } from './generate';
import { dropBenchDatabase, machine, prepareDatabase, request, startServer, stopServer, writeResults } from './server';

const PRODUCTS_PER_TENANT = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3910);
const LEVELS = (process.env.BENCH_LEVELS ?? '10,25,50,100,200,400,800').split(',').map(Number);
const POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? '10';

const WORDS = ['oak', 'linen', 'stoneware', 'enamel', 'copper', 'walnut', 'terracota', 'wool', 'rattan', 'glass', 'brass', 'slate', 'mug', 'bowl', 'lamp', 'cushion', 'vase', 'jug', 'basket', 'candle'];

/** A long search no one searched before: six words (some misspelt) and a random tail. */
function longQuery(): string {
  const words = Array.from({ length: 6 }, () => WORDS[Math.floor(Math.random() * WORDS.length)]);
  return encodeURIComponent(`${words.join(' ')} ${Math.random().toString(36).slice(2, 8)}`);
}

const randomAddress = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Level {
  connections: number;
  rps: number;
  ok: number;
  shed: number;
  limited: number;
  failed: number;
  p50: number;
  p99: number;
  okP99: number;
  shopperP50: number;
  shopperP99: number;
  shopperFailed: number;
}

/** The flood at one concurrency, and a shopper opening a product page 5 times a second beside it. */
async function floodAt(connections: number): Promise<Level> {
  const all: number[] = [];
  const ok: number[] = [];
  const counts = { ok: 0, shed: 0, limited: 0, failed: 0 };
  let stop = false;
  const shopper: number[] = [];
  let shopperFailed = 0;
  const shopperLoop = (async () => {
    while (!stop) {
      const started = performance.now();
      const answer = await request(PORT, 'GET', `/api/products/by-slug/bench-${Math.min(42, PRODUCTS_PER_TENANT)}`).catch(() => ({ status: 0 }));
      shopper.push(performance.now() - started);
      if (answer.status !== 200) shopperFailed++;
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  let finished!: (result: autocannon.Result) => void;
  const done = new Promise<autocannon.Result>((resolve) => (finished = resolve));
  const instance = autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections,
    duration: SECONDS,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/products?q=${longQuery()}`, headers: { host: 'demo.localhost', 'x-forwarded-for': randomAddress() } }) }],
  }, (_err, result) => finished(result));
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    all.push(responseTime);
    if (statusCode < 300) {
      counts.ok++;
      ok.push(responseTime);
    } else if (statusCode === 503) counts.shed++;
    else if (statusCode === 429) counts.limited++;
    else counts.failed++;
  });
  const result = await done;
  stop = true;
  await shopperLoop;
  for (const list of [all, ok, shopper]) list.sort((a, b) => a - b);
  const level: Level = {
    connections,
    rps: Math.round(result.requests.average),
    ...counts,
    failed: counts.failed + result.errors,
    p50: Math.round(percentile(all, 50)),
    p99: Math.round(percentile(all, 99)),
    okP99: Math.round(percentile(ok, 99)),
    shopperP50: Math.round(percentile(shopper, 50)),
    shopperP99: Math.round(percentile(shopper, 99)),
    shopperFailed,
  };
  console.log(
    `${String(connections).padStart(4)} conns ${String(level.rps).padStart(6)} req/s  2xx ${level.ok}  503 ${level.shed}  429 ${level.limited}  other ${level.failed}  ` +
      `p50 ${level.p50} p99 ${level.p99} (2xx p99 ${level.okP99}) ms   shopper p50 ${level.shopperP50} p99 ${level.shopperP99} ms, ${level.shopperFailed} failed`,
  );
  return level;
}

const { env, kind } = await prepareDatabase('overload', PORT, async (db, seed) => {
  for (const tenantId of Object.values(seed.tenantIds)) await generateProducts(db, tenantId, PRODUCTS_PER_TENANT);
});
const server = await startServer(PORT, { ...env, TRUST_PROXY: 'true', CATALOGUE_CACHE_SECONDS: '0', DATABASE_POOL_SIZE: POOL_SIZE });
const loadBefore = os.loadavg()[0];
const levels: Level[] = [];
try {
  for (const connections of LEVELS) {
    levels.push(await floodAt(connections));
    // Let the queue drain before the next level.
    await new Promise((r) => setTimeout(r, 2000));
  }
} finally {
  await stopServer(server);
}
const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`;
const holding = levels.filter((l) => l.p99 < 200 && l.failed === 0 && l.shed === 0);
const held = holding.length ? Math.max(...holding.map((l) => l.connections)) : 0;
console.log(`\n${load}\nHighest concurrency with p99 under 200 ms and nothing shed: ${held || 'none measured'}`);

const rows = levels
  .map((l) => `| ${l.connections} | ${l.rps} | ${l.ok} | ${l.shed} | ${l.limited} | ${l.failed} | ${l.p50} | ${l.p99} | ${l.okP99} | ${l.shopperP50} | ${l.shopperP99} | ${l.shopperFailed} |`)
  .join('\n');
writeResults(
  `## Overload, ${kind}`,
  `## Overload, ${kind}, ${new Date().toISOString().slice(0, 10)}

Written by \`bench/overload.ts\`. ${PRODUCTS_PER_TENANT} products per tenant; catalogue cache off; pool of ${POOL_SIZE} connections, wait queue ${process.env.DATABASE_QUEUE_LIMIT ?? 500}, wait ${process.env.DATABASE_QUEUE_WAIT_MS ?? 3000} ms; autocannon sends long searches (six words, some misspelt, and a random tail, so no two alike), each from its own address (X-Forwarded-For), ${SECONDS} s per level; meanwhile one shopper opens a product page (\`/api/products/by-slug\`) 5 times a second. ${machine()}, ${load}.

**Highest concurrency held with p99 under 200 ms and nothing shed: ${held || 'none of those measured'}.** Past it the server sheds the excess with 503 and \`Retry-After\` instead of queueing it; "other" counts any other non-2xx answer or socket error (a 500 would appear there).

| connections | req/s | 2xx | 503 | 429 | other | p50 ms | p99 ms | 2xx p99 ms | shopper p50 ms | shopper p99 ms | shopper failed |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows}
`,
);
await dropBenchDatabase(env);
