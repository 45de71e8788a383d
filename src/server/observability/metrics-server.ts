import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the app's metrics at /metrics on METRICS_HOST:METRICS_PORT (decision 055): a listener of its
 * own, never the shop's port, so shoppers and stores' hosts cannot reach it and a flood on the shop
 * does not queue the scraper behind it. Answers null, listening on nothing, when metrics are off;
 * else where it listens, until the app closes.
 */
export async function startMetricsServer(app: FastifyInstance): Promise<AddressInfo | null> {
  const settings = app.deps.config.metrics;
  if (!app.metrics || !settings) return null;
  const { registry, listeners } = app.metrics;
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?', 1)[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        app.log.error({ err }, 'metrics: collecting failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Collecting metrics failed; see the server log\n');
      },
    );
  });
  await listen(server, settings.port, settings.host);
  listeners.add(server);
  return server.address() as AddressInfo;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
