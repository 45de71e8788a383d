import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { DatabaseBusyError } from '../db/pool-gate';
import { MemoryPushSender } from '../adapters/push/memory-sender';
import { deliver } from '../modules/notifications/delivery';
import { call, resetTestApp, ACME_HOST, DEMO_HOST, PLATFORM_HOST, type TestApp } from '../test/harness';
import { startMetricsServer } from './metrics-server';
import { UNMATCHED_ROUTE } from './metrics';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format, one sample a line (the format the scraper reads, parsed the simple way). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value.replace(/\\(.)/g, '$1');
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/** The sum of a metric's samples whose labels include `labels`. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);
}

let t: TestApp;
let app: FastifyInstance;
let metricsUrl: string;
const routes: RouteOptions[] = [];

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, samples: parse(text) };
}

beforeAll(async () => {
  t = await resetTestApp();
  const { demo, acme } = t.seed.tenantIds;
  // Work waiting in the database, in two stores and the platform's own mail.
  await t.database.db.execute(sql`
    insert into background_jobs (tenant_id, kind, subject_id, status) values
      (${demo}, 'product_import', gen_random_uuid(), 'queued'), (${acme}, 'product_import', gen_random_uuid(), 'queued'),
      (${acme}, 'picture_variants', gen_random_uuid(), 'failed'), (${demo}, 'picture_variants', gen_random_uuid(), 'succeeded')`);
  await t.database.db.execute(sql`
    insert into email_messages (tenant_id, to_address, subject, html, text, kind, status, provider) values
      (${demo}, 'a@example.com', 's', 'h', 't', 'order_confirmation', 'stored', 'smtp'),
      (${acme}, 'b@example.com', 's', 'h', 't', 'order_confirmation', 'failed', 'smtp'),
      (null, 'c@example.com', 's', 'h', 't', 'platform', 'stored', 'smtp'),
      (${demo}, 'd@example.com', 's', 'h', 't', 'order_confirmation', 'stored', 'outbox'),
      (${demo}, 'e@example.com', 's', 'h', 't', 'order_confirmation', 'sent', 'smtp')`);
  app = await buildApp({ ...t.app.deps, config: { ...t.config, metrics: { port: 0, host: '127.0.0.1' } } }, { onRoute: (route) => routes.push(route) });
  // A request the database sheds, as a flood would make one.
  app.get('/api/test-metrics/shed', async () => {
    throw new DatabaseBusyError('every connection is busy (test)');
  });
  const at = await startMetricsServer(app);
  metricsUrl = `http://127.0.0.1:${at!.port}/metrics`;
});

afterAll(async () => {
  await app?.close();
});

describe('metrics (decision 055)', () => {
  it('are off unless METRICS_PORT is set: no registry, no hooks, nothing listening', async () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(t.config.metrics).toBeNull();
    expect(t.app.metrics).toBeUndefined();
    expect(await startMetricsServer(t.app)).toBeNull();
  });

  it('serve Prometheus text at /metrics on their own port, and nothing else there; the shop port does not serve them', async () => {
    const res = await fetch(metricsUrl);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE shop_http_request_duration_seconds histogram');
    expect(text).toContain('# HELP shop_http_requests_in_flight ');
    expect(() => parse(text)).not.toThrow();
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(405);
    const onShop = await call(app, 'GET', '/metrics', { host: PLATFORM_HOST });
    expect(onShop.body).not.toContain('shop_http_request_duration_seconds');
  });

  it('name every figure the issue asks for, with Node’s default metrics', async () => {
    const names = new Set((await scrape()).samples.map((s) => s.name));
    for (const name of [
      'shop_http_request_duration_seconds_bucket',
      'shop_http_requests_in_flight',
      'shop_http_requests_shed_total',
      'shop_db_pool_size',
      'shop_db_pool_in_use',
      'shop_db_pool_waiting',
      'shop_db_pool_wait_seconds_count',
      'shop_catalogue_cache_hits_total',
      'shop_catalogue_cache_misses_total',
      'shop_catalogue_cache_entries',
      'shop_catalogue_cache_size',
      'shop_jobs',
      'shop_email_outbox_messages',
      'shop_push_deliveries_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'process_cpu_seconds_total',
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it('count the work waiting in the database across every store and the platform', async () => {
    const { samples } = await scrape();
    expect(total(samples, 'shop_jobs', { status: 'queued' })).toBe(2);
    expect(total(samples, 'shop_jobs', { status: 'failed' })).toBe(1);
    expect(total(samples, 'shop_jobs', { status: 'running' })).toBe(0);
    // Stored by the built-in outbox is kept, not pending; sent is neither.
    expect(total(samples, 'shop_email_outbox_messages', { status: 'pending' })).toBe(2);
    expect(total(samples, 'shop_email_outbox_messages', { status: 'failed' })).toBe(1);
  });

  it('move with requests: durations by route pattern and status class, cache hits and misses, shed requests, pool waits, pushes', async () => {
    const before = (await scrape()).samples;
    const list = (host: string) => call(app, 'GET', '/api/products?limit=5', { host });
    for (let i = 0; i < 3; i++) expect((await list(DEMO_HOST)).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/products/by-slug/no-such-product')).statusCode).toBe(404);
    expect((await call(app, 'DELETE', '/no/route/at-all')).statusCode).toBe(404);
    const shed = await call(app, 'GET', '/api/test-metrics/shed');
    expect([shed.statusCode, shed.headers['retry-after']]).toEqual([503, '2']);
    const push = new MemoryPushSender(t.app.deps.push.publicKey);
    const subscription = { id: crypto.randomUUID(), endpoint: 'https://fcm.googleapis.com/fcm/send/metrics-test', p256dh: 'key', auth: 'auth' };
    await deliver({ scopes: t.scopes, push, log: { warn: () => {} } }, t.seed.tenantIds.demo, [subscription as never], { title: 't', body: 'b', icon: null, url: null, tag: 'x' }, 60);
    const after = (await scrape()).samples;
    const moved = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);

    expect(moved('shop_http_request_duration_seconds_count', { method: 'GET', route: '/api/products', status_class: '2xx' })).toBe(3);
    expect(moved('shop_http_request_duration_seconds_count', { route: '/api/products/by-slug/:slug', status_class: '4xx' })).toBe(1);
    expect(moved('shop_http_request_duration_seconds_count', { method: 'DELETE', route: UNMATCHED_ROUTE, status_class: '4xx' })).toBe(1);
    expect(moved('shop_http_request_duration_seconds_count', { route: '/api/test-metrics/shed', status_class: '5xx' })).toBe(1);
    expect(moved('shop_http_requests_shed_total')).toBe(1);
    expect(total(after, 'shop_http_requests_in_flight')).toBe(0);
    // The first list read the database; the next two were answered from memory.
    expect(moved('shop_catalogue_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(moved('shop_catalogue_cache_hits_total')).toBeGreaterThanOrEqual(2);
    expect(total(after, 'shop_catalogue_cache_entries')).toBeGreaterThan(0);
    expect(total(after, 'shop_catalogue_cache_size')).toBeGreaterThan(0);
    expect(moved('shop_db_pool_wait_seconds_count')).toBeGreaterThan(0);
    expect(total(after, 'shop_db_pool_size')).toBe(t.databaseUrl ? t.config.databasePool.size : 1);
    expect(moved('shop_push_deliveries_total', { outcome: 'sent' })).toBe(1);
  });

  it('never name a store, a host, a user or a path a client sent in any label', async () => {
    const sessionCheck = await call(app, 'GET', '/api/auth/me?token=secret-query', { host: ACME_HOST });
    expect(sessionCheck.statusCode).toBeLessThan(500);
    await call(app, 'GET', '/api/products/by-slug/some-private-slug?q=secret-query', { host: DEMO_HOST });
    await call(app, 'GET', '/some/made-up/page-path', { host: ACME_HOST });
    const { samples } = await scrape();
    const forbidden = [
      ...Object.values(t.seed.tenantIds),
      ...Object.values(t.seed.userIds),
      'demo.localhost',
      'acme.localhost',
      'localhost:3000',
      '@demo.test',
      'secret-query',
      'some-private-slug',
      'made-up',
      '127.0.0.1',
    ];
    const patterns = new Set([...routes.map((r) => r.url), UNMATCHED_ROUTE]);
    for (const sample of samples) {
      for (const [name, value] of Object.entries(sample.labels)) {
        for (const word of forbidden) expect(value, `${sample.name} ${name}`).not.toContain(word);
        if (sample.name.startsWith('shop_')) expect(['method', 'route', 'status_class', 'status', 'outcome', 'le']).toContain(name);
        if (name === 'route') expect(patterns, `${value} is a route pattern`).toContain(value);
      }
    }
  });
});
