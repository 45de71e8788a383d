/**
 * Product filters benchmark (issue 27 item 8): uncached (CATALOGUE_CACHE_SECONDS=0) filtered lists and
 * facet counts at 10,000 products in each of two tenants. `npx tsx bench/filters.ts` runs on PGlite;
 * with DATABASE_URL on PostgreSQL (a fresh `<db>_filters`, dropped afterwards). Target: p99 under
 * 100 ms on PostgreSQL. Prints figures and writes them to bench/RESULTS.md.
 *
 * bench/generate.ts gives every product one brand and every tenth product sizes; here the brands are
 * spread over 40 names and the variant products get a colour too, so each facet has values to count.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/connection';
import { withScope } from '../src/server/db/scope';
import { generateProducts } from './generate';
import { dropBenchDatabase, getJson, machine, measure, prepareDatabase, startServer, stopServer, writeResults, type Figure } from './server';

const SIZE = Number(process.env.BENCH_SIZE ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3910);
const COLOURS = ['Sage', 'Navy', 'Rust', 'Oatmeal', 'Charcoal'];

async function varyFacets(db: Db, tenantId: string): Promise<void> {
  const colours = sql.raw(`array[${COLOURS.map((c) => `'${c}'`).join(',')}]`);
  await withScope(db, { tenantId, userId: null }, async (tx) => {
    await tx.execute(sql`update products set brand = 'Brand ' || (1 + abs(hashtext(id::text)) % 40) where tenant_id = ${tenantId} and slug like 'bench-%'`);
    await tx.execute(sql`
      update product_variants set options = options || jsonb_build_array(jsonb_build_object('name', 'Colour', 'value', (${colours})[1 + abs(hashtext(product_id::text)) % 5]))
      where tenant_id = ${tenantId}`);
  });
  await db.execute(sql`vacuum analyze`);
}

async function firstCategory(port: number): Promise<string> {
  const { categories } = await getJson<{ categories: { slug: string }[] }>(port, '/api/categories');
  return categories[0].slug;
}

const started = Date.now();
const { env, kind } = await prepareDatabase('filters', PORT, async (db, seed) => {
  for (const tenantId of Object.values(seed.tenantIds)) {
    await generateProducts(db, tenantId, SIZE);
    await varyFacets(db, tenantId);
  }
});
console.log(`\n${SIZE} products in each of 2 tenants, made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const server = await startServer(PORT, { ...env, CATALOGUE_CACHE_SECONDS: '0' });
const loadBefore = os.loadavg()[0];
const figures: (Figure & { shown: string })[] = [];
try {
  const category = await firstCategory(PORT);
  const routes = [
    { name: 'facets, whole shop', path: '/api/products/facets' },
    { name: 'facets, one category', path: `/api/products/facets?category=${category}` },
    { name: 'facets, brand and colour chosen', path: '/api/products/facets?brand=Brand%203&option=Colour:Sage' },
    { name: 'facets, a search', path: '/api/products/facets?q=linen' },
    { name: 'list, brand + in stock', path: '/api/products?brand=Brand%207&in_stock=1' },
    { name: 'list, price £20-£60', path: '/api/products?min_price=20&max_price=60' },
    { name: 'list, Size M + Colour Navy', path: '/api/products?option=Size:M&option=Colour:Navy' },
    { name: 'list, category + price + stock', path: `/api/products?category=${category}&max_price=100&in_stock=1&sort=price_asc` },
  ];
  for (const r of routes) {
    const answer = await getJson<{ total?: number; brands?: unknown[] }>(PORT, r.path);
    const shown = answer.total !== undefined ? `${answer.total} products` : `${answer.brands?.length ?? 0} brands`;
    if (answer.total === 0) throw new Error(`${r.path} lists nothing: the benchmark would measure an empty answer`);
    figures.push({ ...(await measure(PORT, r.name, r.path, SECONDS)), shown });
  }
} finally {
  await stopServer(server);
  await dropBenchDatabase(env);
}
const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`;
console.log(load);

const section = `## Filters, ${kind}, ${new Date().toISOString().slice(0, 10)}

Written by \`bench/filters.ts\` (\`npm run bench:filters\`). ${SIZE.toLocaleString('en-GB')} products in each of two tenants (bench/generate.ts, brands spread over 40 names, every tenth product with three sizes and a colour), demo store asked; \`CATALOGUE_CACHE_SECONDS=0\`, so every request queries; autocannon, 10 connections, ${SECONDS} s per route after a 2 s warm-up; ${load}; ${machine()}. Target (issue 27 item 8): p99 under 100 ms uncached on PostgreSQL.

| route | path | answer | req/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|---|---|
${figures.map((f) => `| ${f.name} | \`${f.path}\` | ${f.shown} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.errors} |`).join('\n')}
`;
writeResults(`## Filters, ${kind},`, section);
