/**
 * VAT report benchmark (issue 25: "the VAT report for 100,000 orders: < 1 s on PostgreSQL"). Fills the
 * demo store with BENCH_ORDERS paid orders (default 100,000) spread over the last 365 days, each with
 * its VAT ledger rows as payment writes them (one to three rates) and one order in twenty refunded in
 * part, plus the same again in a second store (Acme) that the report must not read. Then asks the built
 * server, signed in as the demo admin, for the report of a quarter and of the whole year, and its CSV.
 *
 * `npx tsx bench/vat-report.ts` runs on PGlite; with DATABASE_URL on PostgreSQL (a fresh
 * `<db>_vat_bench`, dropped afterwards). Needs `npm run build` first. Prints the figures and writes them
 * to bench/RESULTS.md.
 */
import http from 'node:http';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/connection';
import { SESSION_COOKIE } from '../src/shared/auth';
import { DEMO_HOST, dropBenchDatabase, machine, prepareDatabase, request, startServer, stopServer, writeResults } from './server';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const PORT = Number(process.env.BENCH_PORT ?? 3910);

/** Paid orders with their ledger rows, in one statement per table (generate_series), as the owner. */
async function fillStore(db: Db, tenantId: string, count: number): Promise<void> {
  await db.execute(sql`
    insert into orders (tenant_id, order_number, customer_email, customer_name, shipping_address, billing_address, shipping_method_name,
                        subtotal, shipping_total, total_amount, vat_included, refunded_amount, payment_status, status, payment_provider,
                        reservation_state, reservation_expires_at, placed_at, paid_at, invoice_number)
    select ${tenantId}::uuid, 'B' || g, 'buyer' || (g % 5000) || '@example.com', 'Bench Buyer', '{}'::jsonb, '{}'::jsonb, 'Standard Delivery',
           2000 + (g % 7) * 500, 399, 2399 + (g % 7) * 500, round((2399 + (g % 7) * 500) / 6.0)::int,
           case when g % 20 = 0 then 1000 else 0 end,
           case when g % 20 = 0 then 'partially_refunded' else 'paid' end, 'confirmed', 'test', 'committed',
           now(), now() - make_interval(secs => (g % 31536000)), now() - make_interval(secs => (g * 315) % 31536000), g
    from generate_series(1, ${count}) g`);
  // The ledger as payment writes it: every order a standard part, one in three a reduced part, one in
  // five a zero-rated part; refunds as a settled refund writes them.
  await db.execute(sql`
    insert into vat_entries (tenant_id, order_id, kind, rate, gross, vat, occurred_at)
    select o.tenant_id, o.id, 'sale', p.rate, p.gross, p.vat, o.paid_at
    from orders o
    cross join lateral (values ('standard', o.total_amount - 1050, round((o.total_amount - 1050) / 6.0)::int),
                               ('reduced', 630, 30), ('zero', 420, 0)) as p(rate, gross, vat)
    where o.tenant_id = ${tenantId}::uuid
      and (p.rate = 'standard' or (p.rate = 'reduced' and o.invoice_number % 3 = 0) or (p.rate = 'zero' and o.invoice_number % 5 = 0))`);
  await db.execute(sql`
    insert into vat_entries (tenant_id, order_id, kind, rate, gross, vat, occurred_at)
    select tenant_id, id, 'refund', 'standard', refunded_amount, round(refunded_amount / 6.0)::int, paid_at + interval '3 days'
    from orders where tenant_id = ${tenantId}::uuid and refunded_amount > 0`);
  // The daily sums the report reads, as the ledger keeps them (and migration 0031 fills them).
  await db.execute(sql`
    insert into vat_daily (tenant_id, day, kind, rate, gross, vat, entries)
    select tenant_id, (occurred_at at time zone 'Europe/London')::date, kind, rate, sum(gross), sum(vat), count(distinct coalesce(refund_id, order_id)) filter (where rate = 'standard')
    from vat_entries where tenant_id = ${tenantId}::uuid group by 1, 2, 3, 4`);
  await db.execute(sql`insert into invoice_counters (tenant_id, last_number) values (${tenantId}::uuid, ${count}) on conflict (tenant_id) do update set last_number = excluded.last_number`);
}

const londonDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

async function signIn(port: number): Promise<string> {
  const answer = await request<unknown>(port, 'POST', '/api/auth/sign-in', { body: { email: 'admin@demo.test', password: 'bench-password' } });
  const cookie = answer.setCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (answer.status !== 200 || !cookie) throw new Error(`sign-in answered ${answer.status}`);
  return cookie.split(';')[0];
}

/** A signed-in GET read to its end (JSON or CSV), as the demo store's host: its status. */
function get(port: number, cookie: string, urlPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: urlPath, headers: { host: DEMO_HOST, cookie } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function time(port: number, cookie: string, urlPath: string): Promise<{ median: number; max: number; status: number }> {
  const took: number[] = [];
  let status = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    status = await get(port, cookie, urlPath);
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return { median: took[Math.floor(took.length / 2)], max: took[took.length - 1], status };
}

async function main() {
  const { env, kind } = await prepareDatabase('vat_bench', PORT, async (db, seed) => {
    await fillStore(db, seed.tenantIds.demo, ORDERS);
    await fillStore(db, seed.tenantIds.acme, ORDERS);
    await db.execute(sql`analyze`);
  });
  const server = await startServer(PORT, env);
  try {
    const cookie = await signIn(PORT);
    const now = new Date();
    const year = `from=${londonDay(new Date(now.getTime() - 364 * 86_400_000))}&to=${londonDay(now)}`;
    const quarter = `from=${londonDay(new Date(now.getTime() - 90 * 86_400_000))}&to=${londonDay(now)}`;
    const cases = [
      { name: 'VAT report, last quarter', path: `/api/admin/reports/vat?${quarter}` },
      { name: 'VAT report, last 12 months (all 100,000 orders)', path: `/api/admin/reports/vat?${year}` },
      { name: 'VAT report CSV, last 12 months', path: `/api/admin/reports/vat.csv?${year}` },
    ];
    const lines: string[] = [];
    for (const c of cases) {
      // A first request warms the plan cache and the pages, as a merchant's second look would find them.
      await get(PORT, cookie, c.path);
      const figure = await time(PORT, cookie, c.path);
      if (figure.status !== 200) throw new Error(`${c.path} answered ${figure.status}`);
      const line = `| ${c.name} | ${figure.median.toFixed(0)} ms | ${figure.max.toFixed(0)} ms |`;
      console.log(line);
      lines.push(line);
    }
    const section = [
      `## VAT report, ${kind}, ${new Date().toISOString().slice(0, 10)}`,
      '',
      `${ORDERS.toLocaleString('en-GB')} paid orders in each of two stores (one in twenty refunded in part); ${RUNS} requests each, one after another, through HTTP as the signed-in admin. ${machine()}; load average ${os.loadavg()[0].toFixed(1)}.`,
      '',
      '| Request | Median | Slowest |',
      '| --- | --- | --- |',
      ...lines,
      '',
    ].join('\n');
    writeResults(`## VAT report, ${kind}`, section);
  } finally {
    await stopServer(server);
    await dropBenchDatabase(env);
  }
}

await main();
