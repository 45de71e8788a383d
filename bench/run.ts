/**
 * Storefront benchmark (issue 3): 10,000 products in each of two tenants, the built server, autocannon
 * from this process. `npx tsx bench/run.ts` runs on PGlite; with DATABASE_URL on PostgreSQL (it creates
 * and drops `<db>_bench`). Prints figures and writes them to bench/RESULTS.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { openDatabase, runMigrations } from '../src/server/db/connection';
import { LocalFileStorage } from '../src/server/adapters/storage/local-storage';
import { seedDemo } from '../src/server/db/seed/demo';
import { freshDatabaseUrl } from '../src/server/test/databases';
import { generateProducts } from './generate';

const PRODUCTS_PER_TENANT = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const root = path.resolve(import.meta.dirname, '..');

async function prepare(): Promise<{ env: Record<string, string>; kind: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const databaseUrl = process.env.DATABASE_URL ? await freshDatabaseUrl(process.env.DATABASE_URL, 'bench') : undefined;
  const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? null : path.join(dataDir, 'pglite') });
  await runMigrations(database);
  const seed = await seedDemo(database.db, 'bench-password', new LocalFileStorage(path.join(dataDir, 'files')));
  const started = Date.now();
  for (const tenantId of Object.values(seed.tenantIds)) await generateProducts(database.db, tenantId, PRODUCTS_PER_TENANT);
  console.log(`Generated ${PRODUCTS_PER_TENANT} products in each of 2 tenants in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await database.close();
  return { env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', SEED_DEMO: 'false', PORT: String(PORT), LOG_LEVEL: 'error' }, kind: databaseUrl ? 'PostgreSQL' : 'PGlite' };
}

async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error('server did not start');
}

interface Figure {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, urlPath: string): Promise<Figure> {
  // Warm the route and the database cache first, so the figure is the steady state.
  await autocannon({ url: `http://127.0.0.1:${PORT}${urlPath}`, headers: { host: 'demo.localhost' }, connections: 10, duration: 2 });
  const r = await autocannon({ url: `http://127.0.0.1:${PORT}${urlPath}`, headers: { host: 'demo.localhost' }, connections: 10, duration: SECONDS });
  const figure = { name, path: urlPath, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
  console.log(`${name.padEnd(34)} ${String(figure.rps).padStart(6)} req/s   p50 ${figure.p50} ms   p99 ${figure.p99} ms   errors ${figure.errors}`);
  return figure;
}

/** Gzipped bytes of the scripts the product page loads: the entry and every chunk the storefront pulls in. */
function storefrontScriptBytes(): { files: string[]; bytes: number } {
  const html = readFileSync(path.join(root, 'dist/web/index.html'), 'utf8');
  const assets = path.join(root, 'dist/web/assets');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(path.join(assets, file))) return;
    seen.add(file);
    const code = readFileSync(path.join(assets, file), 'utf8');
    // Static imports, and the dynamic import of the storefront bundle (not admin, auth or marketing).
    for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) visit(m[1]);
    for (const m of code.matchAll(/import\(["']\.\/(Storefront[\w.-]*\.js)["']\)/g)) visit(m[1]);
  };
  for (const m of html.matchAll(/assets\/([\w.-]+\.js)/g)) visit(m[1]);
  const bytes = [...seen].reduce((sum, f) => sum + gzipSync(readFileSync(path.join(assets, f)), { level: 9 }).length, 0);
  return { files: [...seen], bytes };
}

const { env, kind } = await prepare();
const server = await startServer(env);
try {
  const categories = (await (await fetch(`http://127.0.0.1:${PORT}/api/categories`, { headers: { host: 'demo.localhost' } })).json()) as { categories: { slug: string }[] };
  const category = categories.categories[0].slug;
  const figures = [
    await measure('product list (category, sort, page 3)', `/api/products?category=${category}&sort=price_asc&page=3`),
    await measure('product list (all, by name)', '/api/products'),
    await measure('search "stoneware jug"', '/api/products?q=stoneware%20jug'),
    await measure('search with a typo "teracotta"', '/api/products?q=teracotta'),
    await measure('product by slug', '/api/products/by-slug/bench-4242'),
    await measure('product page HTML (SEO head)', '/p/bench-4242'),
  ];
  const js = storefrontScriptBytes();
  console.log(`Storefront JavaScript for /p/{slug}: ${(js.bytes / 1024).toFixed(1)} KB gzipped in ${js.files.length} files`);
  const table = figures.map((f) => `| ${f.name} | \`${f.path}\` | ${f.rps} | ${f.p50} | ${f.p99} | ${f.errors} |`).join('\n');
  const section = `## ${kind}, ${new Date().toISOString().slice(0, 10)}\n\n${PRODUCTS_PER_TENANT} products per tenant, 2 tenants; autocannon, 10 connections, ${SECONDS} s per route after a 2 s warm-up; ${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}.\n\n| route | path | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|---|\n${table}\n\nJavaScript a shopper downloads for \`/p/{slug}\`: **${(js.bytes / 1024).toFixed(1)} KB gzipped** (${js.files.length} files; admin, sign-in and marketing bundles not included).\n`;
  const resultsFile = path.join(root, 'bench/RESULTS.md');
  const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Benchmark results\n\nWritten by `bench/run.ts`; the newest run of each database replaces the older one.\n';
  const kept = previous.split(/\n(?=## )/).filter((part) => !part.startsWith(`## ${kind},`));
  writeFileSync(resultsFile, `${kept.join('\n').trimEnd()}\n\n${section}`);
  console.log(`Written to bench/RESULTS.md`);
} finally {
  server.kill('SIGTERM');
}
