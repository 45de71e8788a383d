import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from './db/schema/index';

// Issue 12, decision 014: only the module that owns a table names it in SQL or imports it from the
// schema; another module asks the owner through its index.ts (in the same transaction). This test
// maps every table to its owner and reads the server's source for table names after FROM, JOIN,
// INTO, UPDATE or TABLE, and for schema imports, so a new cross-module read fails here.

/** Owner of each table: a module under src/server/modules, or an adapter folder. */
const OWNER: Record<string, string> = {
  tenants: 'tenants',
  tenant_domains: 'tenants',
  users: 'accounts',
  sessions: 'accounts',
  sign_in_failures: 'accounts',
  password_resets: 'accounts',
  two_step_recovery_codes: 'accounts',
  customer_addresses: 'customers',
  store_customers: 'customers',
  customer_notes: 'customers',
  privacy_requests: 'customers',
  memberships: 'accounts',
  categories: 'catalogue',
  products: 'catalogue',
  product_variants: 'catalogue',
  product_images: 'catalogue',
  product_categories: 'catalogue',
  product_search: 'catalogue',
  search_words: 'catalogue',
  reviews: 'reviews',
  stock_movements: 'inventory',
  carts: 'orders',
  cart_items: 'orders',
  shipping_methods: 'orders',
  orders: 'orders',
  order_items: 'orders',
  order_events: 'orders',
  order_claims: 'orders',
  order_refunds: 'orders',
  order_refund_lines: 'orders',
  discount_codes: 'discounts',
  discount_redemptions: 'discounts',
  invoice_counters: 'orders',
  vat_entries: 'orders',
  vat_daily: 'orders',
  payment_events: 'orders',
  checkout_recoveries: 'orders',
  email_messages: 'emails',
  email_domains: 'emails',
  email_templates: 'emails',
  email_unsubscribes: 'emails',
  push_subscriptions: 'notifications',
  push_templates: 'notifications',
  push_vapid_keys: 'notifications',
  rate_limit_events: 'limits',
  platform_rate_limit_events: 'limits',
  payment_accounts: 'payments',
  navigation_menus: 'content',
  content_pages: 'content',
  media_files: 'media',
  picture_variants: 'media',
  import_batches: 'imports',
  import_field_mappings: 'imports',
  import_row_errors: 'imports',
  background_jobs: 'jobs',
  housekeeping_runs: 'housekeeping',
  leads: 'crm',
  quotes: 'crm',
  quote_events: 'crm',
  crm_settings: 'crm',
  stray_payment_refunds: 'payments',
  tenant_invitations: 'accounts',
  test_connect_accounts: 'adapters/payments',
  test_payment_sessions: 'adapters/payments',
  test_payment_refunds: 'adapters/payments',
  test_deposit_sessions: 'adapters/payments',
  test_deposit_refunds: 'adapters/payments',
};

/**
 * Places allowed to name a table they do not own, each with its reason. Keep this short: an entry
 * is a decision, not a convenience.
 */
const SHARED: Record<string, { tables: string[]; why: string }> = {
  inventory: {
    tables: ['products', 'product_variants'],
    why: 'stock levels are columns of the product and variant rows, so a sale or adjustment is one conditional UPDATE (DESIGN rule 6); the ledger labels rows with their name and SKU',
  },
  'adapters/email': {
    tables: ['email_messages'],
    why: 'the outbox is the delivery half of the emails module (it records and sends what the module writes)',
  },
};

const SERVER = path.join(process.cwd(), 'src/server');
const SQL_NAME = /\b(?:from|join|into|update|table)\s+"?([a-z_]+)"?/gi;
const SCHEMA_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'[^']*db\/schema[^']*'/g;

const camel = (table: string) => table.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The module (or adapter folder) a file belongs to; null for code outside both (db, http, seed, boot). */
function placeOf(file: string): string | null {
  const rel = path.relative(SERVER, file).split(path.sep);
  if (rel[0] === 'modules') return rel[1];
  if (rel[0] === 'adapters') return `adapters/${rel[1]}`;
  return null;
}

/** Tables a piece of source names in SQL or imports (as values) from the schema. */
function tablesNamed(source: string): Set<string> {
  const named = new Set<string>();
  for (const match of source.matchAll(SQL_NAME)) if (match[1] in OWNER) named.add(match[1]);
  for (const match of source.matchAll(SCHEMA_IMPORT)) {
    const names = match[1].split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type '));
    for (const table of Object.keys(OWNER)) if (names.includes(camel(table))) named.add(table);
  }
  return named;
}

/** Each schema file's exports, by file name: src/server/db/schema/<owner>.ts holds its owner's tables. */
const SCHEMA_FILES = import.meta.glob<Record<string, unknown>>('./db/schema/*.ts', { eager: true });
/** The schema file of an owner: its module's name ('orders.ts'), or the adapter folder's ('adapters-payments.ts'). */
const schemaFileOf = (owner: string) => `${owner.replace('/', '-')}.ts`;
/** Schema files that hold no table: the index drizzle-kit reads, and shared column helpers. */
const NOT_TABLES = ['index.ts', 'columns.ts'];

describe('table ownership', () => {
  it("keeps each table in its owner's schema file, and no file without one", () => {
    const misplaced: string[] = [];
    const files = Object.entries(SCHEMA_FILES).map(([file, exports]) => [path.basename(file), exports] as const);
    expect(files.length).toBeGreaterThan(10);
    for (const [file, exports] of files) {
      const tables = Object.values(exports).filter((value) => isTable(value)).map((table) => getTableName(table));
      if (NOT_TABLES.includes(file)) {
        if (file !== 'index.ts') expect(tables, file).toEqual([]);
        continue;
      }
      expect(tables.length, `${file} holds no table: name it after a module that owns tables, or add it to NOT_TABLES`).toBeGreaterThan(0);
      for (const table of tables) if (schemaFileOf(OWNER[table] ?? '?') !== file) misplaced.push(`${table} is in ${file}; its owner ${OWNER[table]} keeps it in ${schemaFileOf(OWNER[table] ?? '?')}`);
    }
    expect(misplaced).toEqual([]);
  });

  it('every table in the schema has an owner', () => {
    const tables = Object.values(schema).filter((value) => isTable(value)).map((table) => getTableName(table));
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.filter((t) => !(t in OWNER)), 'add new tables to OWNER').toEqual([]);
  });

  it('finds table names in SQL and in schema imports, and ignores type-only imports', () => {
    expect([...tablesNamed('await tx.execute(sql`select o.id from orders o join order_items i on true`)')].sort()).toEqual(['order_items', 'orders']);
    expect([...tablesNamed("import { cartItems, carts } from '../../../db/schema';")].sort()).toEqual(['cart_items', 'carts']);
    expect([...tablesNamed("import { type NameValue } from '../../db/schema';")]).toEqual([]);
    expect([...tablesNamed('update "stock_movements" set x = 1')]).toEqual(['stock_movements']);
  });

  it('no module or adapter names a table another one owns', () => {
    const strays: string[] = [];
    for (const file of [...sourceFiles(path.join(SERVER, 'modules')), ...sourceFiles(path.join(SERVER, 'adapters'))]) {
      const place = placeOf(file);
      if (!place) continue;
      for (const table of tablesNamed(readFileSync(file, 'utf8'))) {
        if (OWNER[table] === place || SHARED[place]?.tables.includes(table)) continue;
        strays.push(`${path.relative(SERVER, file)} names ${table} (owned by ${OWNER[table]})`);
      }
    }
    expect(strays).toEqual([]);
  });
});

/** Which modules each module imports (through any relative path into src/server/modules/<name>). */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(path.join(SERVER, 'modules'))) {
    const from = placeOf(file)!;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(/from\s+'(\.[^']*)'/g)) {
      const target = path.relative(path.join(SERVER, 'modules'), path.resolve(path.dirname(file), match[1])).split(path.sep);
      if (target[0] !== '..' && target[0] !== from) edges.add(target[0]);
    }
  }
  return graph;
}

describe('module dependencies', () => {
  it('form no loop (a module needing another module that needs it back means one of them owns too much)', () => {
    const graph = moduleGraph();
    expect(graph.get('orders')).toContain('catalogue');
    const loops: string[] = [];
    const visit = (node: string, trail: string[]) => {
      if (trail.includes(node)) {
        loops.push([...trail.slice(trail.indexOf(node)), node].join(' → '));
        return;
      }
      for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    };
    for (const node of graph.keys()) visit(node, []);
    expect([...new Set(loops)]).toEqual([]);
  });
});
