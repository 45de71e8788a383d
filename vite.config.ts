import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

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

// The web app lives in src/web and is built into dist/web, which the Fastify server serves.
// Budget: a shopper's product page loads at most 120 kB of gzipped JavaScript (`npm run size`,
// docs/decisions/004-storefront-bundle-budget.md).
export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), reactRouterTreeShaking()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src/web', import.meta.url)),
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
    },
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser that runs this app supports modulepreload or loads modules fine without it.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first screen needs in one file: split, it compresses worse and costs requests.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' } },
});
