// Reports the JavaScript a browser downloads for each area of the built web app (dist/web): the entry
// script(s) and modulepreloads from index.html, plus the area's lazy chunk, each with all its static
// imports. Sizes in kB (1000 bytes): raw, gzip -9 and brotli 11 (the server serves the .br/.gz files).
//   node scripts/bundle-size.mjs            all areas
//   node scripts/bundle-size.mjs --max 120  fails when the product page needs over 120 kB gzipped
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist/web');
const assets = path.join(dist, 'assets');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('dist/web/index.html is missing: run `npm run build` first.');
  process.exit(1);
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);

/** Static imports of a minified chunk: `from"./x.js"` and bare `import"./x.js"`, not `import("./x.js")`. */
function staticImports(name) {
  const code = readFileSync(path.join(assets, name), 'utf8');
  const found = new Set();
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) found.add(m[1]);
  return [...found];
}

function closure(names) {
  const seen = new Set();
  const stack = [...names];
  while (stack.length) {
    const name = stack.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    stack.push(...staticImports(name));
  }
  return seen;
}

const sizes = new Map();
function size(name) {
  if (!sizes.has(name)) {
    const body = readFileSync(path.join(assets, name));
    sizes.set(name, {
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizes.get(name);
}

const kb = (n) => (n / 1000).toFixed(1).padStart(7);
const base = closure([...entries, ...preloads]);
const chunks = readdirSync(assets).filter((n) => n.endsWith('.js'));
const lazyChunk = (prefix) => chunks.find((n) => n.startsWith(`${prefix}-`));

function report(label, prefixes) {
  const lazy = prefixes.map((prefix) => {
    const name = lazyChunk(prefix);
    if (!name) throw new Error(`No chunk named ${prefix}-*.js in dist/web/assets.`);
    return name;
  });
  const files = new Set([...base, ...closure(lazy)]);
  const total = { raw: 0, gzip: 0, br: 0 };
  console.log(`\n${label}: entry + ${lazy.join(' + ')}, each with its static imports`);
  console.log('  chunk                                   raw kB  gzip kB    br kB');
  for (const name of [...files].sort((a, b) => size(b).gzip - size(a).gzip)) {
    const s = size(name);
    total.raw += s.raw;
    total.gzip += s.gzip;
    total.br += s.br;
    const tag = base.has(name) ? ' (entry)' : '';
    console.log(`  ${(name + tag).padEnd(38)} ${kb(s.raw)}  ${kb(s.gzip)}  ${kb(s.br)}`);
  }
  console.log(`  ${'total'.padEnd(38)} ${kb(total.raw)}  ${kb(total.gzip)}  ${kb(total.br)}`);
  return { ...total, files };
}

// App.tsx loads an area's bundle lazily; the storefront's pages are lazy too (storefront/pages.ts).
const product = report('Product page /p/{slug}', ['Storefront']);
report('Store home /', ['Storefront', 'StoreHome']);
report('Category page /c/{slug}', ['Storefront', 'CategoryPage']);
report('Product listing /products', ['Storefront', 'ProductsPage']);
report('Marketing site', ['MarketingSite']);
report('Sign-in pages (sign in, forgot password, new password)', ['AuthPages']);
report('Admin', ['AdminApp']);

// What must never reach a shopper's first download: other areas' bundles, and libraries that only
// forms, dialogs and toasts need (they load on use). Markers are strings each library's build keeps.
const FORBIDDEN = [
  { what: 'admin', chunk: /^AdminApp-/ },
  { what: 'sign-in pages', chunk: /^AuthPages-/ },
  { what: 'marketing site', chunk: /^MarketingSite-/ },
  { what: 'zod', marker: '$ZodType' },
  { what: 'react-hook-form', marker: 'shouldUnregister' },
  { what: 'sonner', marker: 'data-sonner-toaster' },
  { what: 'radix dialog', marker: 'RemoveScroll' },
];
const problems = [];
for (const name of product.files) {
  const code = readFileSync(path.join(assets, name), 'utf8');
  for (const rule of FORBIDDEN) {
    if ((rule.chunk && rule.chunk.test(name)) || (rule.marker && code.includes(rule.marker))) problems.push(`${rule.what} in ${name}`);
  }
}
if (problems.length) console.error(`\nNot allowed on the product page: ${problems.join('; ')}.`);

const maxIndex = process.argv.indexOf('--max');
const max = maxIndex > 0 ? Number(process.argv[maxIndex + 1]) * 1000 : Infinity;
console.log(`product page gzip bytes: ${product.gzip}`);
if (product.gzip > max) console.error(`\nThe product page's JavaScript is ${kb(product.gzip).trim()} kB gzipped, over ${max / 1000} kB.`);
if (problems.length || product.gzip > max) process.exit(1);
