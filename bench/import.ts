/**
 * Product CSV import benchmark (issue 15): a generated file of BENCH_IMPORT_ROWS rows (default 100,000)
 * uploaded to the built server, mapped, checked and imported through the real routes and background
 * job, then imported a second time (every product unchanged). `npx tsx bench/import.ts` runs on
 * PGlite; with DATABASE_URL on PostgreSQL (a fresh `<db>_bench_import`). The server's resident memory
 * is sampled from /proc every 100 ms: the figure is its peak growth over the idle server's. Prints the
 * figures and writes them to bench/RESULTS.md.
 */
import { createReadStream, mkdtempSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DEMO_HOST, dropBenchDatabase, machine, prepareDatabase, request, startServer, stopServer, writeResults } from './server';
import { writeImportFile } from './import-file';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 3910);
const BATCHES = '/api/imports/products/batches';

interface Batch {
  id: string;
  status: string;
  stats: { rows_total: number; rows_ok: number; rows_failed: number };
  result: { rows_done: number; products_created: number; products_updated: number; products_unchanged: number } | null;
  error: string | null;
}

/** Resident memory of a process in MB (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The server process itself (scripts/start.mjs runs dist/server/main.js as a child of its own, or in process). */
function serverPid(launcher: number): number {
  try {
    const children = readFileSync(`/proc/${launcher}/task/${launcher}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.length > 0 ? Number(children[0]) : launcher;
  } catch {
    return launcher;
  }
}

function upload(uploadPath: string, file: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORT, method: 'PUT', path: uploadPath, headers: { host: DEMO_HOST, cookie, 'content-type': 'text/csv', 'content-length': statSync(file).size } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}

function expectOk<T>(answer: { status: number; body: T }, what: string): T {
  if (answer.status >= 300) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function runImport(file: string, cookie: string, pid: number, baseline: number) {
  const started = Date.now();
  const { batch, uploadPath } = expectOk(await request<{ batch: Batch; uploadPath: string }>(PORT, 'POST', BATCHES, { cookie, body: { filename: 'bench.csv' } }), 'create batch');
  const status = await upload(uploadPath, file, cookie);
  if (status !== 200) throw new Error(`upload answered ${status}`);
  const uploaded = Date.now();
  const columns = expectOk(await request<{ mapping: Record<string, string | null> }>(PORT, 'GET', `${BATCHES}/${batch.id}/columns`, { cookie }), 'columns');
  expectOk(await request(PORT, 'PUT', `${BATCHES}/${batch.id}/mapping`, { cookie, body: { mapping: columns.mapping } }), 'mapping');
  const mapped = Date.now();
  const check = expectOk(await request<{ summary: { rows_total: number; rows_rejected: number } }>(PORT, 'POST', `${BATCHES}/${batch.id}/dry-run`, { cookie }), 'check');
  if (check.summary.rows_rejected > 0) throw new Error(`the check rejected ${check.summary.rows_rejected} rows`);
  const checked = Date.now();
  const before = rssMb(pid);
  expectOk(await request(PORT, 'POST', `${BATCHES}/${batch.id}/process`, { cookie, body: {} }), 'process');
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  // RSS when the import has written a quarter, half and three quarters of the rows: flat, not climbing.
  const quarters: number[] = [];
  let done: Batch;
  do {
    await new Promise((r) => setTimeout(r, 250));
    done = expectOk(await request<{ batch: Batch }>(PORT, 'GET', `${BATCHES}/${batch.id}`, { cookie }), 'batch').batch;
    const reached = Math.floor((4 * (done.result?.rows_done ?? 0)) / ROWS);
    while (quarters.length < Math.min(reached, 3)) quarters.push(rssMb(pid));
  } while (done.status === 'processing');
  clearInterval(sampler);
  const finished = Date.now();
  if (done.status !== 'succeeded') throw new Error(`the import ended ${done.status}: ${done.error}`);
  return {
    upload: (uploaded - started) / 1000,
    map: (mapped - uploaded) / 1000,
    check: (checked - mapped) / 1000,
    importSeconds: (finished - checked) / 1000,
    before,
    peakGrowth: peak - before,
    idleGrowth: peak - baseline,
    quarters,
    batch: done,
  };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-import-'));
  const file = path.join(dir, 'bench.csv');
  const { bytes, products } = await writeImportFile(file, ROWS);
  console.log(`File: ${ROWS.toLocaleString('en-GB')} rows, ${products.toLocaleString('en-GB')} products, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  const { env, kind } = await prepareDatabase('bench_import', PORT, async () => {});
  const server = await startServer(PORT, { ...env, LOG_LEVEL: 'warn' });
  try {
    const pid = serverPid(server.pid!);
    const signIn = await request(PORT, 'POST', '/api/auth/sign-in', { body: { email: 'admin@demo.test', password: 'bench-password' } });
    const cookie = signIn.setCookie.find((c) => c.startsWith('sid='))?.split(';')[0];
    if (!cookie) throw new Error(`sign-in answered ${signIn.status}`);
    const baseline = rssMb(pid);
    const first = await runImport(file, cookie, pid, baseline);
    const second = await runImport(file, cookie, pid, baseline);
    const rate = (s: number) => Math.round(ROWS / s).toLocaleString('en-GB');
    const lines = [
      `| run | upload s | check s | import s | rows/s | created | updated | unchanged | RSS at start MB | at 25/50/75% MB | peak growth MB |`,
      `|---|---|---|---|---|---|---|---|---|---|---|`,
      ...[['first import', first], ['same file again', second]].map(([name, r]) => {
        const run = r as typeof first;
        const res = run.batch.result!;
        return `| ${name as string} | ${run.upload.toFixed(1)} | ${run.check.toFixed(1)} | ${run.importSeconds.toFixed(1)} | ${rate(run.importSeconds)} | ${res.products_created} | ${res.products_updated} | ${res.products_unchanged} | ${run.before.toFixed(0)} | ${run.quarters.map((q) => q.toFixed(0)).join(' / ')} | ${run.peakGrowth.toFixed(0)} |`;
      }),
    ];
    const section = [
      `## Product import, ${kind}, ${new Date().toISOString().slice(0, 10)}`,
      '',
      `${machine()}. \`npx tsx bench/import.ts\`${kind === 'PostgreSQL' ? ' with DATABASE_URL' : ''}: ${ROWS.toLocaleString('en-GB')} rows (${products.toLocaleString('en-GB')} products, every second one with three sized variants; categories, brands, stock, highlights), ${(bytes / 1024 / 1024).toFixed(1)} MB, through the real routes and background job. "import s" runs from the start request to the batch reading succeeded. Memory is the server process's resident set: idle ${baseline.toFixed(0)} MB before the first upload; "peak growth" is the highest sample (every 100 ms) during the import over the figure when it started; the highest over idle was ${Math.max(first.idleGrowth, second.idleGrowth).toFixed(0)} MB.`,
      '',
      ...lines,
      '',
    ].join('\n');
    console.log(section);
    writeResults(`## Product import, ${kind}`, section);
  } finally {
    await stopServer(server);
    await dropBenchDatabase(env);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
