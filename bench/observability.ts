/**
 * What metrics and traces cost (issue 30): the cached product list (`/api/products`, as served, from
 * the catalogue cache) and a cached product page, measured three times on one database, each on a
 * fresh server: with neither (the default), with METRICS_PORT (scraped every second, as Prometheus
 * would at a much slower rate), and with traces sent to a local OTLP/HTTP collector. Runs alternate
 * (off, metrics, traces, then again) so drift on the machine falls on every setting alike.
 * `npm run bench:observability`; DATABASE_URL for PostgreSQL.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { BROWSER_HEADERS, dropBenchDatabase, machine, measure, prepareDatabase, startServer, stopServer, writeResults } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 3920);
const METRICS_PORT = PORT + 1;
const COLLECTOR_PORT = PORT + 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

type Setting = 'off' | 'metrics' | 'traces';
const ENV: Record<Setting, Record<string, string>> = {
  off: {},
  metrics: { METRICS_PORT: String(METRICS_PORT) },
  traces: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${COLLECTOR_PORT}`, OTEL_SERVICE_NAME: 'shop-bench' },
};

// A collector that takes every batch and counts its bytes, in its own process so it does not share
// the load generator's thread.
const collectorCode = `let bytes=0;require('node:http').createServer((q,s)=>{q.on('data',c=>bytes+=c.length);q.on('end',()=>{s.writeHead(200,{'content-type':'application/json'});s.end('{}')})}).listen(${COLLECTOR_PORT},'127.0.0.1',()=>process.send('up'));process.on('message',()=>process.send(bytes))`;

const { env, kind } = await prepareDatabase('bench_observability', PORT, async () => {});
const collector = spawn(process.execPath, ['-e', collectorCode], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
await new Promise((resolve) => collector.once('message', resolve));

const routes = [
  { name: 'product list (cached)', path: '/api/products' },
  { name: 'product page HTML (cached)', path: '/p/enamel-camping-mug' },
];
const results: Record<Setting, Record<string, number[]>> = { off: {}, metrics: {}, traces: {} };
const p99s: Record<Setting, Record<string, number[]>> = { off: {}, metrics: {}, traces: {} };
const loadBefore = os.loadavg()[0];
for (let round = 0; round < ROUNDS; round++) {
  for (const setting of ['off', 'metrics', 'traces'] as Setting[]) {
    console.log(`\nround ${round + 1}, ${setting}:`);
    const server = await startServer(PORT, { ...env, ...ENV[setting], CATALOGUE_CACHE_SECONDS: '10' });
    const scrape = setting === 'metrics' ? setInterval(() => http.get(`http://127.0.0.1:${METRICS_PORT}/metrics`, (res) => res.resume()).on('error', () => {}), 1000) : null;
    try {
      for (const r of routes) {
        const f = await measure(PORT, `${r.name}, ${setting}`, r.path, SECONDS, 10, BROWSER_HEADERS);
        (results[setting][r.name] ??= []).push(f.rps);
        (p99s[setting][r.name] ??= []).push(f.p99);
      }
    } finally {
      if (scrape) clearInterval(scrape);
      await stopServer(server);
    }
  }
}
const traceBytes = await new Promise<number>((resolve) => {
  collector.once('message', (n) => resolve(Number(n)));
  collector.send('bytes');
});
collector.kill();
const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = routes.map((r) => {
  const off = median(results.off[r.name]);
  const cell = (s: Setting) => `${median(results[s][r.name])} (${results[s][r.name].join(', ')}), p99 ${Math.max(...p99s[s][r.name])} ms`;
  const change = (s: Setting) => `${(((median(results[s][r.name]) - off) / off) * 100).toFixed(1)}%`;
  return `| ${r.name} | \`${r.path}\` | ${cell('off')} | ${cell('metrics')} | ${change('metrics')} | ${cell('traces')} | ${change('traces')} |`;
});
const section = `## Observability, ${kind}, ${new Date().toISOString().slice(0, 10)}

Written by \`bench/observability.ts\`: the demo store, catalogue cache on; each setting on a fresh server, ${ROUNDS} rounds alternating off / metrics / traces, autocannon 10 connections, ${SECONDS} s per route after a 2 s warm-up; req/s as the median (each round's figure in brackets). "metrics": METRICS_PORT set and scraped every second; "traces": OTEL_EXPORTER_OTLP_ENDPOINT to a local collector (it received ${Math.round(traceBytes / 1024)} kB of spans in all). ${machine()}, ${load}.

| route | path | off req/s | metrics req/s | change | traces req/s | change |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
console.log(`\n${section}`);
writeResults(`## Observability, ${kind},`, section);
await dropBenchDatabase(env);
