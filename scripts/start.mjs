// `npm start`: builds the web app when its sources are newer than the last build, then starts the
// server (TypeScript run through tsx, so there is no separate server build to forget).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { compressAssets } from './compress-assets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const webInputs = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const needsBuild = !existsSync(builtIndex) || Math.max(...webInputs.map(newestMtime)) > statSync(builtIndex).mtimeMs;
if (needsBuild && process.env.SKIP_WEB_BUILD !== '1') {
  console.log('Building the web app...');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  // Always the production bundle: an inherited NODE_ENV (Vitest sets 'test') would make Vite build React's development one.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error('The web app failed to build.');
    process.exit(1);
  }
  compressAssets(path.join(root, 'dist/web/assets'));
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'src/server/main.ts'));
