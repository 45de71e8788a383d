/**
 * What a bare node:http server does when hundreds of connections open at once: how long a /healthz on a
 * fresh connection waits at the burst's start. It is the yardstick for the overload benchmark's slowest
 * probe (decision 032): libuv accepts one connection per turn of the event loop, and each turn also
 * answers every accepted connection's request, so taking in a burst of n connections costs turns that
 * grow with n. Nothing of the shop runs here; the server is a child process, as ours is.
 *
 *   npx tsx bench/accept-burst.ts [connections=800] [microseconds of work per request: 0 5 30]
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';

const SERVER = `
const http = require('node:http');
const cost = BigInt(Number(process.env.COST_US) * 1000);
http.createServer((req, res) => {
  if (req.url === '/healthz') return res.end('ok');
  const until = process.hrtime.bigint() + cost;
  while (process.hrtime.bigint() < until) {}
  res.writeHead(503, { 'retry-after': '2' });
  res.end('busy');
}).listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, function () { process.send(this.address().port); });
`;

function probe(port: number): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.get({ port, host: '127.0.0.1', path: '/healthz', agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(performance.now() - started));
    });
    request.on('error', () => resolve(Number.NaN));
  });
}

async function burst(connections: number, costMicros: number): Promise<number[]> {
  const server = fork('-e', [SERVER], { env: { ...process.env, COST_US: String(costMicros) }, execArgv: [] });
  // fork('-e') runs the script text through node's -e flag.
  const port = await new Promise<number>((resolve) => server.once('message', (m) => resolve(Number(m))));
  const waits: number[] = [];
  let running = true;
  const probing = (async () => {
    while (running) {
      waits.push(await probe(port));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  await new Promise((resolve) => autocannon({ url: `http://127.0.0.1:${port}/search`, connections, duration: 6 }, resolve));
  running = false;
  await probing;
  server.kill();
  return waits;
}

const connections = Number(process.argv[2] ?? 800);
const costs = process.argv.length > 3 ? process.argv.slice(3).map(Number) : [0, 5, 30];
for (const cost of costs) {
  const waits = await burst(connections, cost);
  const sorted = [...waits].sort((a, b) => b - a);
  console.log(
    `${connections} connections, ${cost} µs a request: ${waits.length} probes, first ${Math.round(waits[0])} ms, ` +
      `slowest ${Math.round(sorted[0])} ms, over 1 s: ${waits.filter((w) => w > 1000).length}`,
  );
}
