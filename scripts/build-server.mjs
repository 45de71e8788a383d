// Compiles the server (src/server/main.ts and everything it imports from src/) into one ES module,
// dist/server/main.js, so production runs plain `node` with no TypeScript loader. Packages stay
// outside the bundle (PGlite, argon2 and others load their own wasm and native files beside them) and
// must be runtime dependencies: a package imported here that is not in package.json "dependencies"
// would be missing after `npm ci --omit=dev`, so it fails the build instead.
import { builtinModules } from 'node:module';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const defaultOutDir = path.join(root, 'dist/server');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const runtimeDependencies = new Set(Object.keys(pkg.dependencies ?? {}));
const builtins = new Set(builtinModules);

/** 'drizzle-orm/pg-core' -> 'drizzle-orm'; '@fastify/static' -> '@fastify/static'. */
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Leaves every package import to node_modules and notes the ones that are not runtime dependencies. */
function packagesStayExternal(notRuntime) {
  return {
    name: 'packages-stay-external',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        // '@shared/...' is the source alias, not a package: esbuild resolves it.
        if (args.path.startsWith('@shared/')) return undefined;
        const name = args.path.startsWith('node:') ? args.path : packageOf(args.path);
        if (!name.startsWith('node:') && !builtins.has(name) && !runtimeDependencies.has(name)) notRuntime.add(`${name} (from ${path.relative(root, args.importer)})`);
        return { path: args.path, external: true };
      });
    },
  };
}

/** Builds into dist/server, or (tests) another folder inside the repository, so packages resolve. */
export async function buildServer(outDir = defaultOutDir) {
  const notRuntime = new Set();
  rmSync(outDir, { recursive: true, force: true });
  await build({
    // tracing.js is loaded before main.js when traces are on (decision 055): a bundle of its own, so the
    // OpenTelemetry SDK is in place before the server's packages load, and absent when it is not wanted.
    entryPoints: { main: path.join(root, 'src/server/main.ts'), tracing: path.join(root, 'src/server/observability/tracing.ts') },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    alias: { '@shared': path.join(root, 'src/shared') },
    plugins: [packagesStayExternal(notRuntime)],
    logLevel: 'warning',
  });
  if (notRuntime.size) {
    throw new Error(`The server imports packages that are not in "dependencies" (npm ci --omit=dev leaves them out): ${[...notRuntime].join(', ')}`);
  }
  // connection.ts finds its migrations beside its own module, which is now dist/server/main.js.
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  // The embedded database's thread (pglite-thread.ts) is started from the file beside that module too;
  // plain JavaScript, it runs as it is (it imports only @electric-sql/pglite, a runtime dependency).
  cpSync(path.join(root, 'src/server/db/pglite-worker.mjs'), path.join(outDir, 'pglite-worker.mjs'));
  // The picture resizing process (resize.ts forks it from beside the bundle, decision 052): plain
  // JavaScript importing only sharp, a runtime dependency.
  cpSync(path.join(root, 'src/server/modules/media/pictures/resize-worker.mjs'), path.join(outDir, 'resize-worker.mjs'));
  if (!existsSync(path.join(outDir, 'migrations/meta/_journal.json'))) throw new Error('dist/server/migrations has no meta/_journal.json');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await buildServer();
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
