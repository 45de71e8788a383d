/**
 * Discount code benchmark (issue 28): applying a code to a cart, `PUT /api/cart/discount`, with 10,000
 * generated products and 1,000 codes in the store (a third of them for chosen categories, so the
 * category look-up is on the path). `npx tsx bench/discounts.ts` runs on PGlite; with DATABASE_URL on
 * PostgreSQL (in a fresh `<db>_bench_discounts`, dropped afterwards). Each request applies the next
 * code to the next of 200 carts of three lines; every code applies, so no try is refused (refused ones
 * are rate limited). Prints figures and writes them to bench/RESULTS.md. The target: p99 < 50 ms at 10
 * connections on PostgreSQL.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { withScope } from '../src/server/db/scope';
import { generateProducts } from './generate';
import { DEMO_HOST, dropBenchDatabase, getJson, machine, prepareDatabase, request, startServer, stopServer, writeResults } from './server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PORT = Number(process.env.BENCH_PORT ?? 3910);
const CONNECTIONS = 10;
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CODES = 1_000;
const CARTS = 200;

const { env, kind } = await prepareDatabase('bench_discounts', PORT, async (db, seed) => {
  const tenantId = seed.tenantIds.demo;
  await generateProducts(db, tenantId, PRODUCTS);
  await withScope(db, { tenantId, userId: null }, async (tx) => {
    await tx.execute(sql`update products set track_inventory = false`);
    // 1,000 codes: percentages, fixed amounts and free delivery; every third for chosen categories (all of
    // the store's, so that every code applies to every cart and no try is refused).
    await tx.execute(sql`
      with cats as (select array_agg(id order by slug) as ids from categories where tenant_id = ${tenantId}::uuid)
      insert into discount_codes (tenant_id, code, kind, value, applies_to, category_ids, usage_limit)
      select ${tenantId}::uuid, 'BENCH' || lpad(g::text, 4, '0'),
             (array['percentage', 'fixed', 'free_delivery'])[1 + g % 3],
             case g % 3 when 0 then 5 + g % 30 when 1 then 100 + g % 900 else 0 end,
             case when g % 3 = 1 then 'items' else 'order' end,
             case when g % 3 = 1 then (select ids from cats) else '{}'::uuid[] end,
             case when g % 2 = 0 then 1000000 end
      from generate_series(1, ${CODES}) g`);
  });
});
const server = await startServer(PORT, env);
let figureLine = '';
let loadBefore = 0;
let result: autocannon.Result;
try {
  const { items } = await getJson<{ items: { id: string; has_variants: boolean }[] }>(PORT, '/api/products?limit=48&sort=newest');
  const productIds = items.filter((p) => !p.has_variants).map((p) => p.id);
  // Carts of three lines each, some in the codes' categories and some not.
  const carts: string[] = [];
  for (let i = 0; i < CARTS; i++) {
    let cookie = '';
    for (let line = 0; line < 3; line++) {
      const answer = await request(PORT, 'POST', '/api/cart/items', { body: { product_id: productIds[(i * 3 + line) % productIds.length], quantity: 1 }, cookie: cookie || undefined });
      if (answer.status !== 200) throw new Error(`add to cart answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      cookie ||= answer.setCookie.find((c) => c.startsWith('cart='))!.split(';')[0];
    }
    carts.push(cookie);
  }
  const probe = await request(PORT, 'PUT', '/api/cart/discount', { body: { code: 'bench0001' }, cookie: carts[0] });
  if (probe.status !== 200) throw new Error(`applying a code answered ${probe.status}: ${JSON.stringify(probe.body)}`);

  let turn = 0;
  const run = (duration: number) =>
    autocannon({
      url: `http://127.0.0.1:${PORT}`,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          method: 'PUT',
          path: '/api/cart/discount',
          setupRequest: (req) => {
            const i = turn++;
            const code = `BENCH${String(1 + (i * 7) % CODES).padStart(4, '0')}`;
            return { ...req, headers: { host: DEMO_HOST, 'content-type': 'application/json', cookie: carts[i % CARTS] }, body: JSON.stringify({ code }) };
          },
        },
      ],
    });
  await run(2);
  loadBefore = os.loadavg()[0];
  result = await run(SECONDS);
  figureLine = `| apply a discount code | ${result.requests.total} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${result.errors + result.timeouts} |`;
  console.log(`apply a discount code   ${Math.round(result.requests.average)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx ${result.non2xx}   errors ${result.errors + result.timeouts}`);
} finally {
  await stopServer(server);
}
if (env.DATABASE_URL) await dropBenchDatabase(env);
const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`;
console.log(load);
const date = new Date().toISOString().slice(0, 10);
writeResults(
  `## Discount codes, ${kind},`,
  `## Discount codes, ${kind}, ${date}

Written by \`bench/discounts.ts\` (\`npm run bench:discounts\`). ${PRODUCTS} generated products and ${CODES} codes in the demo store (a third for chosen categories); autocannon, ${CONNECTIONS} connections, ${SECONDS} s after a 2 s warm-up; ${machine()}. Machine load: ${load}.

- **apply a discount code**: \`PUT /api/cart/discount\` {code}, each request the next code on the next of ${CARTS} carts of three lines: the cart priced, the code found case-insensitively, checked (dates, limit, minimum, categories) and shared over the lines, the cart answered. Target: p99 < 50 ms on PostgreSQL.

| call | requests | req/s | p50 ms | p99 ms | non-2xx | errors |
|---|---|---|---|---|---|---|
${figureLine}
`,
);
