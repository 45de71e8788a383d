// `npm start`: builds the web app and the server when their sources are newer than the last build,
// then runs the compiled server (dist/server/main.js) in this process, so signals reach it directly.
// A tree installed without dev dependencies (`npm ci --omit=dev`) cannot build: it runs what is built.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { tracingWanted } from './tracing-wanted.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PARTS = {
  // The web build writes dist/web, then the server's build of the same app (dist/ssr, issue 29): its
  // last file stands for both, so a build from before server rendering is rebuilt too.
  web: { output: 'dist/ssr/render-first-view.js', inputs: ['src/web', 'src/shared', 'vite.config.ts', 'scripts/build.mjs', 'package-lock.json'] },
  server: { output: 'dist/server/main.js', inputs: ['src/server', 'src/shared', 'scripts/build-server.mjs', 'package.json', 'package-lock.json'] },
};

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale({ output, inputs }) {
  const built = path.join(root, output);
  return !existsSync(built) || Math.max(...inputs.map(newestMtime)) > statSync(built).mtimeMs;
}

const stale = Object.keys(PARTS).filter((part) => isStale(PARTS[part]));
const canBuild = existsSync(path.join(root, 'node_modules/vite')) && existsSync(path.join(root, 'node_modules/esbuild'));
if (stale.length && canBuild) {
  console.log(`Building the ${stale.join(' and the ')}...`);
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), ...stale], { cwd: root, stdio: 'inherit', env: { ...process.env, BUILD_QUIET: '1' } });
  if (result.status !== 0) process.exit(1);
} else if (stale.length) {
  const missing = stale.filter((part) => !existsSync(path.join(root, PARTS[part].output)));
  if (missing.length) {
    console.error(`${missing.map((part) => PARTS[part].output).join(' and ')} missing, and the build tools are not installed: run \`npm install && npm run build\` first.`);
    process.exit(1);
  }
  console.warn(`Sources look newer than the ${stale.join(' and ')} build, but the build tools are not installed (npm ci --omit=dev): running the existing build.`);
}

// Stack traces point into src/, not into the bundle.
process.setSourceMapsEnabled(true);
// Traces (decision 055), only when a collector is named: the OpenTelemetry SDK starts before the server
// is imported, so its instrumentations are in place when Fastify, http and pg load.
if (tracingWanted(process.env)) {
  await import(pathToFileURL(path.join(root, 'dist/server/tracing.js')).href);
}
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
