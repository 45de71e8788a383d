// The allowed imports between layers (DESIGN rules 10 and 11, issue 12), as ESLint's own
// no-restricted-imports: one config object per source folder, because a relative specifier means
// something different in each folder. A forbidden arrow fails `npm run lint` and so CI;
// src/server/boundaries.test.ts proves each rule fires.
//
//   shared      imports nothing of server or web
//   web         never the server; storefront never admin, auth or marketing; admin never storefront;
//               components and lib never an area
//   db          never modules, http, adapters or boot
//   adapters    never modules or boot
//   http        other modules only through their index.ts
//   modules     other modules only through their index.ts; never boot; never the owner handle
//   boot        (app.ts, main.ts, seed/) modules only through their index.ts
// Tests and test helpers may reach anything. Nothing outside db/, boot and tests may import the
// owner connection (openDatabase, runMigrations, Database) or withScope (db/scope.ts); nothing outside
// db/ a database driver; no server file a bare `src/` specifier, a dynamic import() or a privileged
// scope key (SERVER_SYNTAX, used by eslint.config.js).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', 'src/server/test/**', '**/test-support.ts', '**/fake-*.ts'];
const MODULES = 'src/server/modules';

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A specifier from folder `from` reaching `target` (a repo path without extension), or below it. */
function reach(from, target, { below = true, exactly = true } = {}) {
  let rel = path.relative(from, target) || '.';
  if (!rel.startsWith('.')) rel = `./${rel}`;
  const alternatives = [];
  if (exactly) alternatives.push(`${escape(rel)}(/index)?`);
  if (below) alternatives.push(`${escape(rel)}/.+`);
  return `^(${alternatives.join('|')})$`;
}

function folders(root) {
  const out = [root];
  for (const name of readdirSync(root)) {
    const full = path.join(root, name);
    if (statSync(full).isDirectory() && name !== 'migrations') out.push(...folders(full));
  }
  return out;
}

const moduleNames = readdirSync(MODULES).filter((n) => statSync(path.join(MODULES, n)).isDirectory());

const OWNER_HANDLE = (dir) => ({
  paths: [{ name: path.relative(dir, 'src/server/db/connection').replace(/^(?!\.)/, './'), importNames: ['openDatabase', 'runMigrations', 'Database'], message: 'The owner connection is for db/, boot and tests; request code uses the UnitOfWork in AppDeps (DESIGN rule 10).' }],
  patterns: [{ regex: reach(dir, 'src/server/db/scope'), message: 'withScope runs on a handle you hold: for the seed and tests only. Use ctx or deps.scopes (DESIGN rule 10).' }],
});

/** Forbids other modules' insides from folder dir; `own` is the module dir belongs to, if any. */
function moduleInsides(dir, own) {
  return moduleNames
    .filter((name) => name !== own)
    .map((name) => ({ regex: reach(dir, `${MODULES}/${name}`, { exactly: false }), message: `Use the ${name} module through its index.ts (DESIGN rule 11).` }));
}

const forbid = (dir, targets, message) => targets.map((t) => ({ regex: reach(dir, t), message }));
const BOOT = ['src/server/app', 'src/server/main', 'src/server/seed'];
const WEB = 'src/web';
const SERVER = 'src/server';

function serverRules(dir) {
  const patterns = [...forbid(dir, [WEB], 'The server never imports the browser app.'), { regex: '^@/', message: 'The server never imports the browser app.' }, BARE_SRC];
  if (!dir.startsWith('src/server/db')) patterns.push(DRIVERS);
  const paths = [];
  const withOwnerGuard = () => {
    const guard = OWNER_HANDLE(dir);
    paths.push(...guard.paths);
    patterns.push(...guard.patterns);
  };
  if (dir.startsWith(`${MODULES}/`)) {
    const own = dir.slice(MODULES.length + 1).split('/')[0];
    patterns.push(...moduleInsides(dir, own), ...forbid(dir, BOOT, 'Modules never import boot code.'));
    withOwnerGuard();
  } else if (dir.startsWith('src/server/http')) {
    patterns.push(...moduleInsides(dir, null), ...forbid(dir, BOOT, 'http never imports boot code.'));
    withOwnerGuard();
  } else if (dir.startsWith('src/server/adapters')) {
    patterns.push(...forbid(dir, [MODULES, ...BOOT], 'Adapters know no module and no boot code: modules call them.'));
    withOwnerGuard();
  } else if (dir.startsWith('src/server/db')) {
    patterns.push(...forbid(dir, [MODULES, 'src/server/http', 'src/server/adapters', ...BOOT], 'db/ is the bottom layer: it imports only shared.'));
  } else {
    // Boot: app.ts, main.ts, config, seed/.
    patterns.push(...moduleInsides(dir, null));
  }
  return { paths, patterns };
}

function webRules(dir) {
  const area = dir.split('/')[2] ?? '';
  const patterns = [...forbid(dir, [SERVER], 'The browser app never imports server code; contracts live in src/shared.')];
  const areaNames = ['storefront', 'admin', 'auth', 'marketing', 'app', 'crm'];
  const notFrom = (areas, message) => {
    for (const a of areas) patterns.push(...forbid(dir, [`${WEB}/${a}`], message), { regex: `^@/${a}(/.*)?$`, message });
  };
  if (area === 'storefront') notFrom(['admin', 'auth', 'marketing', 'crm'], 'A shopper never downloads admin, CRM or marketing code: the storefront imports only components, lib and shared.');
  if (area === 'admin') notFrom(['storefront'], 'The admin does not import storefront screens.');
  if (area === 'components' || area === 'lib') notFrom(areaNames, 'components/ and lib/ are shared by every area and import none.');
  return { paths: [], patterns };
}

const sharedRules = (dir) => ({
  paths: [],
  patterns: [...forbid(dir, [SERVER, WEB], 'src/shared is imported by server and web and imports neither.'), { regex: '^@/', message: 'src/shared imports no web code.' }],
});

function configFor(dir, rules) {
  return {
    files: [`${dir}/*.ts`, `${dir}/*.tsx`],
    ignores: TEST_FILES,
    rules: { 'no-restricted-imports': ['error', rules] },
  };
}

/** The server's test files and helpers, which the rules below leave alone. */
export const SERVER_TEST_FILES = ['src/server/**/*.test.ts', 'src/server/test/**', 'src/server/**/test-support.ts', 'src/server/**/fake-*.ts'];

/**
 * Syntax the server refuses (no-restricted-syntax):
 * - a privileged scope key anywhere but db/privileged-scopes.ts, whose named functions say what the
 *   caller checked (row-level security lets platformOwner see every store);
 * - dynamic import(): every server dependency is static, so the bundle, the boundaries above and a
 *   reader all see it.
 */
export const SERVER_SYNTAX = [
  { selector: 'Property[key.name=/^(platformOwner|platformSales)$/]', message: 'Make a privileged scope with db/privileged-scopes.ts (platformOwnerScope, platformSalesScope, salesBookScope), after the guard that checks it.' },
  { selector: 'ImportExpression', message: 'No dynamic import() in the server: import statically, so the boundaries and the build see the dependency.' },
];

/**
 * A module's index.ts (its API for other modules) exports services, never its repo: repo functions take
 * a raw transaction and the store's id, a service takes the ctx first (DESIGN rules 1 and 11; issue 27
 * item 11). Types from a repo may be exported (`export type { ... }`).
 */
export const MODULE_INDEX_FILES = ['src/server/modules/*/index.ts'];
export const MODULE_INDEX_SYNTAX = [
  { selector: "ExportNamedDeclaration[exportKind='value'][source.value=/(^|[/-])repo$/]", message: "A module's index.ts exports services, not its repo: wrap the repo function in a service that takes the ctx first (export type { ... } for its types)." },
  { selector: 'ExportAllDeclaration[source.value=/(^|[/-])repo$/]', message: "A module's index.ts exports services, not its repo: wrap the repo function in a service that takes the ctx first." },
];

/** Outside db/, no database driver: request code uses the UnitOfWork (issue 27 item 11). */
const DRIVERS = { regex: '^(pg|pg-[a-z-]+|postgres|@electric-sql/pglite(/.*)?|drizzle-orm/(node-postgres|pglite|postgres-js)(/.*)?)$', message: 'Database drivers live in src/server/db/; request code uses the UnitOfWork (DESIGN rule 10).' };
/** A bare `src/...` specifier resolves only by accident of the working folder. */
const BARE_SRC = { regex: '^src/', message: 'Import with a relative path: a bare src/ specifier resolves only from the repository root.' };

export const boundaries = [
  ...folders('src/server').map((dir) => configFor(dir, serverRules(dir))),
  ...folders('src/web').map((dir) => configFor(dir, webRules(dir))),
  ...folders('src/shared').map((dir) => configFor(dir, sharedRules(dir))),
];
