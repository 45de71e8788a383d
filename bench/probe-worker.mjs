// The probes beside a flood (bench/flood.ts), in a worker thread of their own: the benchmark's main
// thread is busy driving hundreds of autocannon connections, and a probe sharing its event loop would
// time the benchmark's own delays instead of the server's. Each target path is asked one request at a
// time on a fresh connection, every `intervalMs`, until the parent posts 'stop'.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, host, targets } = workerData;
let stopped = false;

function timedGet(path) {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status) => resolve({ status, ms: Math.round(performance.now() - started) });
    const address = `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
    const req = http.request({ host: '127.0.0.1', port, path, agent: false, timeout: 60_000, headers: { host, 'x-forwarded-for': address } }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => done(0));
    req.end();
  });
}

const loops = targets.map(async ({ path, intervalMs }) => {
  const figures = { path, asked: 0, latencies: [], statuses: {} };
  while (!stopped) {
    const { status, ms } = await timedGet(path);
    figures.asked++;
    figures.latencies.push(ms);
    figures.statuses[status] = (figures.statuses[status] ?? 0) + 1;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return figures;
});

parentPort.on('message', async (message) => {
  if (message !== 'stop') return;
  stopped = true;
  parentPort.postMessage(await Promise.all(loops));
});
