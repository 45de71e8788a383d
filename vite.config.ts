import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import type { Plugin, UserConfig } from 'vite';
import { build as esbuild } from 'esbuild';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { indexStylesheet } from './src/web/ssr/stylesheet-index';
import { rulesFor, type StylesheetNode } from './src/shared/stylesheet-rules';

/**
 * React Router defines `var Form = React.forwardRef(...)` with no pure annotation and then sets
 * `Form.displayName`, so the bundler keeps <Form> and its submission code (~1.2 kB gzipped) in the
 * first download although this app never renders it. This rewrites that one definition as a pure
 * expression, display name included, so it is dropped when unused. Nothing else changes.
 */
function reactRouterTreeShaking(): Plugin {
  const FORM = /^var Form = (React\d*)\.forwardRef\(([\s\S]*?)\n\);\nForm\.displayName = "Form";$/m;
  return {
    name: 'react-router-tree-shaking',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]\w+[\\/]chunk-[\w-]+\.mjs$/.test(id) || !code.includes('var Form = ')) return;
      if (!FORM.test(code)) {
        this.warn(`${id} no longer defines Form as expected: <Form> stays in the bundle.`);
        return;
      }
      return { code: code.replace(FORM, 'var Form = /* @__PURE__ */ Object.assign(/* @__PURE__ */ $1.forwardRef($2\n), { displayName: "Form" });\n'), map: null };
    },
  };
}

/**
 * The service worker (src/web/sw.ts) as dist/web/sw.js: one classic script at the site root, with no
 * hash in its name, since browsers find it by its URL and check it for updates (the server sends it
 * with no-cache). Built apart from the app so it shares no chunk with it; served by the dev server too.
 */
function serviceWorker(): Plugin {
  const bundle = async () => {
    const out = await esbuild({ entryPoints: ['src/web/sw.ts'], bundle: true, format: 'iife', minify: true, target: 'es2022', write: false, logLevel: 'silent' });
    return out.outputFiles[0].text;
  };
  return {
    name: 'service-worker',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: await bundle() });
    },
    configureServer(server) {
      server.middlewares.use('/sw.js', (_req, res, next) => {
        bundle().then((code) => {
          res.setHeader('content-type', 'text/javascript; charset=utf-8');
          res.setHeader('service-worker-allowed', '/');
          res.setHeader('cache-control', 'no-cache');
          res.end(code);
        }, next);
      });
    },
  };
}

/**
 * Beside each built stylesheet, `<name>.css.rules.json`: its rules with the classes each needs, from
 * which the server inlines only what a server-rendered page uses (issue 29, decision 054). The index
 * must give back the whole stylesheet, byte for byte, when every class is used, or the build fails.
 */
function stylesheetRules(): Plugin {
  const classesOf = (nodes: StylesheetNode[], into: Set<string>): Set<string> => {
    for (const node of nodes) {
      if (typeof node === 'string') continue;
      if ('css' in node) for (const needed of node.when) for (const name of needed) into.add(name);
      else classesOf(node.body, into);
    }
    return into;
  };
  return {
    name: 'stylesheet-rules',
    apply: 'build',
    writeBundle(options) {
      const assets = path.join(options.dir!, 'assets');
      for (const file of readdirSync(assets).filter((name) => name.endsWith('.css'))) {
        const css = readFileSync(path.join(assets, file), 'utf8');
        const index = indexStylesheet(css);
        if (rulesFor(index, classesOf(index, new Set())) !== css) throw new Error(`${file}: its rules index does not give back the stylesheet`);
        writeFileSync(path.join(assets, `${file}.rules.json`), JSON.stringify(index));
      }
    },
  };
}

/** See the 'shared' chunk group below. */
const SHARED_SMALL_MODULES = /(@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](mutationObserver|useMutation)|src[\\/]web[\\/]lib[\\/](auth|api)\.ts|src[\\/]shared[\\/](money|catalog)\.ts|src[\\/]web[\\/]components[\\/]ui[\\/](input|label|badge|skeleton|tabs)\.tsx|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](zap|shopping-bag|plus|search)\.mjs)/;

/** The browser's bundle, into dist/web, served by the Fastify server. */
const BROWSER_BUILD: UserConfig['build'] = {
  outDir: '../../dist/web',
  emptyOutDir: true,
  sourcemap: false,
  // Every browser that runs this app supports modulepreload or loads modules fine without it.
  modulePreload: { polyfill: false },
  rolldownOptions: {
    output: {
      // Seven hash characters, not eight (rolldown's least for this many chunks): the entry and the Storefront chunk name every lazy chunk in their
      // preload lists, and random characters do not compress.
      // Still one chance in billions that two versions of a file share a name.
      chunkFileNames: 'assets/[name]-[hash:7].js',
      entryFileNames: 'assets/[name]-[hash:7].js',
      codeSplitting: {
        // Everything the first screen needs in one file: split, it compresses worse and costs requests.
        groups: [
          { name: 'index', tags: ['$initial'] },
          // Small modules the product page shares with several lazy areas (sign-in, admin, the quote and
          // invitation pages): one chunk, not one per combination of areas that uses them, since each
          // extra file costs the product page a request and compresses worse (decision 004).
          { name: 'shared', test: SHARED_SMALL_MODULES },
          // The discount words (issue 28) go with the order totals every page that shows them already
          // loads: on their own they were one more file named in the product page's preload lists.
          { name: 'OrderTotals', test: /src[\\/](web[\\/]storefront[\\/]components[\\/]OrderTotals\.tsx|shared[\\/]discounts\.ts)$/ },
        ],
      },
    },
  },
};

// The web app lives in src/web and is built into dist/web, which the Fastify server serves.
// Budget: a shopper's product page loads at most 120 kB of gzipped JavaScript (`npm run size`,
// docs/decisions/004-storefront-bundle-budget.md).
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  // The server's build of the storefront's first view (issue 29, web/ssr/render-first-view.tsx, into dist/ssr) needs
  // neither the service worker nor the browser bundle's chunk layout.
  plugins: isSsrBuild ? [react(), tailwindcss()] : [react(), tailwindcss(), reactRouterTreeShaking(), serviceWorker(), stylesheetRules()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src/web', import.meta.url)),
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
    },
  },
  // The server's build carries its own production React and libraries: left external, they would be
  // Node's copies, whose development builds (NODE_ENV is not set for the server) render several times
  // slower (issue 29's uncached page figure).
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild ? { outDir: '../../dist/ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false } : BROWSER_BUILD,
  server: { proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' } },
}));
