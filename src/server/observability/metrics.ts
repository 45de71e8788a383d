import type { Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { shedRequestCount } from '../http/errors';
import type { PoolSnapshot } from '../db/pool-monitor';
import { pushTotals } from '../modules/notifications';
import { DatabaseBacklog } from './backlog';

/**
 * Prometheus metrics (decision 055). Label policy: a label may only take values from a small set the
 * code fixes (a route's pattern, a method, a status class, an outcome); never a store, a host, a user,
 * an id or a path as the client sent it. Counts that only the database knows (jobs, mail) are read
 * when scraped; counts of events (cache reads, pushes, shed requests) are kept by the module where
 * they happen and only read here, so a server that serves no metrics pays for nothing but an addition.
 */

/** The route label of a request no route matched (a 404 from the not-found handler). */
export const UNMATCHED_ROUTE = 'unmatched';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A connection's wait ends by DATABASE_QUEUE_WAIT_MS (at most 60 s). */
const POOL_WAIT_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** The app's metrics and the listeners serving them (startMetricsServer), which close with the app. */
export interface AppMetrics {
  registry: Registry;
  listeners: Set<Server>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Absent when METRICS_PORT is unset: then no metric exists and no request is counted. */
    metrics?: AppMetrics;
  }
}

export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

/** Registers the app's metrics and the two request hooks they need; call only when metrics are served. */
export function installMetrics(app: FastifyInstance): AppMetrics {
  const registry = new Registry();
  // process_* and nodejs_*: CPU, memory and heap spaces, event-loop lag, garbage collection, handles.
  collectDefaultMetrics({ register: registry });
  countRequests(app, registry);
  describeDatabase(app, registry);
  describeCatalogueCache(app, registry);
  describeBackgroundWork(app, registry);
  const metrics: AppMetrics = { registry, listeners: new Set() };
  app.decorate('metrics', metrics);
  app.addHook('onClose', () => Promise.all([...metrics.listeners].map(closeListener)).then(() => undefined));
  return metrics;
}

function closeListener(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // A scraper's kept-alive connection would hold close() open until it times out.
    server.closeAllConnections();
  });
}

function countRequests(app: FastifyInstance, registry: Registry): void {
  let inFlight = 0;
  const finished = () => {
    inFlight--;
  };
  new Gauge({
    name: 'shop_http_requests_in_flight',
    help: 'Requests received and not yet answered (or abandoned by their client).',
    registers: [registry],
    collect() {
      this.set(inFlight);
    },
  });
  const duration = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time from a request received to its answer sent, by route pattern (unmatched: no route) and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  mirrorCounter(registry, 'shop_http_requests_shed_total', 'Requests answered 503 busy with Retry-After because the database or a live-board limit was saturated.', shedRequestCount);
  // The socket's close comes for every request, answered or abandoned, so in-flight never drifts.
  app.addHook('onRequest', (_req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    inFlight++;
    reply.raw.once('close', finished);
    done();
  });
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const labels = { method: METHODS.has(req.method) ? req.method : 'OTHER', route: req.routeOptions.url ?? UNMATCHED_ROUTE, status_class: statusClass(reply.statusCode) };
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

function describeDatabase(app: FastifyInstance, registry: Registry): void {
  const pool = app.deps.scopes.pool;
  if (!pool) return;
  const gauge = (name: string, help: string, read: (s: PoolSnapshot) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(pool.snapshot()));
      },
    });
  gauge('shop_db_pool_size', 'Connections the app role may open (DATABASE_POOL_SIZE; 1 on the embedded database).', (s) => s.size);
  gauge('shop_db_pool_in_use', 'Connections running a request or a job now.', (s) => s.inUse);
  gauge('shop_db_pool_waiting', 'Requests waiting for a connection (on the embedded database, for their turn).', (s) => s.waiting);
  const waits = new Histogram({
    name: 'shop_db_pool_wait_seconds',
    help: 'How long each request waited for its database connection (or its turn), got or timed out.',
    buckets: POOL_WAIT_BUCKETS,
    registers: [registry],
  });
  pool.observeWaits((seconds) => waits.observe(seconds));
  app.addHook('onClose', async () => pool.observeWaits(null));
}

function describeCatalogueCache(app: FastifyInstance, registry: Registry): void {
  const stats = () => app.deps.catalogueCache.stats;
  mirrorCounter(registry, 'shop_catalogue_cache_hits_total', 'Storefront catalogue reads answered from memory (or by a read of the same answer already under way).', () => stats().hits);
  mirrorCounter(registry, 'shop_catalogue_cache_misses_total', 'Storefront catalogue reads that read the database.', () => stats().misses);
  new Gauge({ name: 'shop_catalogue_cache_entries', help: 'Answers the catalogue cache keeps now.', registers: [registry], collect() { this.set(stats().entries); } });
  new Gauge({ name: 'shop_catalogue_cache_size', help: 'Size of the kept answers: characters of JSON plus bytes of compressed pages (about bytes).', registers: [registry], collect() { this.set(stats().size); } });
}

function describeBackgroundWork(app: FastifyInstance, registry: Registry): void {
  const backlog = new DatabaseBacklog(app.deps.scopes, app.log);
  new Gauge({
    name: 'shop_jobs',
    help: 'Background jobs of every store by status (running includes a job whose instance died, until another takes it); read from the database, at most 30 s old.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const counts = (await backlog.current())?.jobs;
      if (counts) for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  });
  new Gauge({
    name: 'shop_email_outbox_messages',
    help: 'Outgoing mail waiting for delivery through SMTP (pending) and mail whose delivery failed; read from the database, at most 30 s old.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const counts = (await backlog.current())?.outbox;
      if (counts) for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  });
  new Counter({
    name: 'shop_push_deliveries_total',
    help: 'Web pushes handed to a push service, by outcome (gone: the subscription no longer exists and was removed).',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, n] of Object.entries(pushTotals())) this.inc({ outcome }, n);
    },
  });
}

/** A Prometheus counter that shows a total some module keeps (read at each scrape). */
function mirrorCounter(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}
