/**
 * Admin > Customers benchmark (issue 26: "Customers list and search at 100,000 customers and 300,000
 * orders: p99 < 100 ms uncached on PostgreSQL"). Fills the demo store with BENCH_ORDERS paid orders
 * (default 300,000) from BENCH_CUSTOMERS people (default 100,000; three orders each, one order in ten
 * with the email in capitals, one in twenty refunded in part), inserted in bulk as the owner through the
 * orders table, so the triggers build store_customers exactly as payments do; plus a fifth of that in a
 * second store (Acme) the list must not read. Then VACUUM ANALYZE (what autovacuum does after a bulk
 * load), starts the built server and asks it, signed in as the demo admin, one request at a time:
 * the first page, random pages (deep offsets included), each sort, searches, and the whole CSV export.
 *
 * `npx tsx bench/customers.ts` runs on PGlite; with DATABASE_URL on PostgreSQL (a fresh
 * `<db>_customers_bench`, dropped afterwards). Needs `npm run build` first. Prints the figures and writes
 * them to bench/RESULTS.md.
 */
import http from 'node:http';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/connection';
import { SESSION_COOKIE } from '../src/shared/auth';
import { DEMO_HOST, dropBenchDatabase, machine, prepareDatabase, request, startServer, stopServer, writeResults } from './server';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 300_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const PORT = Number(process.env.BENCH_PORT ?? 3920);
const CHUNK = 50_000;

const FIRST = ['Oliver', 'Amelia', 'George', 'Olivia', 'Harry', 'Isla', 'Jack', 'Ava', 'Noah', 'Emily', 'Leo', 'Sophia', 'Arthur', 'Grace', 'Muhammad', 'Freya', 'Oscar', 'Lily', 'Charlie', 'Ivy', 'Jacob', 'Florence', 'Thomas', 'Ella', 'Henry', 'Evie', 'Alfie', 'Willow', 'Theo', 'Rosie', 'Archie', 'Poppy', 'Freddie', 'Sienna', 'Joshua', 'Daisy', 'Edward', 'Alice', 'Samuel', 'Mia'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Patel', 'Khan', 'Lewis', 'James', 'Phillips', 'Mason', 'Mitchell', 'Rose', 'Davis', 'Rodriguez', 'Cox', 'Alexander', 'Garden', 'Campbell', 'Johnston', 'Moore', 'Smyth', "O'Neill", 'Doherty', 'Stewart', 'Quinn', 'Murphy', 'Graham', 'Mclaughlin', 'Hamilton', 'Murray', 'Hughes', 'Robertson', 'Thomson', 'Scott', 'Macdonald', 'Reid', 'Clark', 'Ross', 'Young', 'Watson', 'Paterson', 'Morrison', 'Ahmed', 'Begum'];
const DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.co.uk', 'hotmail.co.uk', 'icloud.com', 'btinternet.com', 'sky.com', 'example.org'];

const textArray = (list: string[]) => sql.raw(`array[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`);

/**
 * Paid orders g = from..to-1 of one store: order g is customer g % customers's; placed over the last two
 * years; inserted as the owner, so the orders triggers fill store_customers row by row as payments do.
 */
async function insertOrders(db: Db, tenantId: string, prefix: string, customers: number, from: number, to: number): Promise<void> {
  await db.execute(sql`
    insert into orders (tenant_id, order_number, customer_email, customer_name, shipping_address, billing_address, shipping_method_name,
                        subtotal, shipping_total, total_amount, refunded_amount, payment_status, status, payment_provider,
                        reservation_state, reservation_expires_at, placed_at, paid_at)
    select ${tenantId}::uuid, ${prefix} || g, case when g % 10 = 0 then upper(p.email) else p.email end, p.name, '{}'::jsonb, '{}'::jsonb, 'Standard Delivery',
           1500 + (g::bigint * 7919) % 20000, 399, 1899 + (g::bigint * 7919) % 20000,
           case when g % 20 = 0 then 500 else 0 end,
           case when g % 20 = 0 then 'partially_refunded' else 'paid' end, 'confirmed', 'test', 'committed',
           now(), now() - make_interval(secs => (g * 631) % 63072000), now() - make_interval(secs => (g * 631) % 63072000)
    from generate_series(${from}::int, ${to - 1}::int) g
    cross join lateral (
      select f || ' ' || l as name, lower(f || '.' || replace(l, '''', '') || (g % ${customers}::int) || '@' || d) as email
      from (select (${textArray(FIRST)})[1 + ((g % ${customers}::int) * 7) % ${FIRST.length}] as f,
                   (${textArray(LAST)})[1 + ((g % ${customers}::int) * 13) % ${LAST.length}] as l,
                   (${textArray(DOMAINS)})[1 + (g % ${customers}::int) % ${DOMAINS.length}] as d) x
    ) p`);
}

async function fillStore(db: Db, tenantId: string, prefix: string, customers: number, orders: number): Promise<number> {
  const started = performance.now();
  for (let from = 0; from < orders; from += CHUNK) {
    await insertOrders(db, tenantId, prefix, customers, from, Math.min(from + CHUNK, orders));
    process.stdout.write(`  ${prefix}: ${Math.min(from + CHUNK, orders).toLocaleString('en-GB')} orders\r`);
  }
  process.stdout.write('\n');
  return performance.now() - started;
}

async function signIn(port: number): Promise<string> {
  const answer = await request<unknown>(port, 'POST', '/api/auth/sign-in', { body: { email: 'admin@demo.test', password: 'bench-password' } });
  const cookie = answer.setCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (answer.status !== 200 || !cookie) throw new Error(`sign-in answered ${answer.status}`);
  return cookie.split(';')[0];
}

/** A signed-in GET read to its end, as the demo store's host: its status and size. */
function get(port: number, cookie: string, urlPath: string): Promise<{ status: number; bytes: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: urlPath, headers: { host: DEMO_HOST, cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, bytes: body.length, body: body.length < 100_000 ? body.toString('utf8') : '' });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

interface Case {
  name: string;
  paths: () => string;
  runs?: number;
}

async function time(port: number, cookie: string, c: Case) {
  const took: number[] = [];
  let matches = 0;
  const runs = c.runs ?? RUNS;
  for (let i = 0; i < runs; i++) {
    const path = c.paths();
    const started = performance.now();
    const answer = await get(port, cookie, path);
    took.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    matches += (JSON.parse(answer.body) as { pagination: { total: number } }).pagination.total;
  }
  took.sort((a, b) => a - b);
  return { runs, p50: percentile(took, 50), p99: percentile(took, 99), max: took[took.length - 1], meanTotal: Math.round(matches / runs) };
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
const randomPage = () => 1 + Math.floor(Math.random() * Math.ceil(CUSTOMERS / 25));

// What staff type: first names, surnames, the start of an email, whole emails, and nothing found.
const SEARCHES = ['oli', 'oliver', 'amelia', 'smi', 'smith', 'jones', 'pat', 'khan', 'o\'n', 'mac', 'george.w', 'harry.brown', 'isla', 'ro', 'ahmed', 'grace.', 'freya.smith', 'theo', 'leo.j', 'mia.', 'zzz', 'nobody', 'thomas.evans1', 'jack.scott2'];

async function main() {
  let fillMs = 0;
  const { env, kind } = await prepareDatabase('customers_bench', PORT, async (db, seed) => {
    fillMs = await fillStore(db, seed.tenantIds.demo, 'B', CUSTOMERS, ORDERS);
    await fillStore(db, seed.tenantIds.acme, 'A', Math.round(CUSTOMERS / 5), Math.round(ORDERS / 5));
    await db.execute(sql`vacuum analyze`);
  });
  const server = await startServer(PORT, env);
  try {
    const cookie = await signIn(PORT);
    const first = await get(PORT, cookie, '/api/admin/customers');
    const total = (JSON.parse(first.body) as { pagination: { total: number } }).pagination.total;
    if (total !== CUSTOMERS) throw new Error(`the list counts ${total} customers, not ${CUSTOMERS}`);
    const cases: Case[] = [
      { name: 'list, first page (last order, newest first)', paths: () => '/api/admin/customers' },
      { name: `list, a random page of ${Math.ceil(CUSTOMERS / 25).toLocaleString('en-GB')} (deep offsets)`, paths: () => `/api/admin/customers?page=${randomPage()}` },
      { name: 'list, the last page', paths: () => `/api/admin/customers?page=${Math.ceil(CUSTOMERS / 25)}`, runs: Math.max(20, RUNS / 5) },
      { name: 'sorted by total spent, highest first, random page', paths: () => `/api/admin/customers?sort=total_spent&page=${randomPage()}` },
      { name: 'sorted by name A-Z, random page', paths: () => `/api/admin/customers?sort=name&page=${randomPage()}` },
      { name: 'sorted by email Z-A, random page', paths: () => `/api/admin/customers?sort=email&dir=desc&page=${randomPage()}` },
      { name: 'sorted by orders, random page', paths: () => `/api/admin/customers?sort=orders&page=${randomPage()}` },
      { name: 'search (names, surnames, email starts), first page', paths: () => `/api/admin/customers?search=${encodeURIComponent(pick(SEARCHES))}` },
      { name: 'search, sorted by total spent', paths: () => `/api/admin/customers?search=${encodeURIComponent(pick(SEARCHES))}&sort=total_spent` },
      { name: 'search of one letter (most matches), first page', paths: () => `/api/admin/customers?search=${pick(['a', 'j', 'm', 's', 'o'])}` },
    ];
    const lines: string[] = [];
    for (const c of cases) {
      // Twenty requests first warm the server's code paths, the plan cache and the pages, as a store's
      // admin in use finds them.
      for (let i = 0; i < 20; i++) await get(PORT, cookie, c.paths());
      const f = await time(PORT, cookie, c);
      const line = `| ${c.name} | ${f.runs} | ${f.p50.toFixed(1)} ms | ${f.p99.toFixed(1)} ms | ${f.max.toFixed(1)} ms | ${f.meanTotal.toLocaleString('en-GB')} |`;
      console.log(line);
      lines.push(line);
    }
    const exportTimes: number[] = [];
    let exportBytes = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const answer = await get(PORT, cookie, '/api/admin/customers.csv');
      exportTimes.push(performance.now() - started);
      if (answer.status !== 200) throw new Error(`export answered ${answer.status}`);
      exportBytes = answer.bytes;
    }
    exportTimes.sort((a, b) => a - b);
    const exportLine = `The whole export (${CUSTOMERS.toLocaleString('en-GB')} rows, ${(exportBytes / 1048576).toFixed(1)} MB of CSV, streamed a page of 1,000 at a time): ${(exportTimes[1] / 1000).toFixed(2)} s median of 3, slowest ${(exportTimes[2] / 1000).toFixed(2)} s.`;
    console.log(exportLine);
    const section = [
      `## Customers, ${kind}, ${new Date().toISOString().slice(0, 10)}`,
      '',
      `Written by \`bench/customers.ts\`. ${CUSTOMERS.toLocaleString('en-GB')} customers from ${ORDERS.toLocaleString('en-GB')} paid orders in the demo store (three orders each; one order in ten with the email in capitals, grouped with the others; one in twenty refunded in part), and a fifth of that in Acme. The orders were inserted in bulk through the orders table, so the triggers built store_customers as payments do: ${(fillMs / 1000).toFixed(0)} s for the demo store's ${ORDERS.toLocaleString('en-GB')} (${Math.round(ORDERS / (fillMs / 1000)).toLocaleString('en-GB')} orders/s, trigger included). Then VACUUM ANALYZE. Requests one after another through HTTP as the signed-in admin after 20 unmeasured ones, no cache (each a new query); pages of 25; random pages over all ${Math.ceil(CUSTOMERS / 25).toLocaleString('en-GB')}. ${machine()}; load average ${os.loadavg()[0].toFixed(1)} at the end.`,
      '',
      '| Request | Requests | p50 | p99 | Slowest | Total listed (mean) |',
      '| --- | --- | --- | --- | --- | --- |',
      ...lines,
      '',
      exportLine,
      '',
    ].join('\n');
    writeResults(`## Customers, ${kind}`, section);
  } finally {
    await stopServer(server);
    await dropBenchDatabase(env);
  }
}

await main();
