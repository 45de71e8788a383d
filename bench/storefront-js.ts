/**
 * The JavaScript a shopper downloads to show /p/{slug} (issue 3: at most 120 KB gzipped), read from the
 * built app in dist/web: the scripts index.html loads (entry and modulepreload links), every chunk those
 * import statically, the lazily imported Storefront chunk with the chunks Vite preloads beside it, and
 * again all their static imports. Admin, sign-in and marketing chunks are never reached.
 * `npx tsx bench/storefront-js.ts` prints the list on its own.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ScriptFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

// Minified static imports: `from"./x-hash.js"`, `import"./x-hash.js"` (any quote, optional spaces).
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'`]\.\/([\w.-]+\.js)["'`]/g;
// The router's lazy storefront: import(`./Storefront-hash.js`), and the dependency indexes Vite's
// preload helper fetches with it: __vite__mapDeps([5,1,2]).
const LAZY_STOREFRONT = /import\(\s*["'`]\.\/(Storefront[\w.-]*\.js)["'`]\s*\)(?:\s*,\s*__vite__mapDeps\(\[([\d,\s]*)\]\))?/g;
const PRELOAD_LIST = /__vite__mapDeps=[^[]*\[([^\]]*)\]/;

export function storefrontScripts(webDir: string): ScriptFile[] {
  const assets = path.join(webDir, 'assets');
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    if (!existsSync(path.join(assets, file))) throw new Error(`${file} is referenced but not in ${assets}`);
    seen.add(file);
    const code = readFileSync(path.join(assets, file), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) visit(m[1]);
    const preloadList = PRELOAD_LIST.exec(code)?.[1].split(',').map((s) => s.trim().replace(/^["'`]assets\/|["'`]$/g, '')) ?? [];
    for (const m of code.matchAll(LAZY_STOREFRONT)) {
      visit(m[1]);
      for (const index of (m[2] ?? '').split(',').filter(Boolean)) {
        const dep = preloadList[Number(index)];
        if (dep?.endsWith('.js')) visit(dep);
      }
    }
  };
  // <script type="module" src="/assets/x.js"> and <link rel="modulepreload" href="/assets/y.js">.
  for (const tag of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const isScript = /^<script\b/.test(tag[0]) || /\brel=["']?modulepreload/.test(tag[0]);
    const ref = /\b(?:src|href)=["']?\/?assets\/([\w.-]+\.js)/.exec(tag[0]);
    if (isScript && ref) visit(ref[1]);
  }
  return [...seen].map((file) => {
    const code = readFileSync(path.join(assets, file));
    return { file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
  });
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function describeScripts(files: ScriptFile[]): string {
  const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  const lines = [...files].sort((a, b) => b.gzipBytes - a.gzipBytes).map((f) => `  ${f.file.padEnd(34)} ${kb(f.bytes).padStart(7)} KB  ${kb(f.gzipBytes).padStart(6)} KB gzipped`);
  return [...lines, `  ${'total'.padEnd(34)} ${kb(files.reduce((s, f) => s + f.bytes, 0)).padStart(7)} KB  ${kb(total).padStart(6)} KB gzipped`].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(describeScripts(storefrontScripts(path.resolve(import.meta.dirname, '../dist/web'))));
}
