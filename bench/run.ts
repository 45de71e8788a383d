/**
 * Storefront benchmark (issue 3): 10,000 products in each of two tenants, the built server, autocannon
 * from this process. `npx tsx bench/run.ts` runs on PGlite; with DATABASE_URL on PostgreSQL (it creates,
 * then drops, `<db>_bench`). Every route is measured twice: as served (catalogue cache on) and with
 * CATALOGUE_CACHE_SECONDS=0, so every request reaches the database. Prints figures and writes them to
 * bench/RESULTS.md.
 */
import os from 'node:os';
import path from 'node:path';
import { generateProducts } from './generate';
import { BROWSER_HEADERS, dropBenchDatabase, getJson as getJsonOn, machine, measure as measureOn, prepareDatabase, root, startServer as startServerOn, stopServer, writeResults, type Figure } from './server';
import { describeScripts, kb, storefrontScripts } from './storefront-js';
import { bareControl, hasWrk, measureWithWrk } from './wrk';

const PRODUCTS_PER_TENANT = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3900);

async function prepare() {
  return prepareDatabase('bench', PORT, async (db, seed) => {
    const started = Date.now();
    for (const tenantId of Object.values(seed.tenantIds)) await generateProducts(db, tenantId, PRODUCTS_PER_TENANT);
    console.log(`Generated ${PRODUCTS_PER_TENANT} products in each of 2 tenants in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}

const startServer = (env: Record<string, string>) => startServerOn(PORT, env);
const getJson = <T>(urlPath: string) => getJsonOn<T>(PORT, urlPath);
// As a browser asks: pages come compressed (issue 29); the JSON routes answer the same either way.
// With the cache off, a page's answers are counted by how they were made (rendered, or the bare app
// when renders are busy), from the Server-Timing header.
const measure = (name: string, urlPath: string, countMade = false) => measureOn(PORT, name, urlPath, SECONDS, 10, BROWSER_HEADERS, countMade);
const isPage = (r: Route) => r.name.includes('page HTML');

interface Route {
  name: string;
  path: string;
}

/**
 * Every route at steady state with the catalogue cache on or off (a fresh server each time); then,
 * on the same server, `more` (figures taken another way).
 */
async function measureAll(env: Record<string, string>, cacheSeconds: number, routes: Route[], more: () => Promise<void> = async () => {}): Promise<Figure[]> {
  console.log(`\nCatalogue cache ${cacheSeconds ? `on (${cacheSeconds} s)` : 'off'}:`);
  const server = await startServer({ ...env, CATALOGUE_CACHE_SECONDS: String(cacheSeconds) });
  try {
    const figures: Figure[] = [];
    for (const r of routes) figures.push(await measure(r.name, r.path, cacheSeconds === 0 && isPage(r)));
    await more();
    return figures;
  } finally {
    await stopServer(server);
  }
}

const { env, kind } = await prepare();
const probe = await startServer(env);
let routes: Route[];
try {
  const { categories } = await getJson<{ categories: { slug: string }[] }>('/api/categories');
  const { product } = await getJson<{ product: { id: string } }>('/api/products/by-slug/bench-4242');
  routes = [
    { name: 'product list (category, sort, page 3)', path: `/api/products?category=${categories[0].slug}&sort=price_asc&page=3` },
    { name: 'product list (category, by name)', path: `/api/products?category=${categories[0].slug}` },
    { name: 'product list (all, by name)', path: '/api/products' },
    { name: 'search "stoneware jug"', path: '/api/products?q=stoneware%20jug' },
    { name: 'search with a typo "teracotta"', path: '/api/products?q=teracotta' },
    { name: 'product by slug', path: '/api/products/by-slug/bench-4242' },
    { name: 'related products', path: `/api/products/${product.id}/related` },
    // Issue 29: the served page is the first view rendered on the server (head, markup, data), kept
    // whole and compressed in the catalogue cache; with the cache off every request renders it.
    { name: 'product page HTML (first view)', path: '/p/bench-4242' },
    { name: 'store menu', path: '/api/navigation?key=primary' },
    { name: 'home page HTML (first view)', path: '/' },
  ];
} finally {
  await stopServer(probe);
}
// Other work on the machine skews the figures: the load average is recorded with them.
const loadBefore = os.loadavg()[0];
// Issue 29: the cached product page against the cached JSON product, measured again with wrk: for
// answers of 14 kB autocannon itself is the bottleneck (bench/wrk.ts; the bare control shows it).
const byWrk: Figure[] = [];
const withWrk = async () => {
  if (!hasWrk()) return console.log('wrk is not installed (apt-get install -y wrk): the page against the JSON is measured with autocannon only');
  for (const r of routes.filter((r) => r.name === 'product by slug' || r.name.startsWith('product page HTML'))) byWrk.push(await measureWithWrk(PORT, r.name, r.path, SECONDS, BROWSER_HEADERS));
};
const cached = await measureAll(env, 10, routes, withWrk);
const uncached = await measureAll(env, 0, routes);
const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`;
console.log(`\n${load}`);

const scripts = storefrontScripts(path.join(root, 'dist/web'));
const jsBytes = scripts.reduce((sum, f) => sum + f.gzipBytes, 0);
console.log(`\nStorefront JavaScript for /p/{slug}: ${kb(jsBytes)} KB gzipped in ${scripts.length} files\n${describeScripts(scripts)}`);

const row = (f: Figure, g: Figure) => `| ${f.name} | \`${f.path}\` | ${f.kbPerAnswer} | ${f.rps} | ${f.p50} | ${f.p99} | ${g.rps} | ${g.p50} | ${g.p99} | ${f.errors + g.errors} |`;
// Issue 29: the cached first-view page against the cached JSON product, by answers and by bytes.
const json = cached.find((f) => f.name === 'product by slug')!;
const page = cached.find((f) => f.name.startsWith('product page HTML'))!;
const pct = (a: number, b: number) => Math.round((100 * a) / b);
let pageVsJson = `Cached product page HTML against the cached JSON product, autocannon: ${pct(page.rps, json.rps)}% of its answers a second, ${pct(page.rps * page.kbPerAnswer, json.rps * json.kbPerAnswer)}% of its bytes a second (the page is ${page.kbPerAnswer} kB as sent with brotli, the JSON ${json.kbPerAnswer} kB).`;
if (byWrk.length === 2) {
  const [wrkJson, wrkPage] = byWrk;
  const control = await bareControl(Math.round(json.kbPerAnswer * 1024), Math.round(page.kbPerAnswer * 1024), SECONDS, async (port, urlPath) => (await measureOn(port, `bare ${urlPath}`, urlPath, SECONDS)).rps);
  pageVsJson += ` **With wrk: ${pct(wrkPage.rps, wrkJson.rps)}%** (page ${wrkPage.rps} req/s, p99 ${wrkPage.p99} ms; JSON ${wrkJson.rps} req/s, p99 ${wrkJson.p99} ms). The load generators' own ceiling, a bare node:http server sending bodies of the same two sizes: autocannon ${pct(control.autocannon[1], control.autocannon[0])}% (${control.autocannon[1]} against ${control.autocannon[0]} req/s), wrk ${pct(control.wrk[1], control.wrk[0])}% (${control.wrk[1]} against ${control.wrk[0]} req/s).`;
}
const uncachedPage = uncached.find((f) => f.name.startsWith('product page HTML'))!;
const rendered = uncachedPage.made ? `With the cache off, the product page's answers were made: ${Object.entries(uncachedPage.made).map(([how, n]) => `${how} ${n}`).join(', ')} (bare: the app without its first view, when renders are busy).` : '';
pageVsJson += rendered ? `\n\n${rendered}` : '';
console.log(pageVsJson);
const table = cached.map((f, i) => row(f, uncached[i])).join('\n');
const fileList = [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes).map((f) => `\`${f.file}\` ${kb(f.gzipBytes)}`).join(', ');
const section = `## ${kind}, ${new Date().toISOString().slice(0, 10)}

${PRODUCTS_PER_TENANT} products per tenant, 2 tenants; autocannon, 10 connections, ${SECONDS} s per route after a 2 s warm-up; ${machine()}, ${load}. "Cached": as served, with the catalogue cache (10 s); "database": \`CATALOGUE_CACHE_SECONDS=0\`, every request queries (and every page is rendered). Requests take brotli and gzip, as a browser's do.

| route | path | kB per answer | cached req/s | p50 ms | p99 ms | database req/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|---|---|---|---|---|
${table}

${pageVsJson}

JavaScript a shopper downloads for \`/p/{slug}\`: **${kb(jsBytes)} KB gzipped** (KB = 1024 bytes; ${scripts.length} files: the entry, its modulepreloads, the lazy Storefront chunk and every static import of each; admin, sign-in and marketing bundles not reached): ${fileList}.
`;
writeResults(`## ${kind},`, section);
// The generated 20,000 products are only for this run: a PostgreSQL bench database is dropped.
await dropBenchDatabase(env);
