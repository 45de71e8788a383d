import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freshDatabaseUrl } from '../test/databases';
import { listenLocally, type LocalServer } from '../test/local-server';
import { REQUEST_ID_ATTRIBUTE } from './span-attributes';
import { flushTraces, tracingLoaded } from './trace-flush';

// Traces from the real built server (decision 055): the bundle is built into a folder of its own
// (inside the repository, so its packages resolve from node_modules), started with the tracing preload
// the way `npm start` loads it, and pointed at a local OTLP/HTTP receiver. About 10 s: one build, one
// server start on a new database; nothing less shows that the SDK patches what the bundle loads.

const root = path.resolve(__dirname, '../../..');
const outDir = path.join(root, 'dist', `trace-test-${process.pid}`);
const REQUEST_ID = 'trace-test-request-1';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const spans: (OtlpSpan & { scope: string })[] = [];
let receiver: LocalServer;
let server: ChildProcess;
let serverPort: number;
let dataDir: string;
let output = '';

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${what} within ${ms} ms:\n${output}`);
}

/** A GET with a Host header (fetch may not set one), answering the status and the headers. */
function get(urlPath: string, headers: Record<string, string>): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: serverPort, path: urlPath, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['--input-type=module', '-e', `const { buildServer } = await import(${JSON.stringify(pathToFileURL(path.join(root, 'scripts/build-server.mjs')).href)}); await buildServer(${JSON.stringify(outDir)});`], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`building the server failed: ${build.stderr}`);
  receiver = await listenLocally((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.startsWith('application/json')) {
        const sent = JSON.parse(body) as { resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[] };
        for (const resource of sent.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans.map((s) => ({ ...s, scope: scope.scope.name })));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  serverPort = await freePort();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-trace-'));
  const databaseUrl = process.env.DATABASE_URL ? await freshDatabaseUrl(process.env.DATABASE_URL, 'trace') : '';
  server = spawn(process.execPath, ['--import', pathToFileURL(path.join(outDir, 'tracing.js')).href, path.join(outDir, 'main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      SERVER_RENDERING: 'off',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.base,
      OTEL_SERVICE_NAME: 'shop-trace-test',
      // Spans go out 100 ms after they end, not 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  await until('healthy server', async () => ((await get('/healthz', {}).catch(() => null))?.statusCode === 200 ? true : undefined));
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await receiver?.close();
  rmSync(outDir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('traces from the built server (decision 055)', () => {
  it('sends a request span with the route and the request id, its query spans beneath it (PostgreSQL; PGlite has no pg driver)', async () => {
    const res = await get('/api/products', { host: 'demo.localhost', 'x-request-id': REQUEST_ID });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe(REQUEST_ID);
    // The server found the SDK in place (it warns when the endpoint is set and none is).
    expect(output).not.toContain('no trace is made');

    const request = await until('HTTP server span', () =>
      spans.find((s) => s.scope === '@opentelemetry/instrumentation-http' && s.kind === 2 && attribute(s, 'http.route') === '/api/products'),
    );
    expect(attribute(request, REQUEST_ID_ATTRIBUTE)).toBe(REQUEST_ID);
    expect(attribute(request, 'http.response.status_code')).toBe(200);
    const fastify = await until('Fastify request span', () => spans.find((s) => s.scope === '@fastify/otel' && s.name === 'request' && s.parentSpanId === request.spanId));
    expect(attribute(fastify, 'http.route')).toBe('/api/products');
    expect(attribute(fastify, REQUEST_ID_ATTRIBUTE)).toBe(REQUEST_ID);

    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const under = (span: OtlpSpan, ancestor: OtlpSpan) => {
      for (let s: OtlpSpan | undefined = span; s; s = s.parentSpanId ? byId.get(s.parentSpanId) : undefined) if (s.spanId === ancestor.spanId) return true;
      return false;
    };
    if (process.env.DATABASE_URL) {
      const queries = await until('query spans', () => {
        const found = spans.filter((s) => s.scope === '@opentelemetry/instrumentation-pg' && s.name.startsWith('pg.query') && s.traceId === request.traceId);
        return found.length >= 3 ? found : undefined;
      });
      for (const query of queries) expect(under(query, request)).toBe(true);
      const texts = queries.map((q) => String(attribute(q, 'db.query.text') ?? attribute(q, 'db.statement')));
      expect(texts.some((text) => /from "?products"?|from product/i.test(text))).toBe(true);
      // The scope statement's literals (store, user, session hash) stay out of traces.
      expect(texts.join('\n')).not.toContain("set_config('app.tenant_id'");
    } else {
      // PGlite runs inside the process, with no pg driver to instrument: requests are traced, queries not.
      expect(spans.some((s) => s.scope === '@opentelemetry/instrumentation-pg')).toBe(false);
    }
  });

  it('off, loads no SDK: the server bundle imports none of it, and npm start loads tracing.js only when a collector is named', () => {
    const imports = [...readFileSync(path.join(outDir, 'main.js'), 'utf8').matchAll(/^import .* from "(@opentelemetry\/[^"]+|@fastify\/otel)";$/gm)].map((m) => m[1]);
    // The API alone (flushing at close), which does nothing without an SDK.
    expect(imports).toEqual(['@opentelemetry/api']);
    const envs = [{}, { OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }];
    const script = `const { tracingWanted } = await import(${JSON.stringify(pathToFileURL(path.join(root, 'scripts/tracing-wanted.mjs')).href)}); console.log(JSON.stringify(${JSON.stringify(envs)}.map(tracingWanted)));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(run.stdout)).toEqual([false, false, false, true]);
  });

  it('in a process without the SDK, finds none and has nothing to flush', async () => {
    expect(tracingLoaded()).toBe(false);
    await expect(flushTraces()).resolves.toBeUndefined();
  });

  it('leaves health probes untraced', async () => {
    await get('/healthz', {});
    await get('/api/products?limit=1', { host: 'demo.localhost' });
    await until('the next request span', () => spans.find((s) => s.kind === 2 && String(attribute(s, 'url.query') ?? '').includes('limit=1')));
    expect(spans.some((s) => attribute(s, 'url.path') === '/healthz')).toBe(false);
  });
});
