// `npm run build`: the web app (Vite into dist/web, then .br/.gz beside each asset; again into dist/ssr
// for server rendering) and the server (esbuild into dist/server). `node scripts/build.mjs web` or `... server` builds one of them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { compressAssets } from './compress-assets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function buildWeb() {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  // Always the production bundle: an inherited NODE_ENV (Vitest sets 'test') would make Vite build React's development one.
  const env = { ...process.env, NODE_ENV: 'production' };
  const args = process.env.BUILD_QUIET === '1' ? ['--logLevel', 'warn'] : [];
  const result = spawnSync(process.execPath, [vite, 'build', ...args], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('The web app failed to build.');
  compressAssets(path.join(root, 'dist/web/assets'));
  // The same app for the server, which renders the storefront's first view with it (issue 29):
  // dist/ssr, inside the repo so its imports of React and the rest resolve from node_modules.
  const ssr = spawnSync(process.execPath, [vite, 'build', '--ssr', 'ssr/render-first-view.tsx', ...args], { cwd: root, stdio: 'inherit', env });
  if (ssr.status !== 0) throw new Error("The web app's server rendering failed to build.");
}

async function buildServer() {
  const { buildServer: build } = await import('./build-server.mjs');
  await build();
}

const parts = process.argv.slice(2);
const wanted = parts.length ? parts : ['web', 'server'];
try {
  if (wanted.includes('web')) buildWeb();
  if (wanted.includes('server')) await buildServer();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
