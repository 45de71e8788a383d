// Traces (decision 055): loaded before the server, and only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
//
// Instrumentations patch a module as it is loaded (http, pg), so this must run before the server's own
// imports: `npm start` (scripts/start.mjs) imports the built copy, dist/server/tracing.js, first when
// the endpoint is set, and then dist/server/main.js; `node --import ./dist/server/tracing.js
// dist/server/main.js` does the same by hand. The bundle leaves packages to node_modules, where
// Fastify, pg and pg-pool are CommonJS: their `require` of node:http, pg/lib/client.js and pg-pool goes
// through the hook this installs, so no ESM loader hook is needed. A server started without the
// variable never loads this file, so the SDK costs nothing there.
import type { IncomingMessage } from 'node:http';
import { trace, type Span } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { FastifyRequest } from 'fastify';
import { REQUEST_ID_ATTRIBUTE } from './span-attributes';


/** The statement every transaction starts with (UnitOfWork): its literals name the store, the user and the session. */
const SCOPE_STATEMENT = /set_config\('role'/;
const QUERY_TEXT_ATTRIBUTES = ['db.statement', 'db.query.text'];

const metricsPort = Number(process.env.METRICS_PORT) || null;
/**
 * The probes of http/health.ts, matched here rather than imported: this file must load no module of
 * the server's (they would load Fastify before the instrumentations are in place).
 */
const HEALTH_CHECK = /^\/(healthz|readyz)(\?|$)/;

/** Health probes and metrics scrapes are not requests worth a trace. */
function ignoredRequest(req: IncomingMessage): boolean {
  return HEALTH_CHECK.test(req.url ?? '') || (metricsPort !== null && req.socket.localPort === metricsPort);
}

/**
 * The request span (Fastify's) and the HTTP server span above it carry the request id, so a log line
 * leads to its trace and back.
 */
function tagRequest(span: Span, request: FastifyRequest): void {
  span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
  trace.getActiveSpan()?.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
}

/** A scope statement's text is replaced: its literals (store, user, session hash) stay out of traces. */
function hideScopeLiterals(span: Span, query: { query: { text: string } }): void {
  if (!SCOPE_STATEMENT.test(query.query.text)) return;
  const attributes = (span as unknown as { attributes?: Record<string, unknown> }).attributes ?? {};
  for (const name of QUERY_TEXT_ATTRIBUTES) if (name in attributes) span.setAttribute(name, 'select set_config(...) -- the transaction scope');
}

const sdk = new NodeSDK({
  serviceName: process.env.OTEL_SERVICE_NAME?.trim() || 'shop-platform',
  // OTLP/HTTP with JSON bodies, to OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces (the exporter reads the
  // standard OTEL_EXPORTER_OTLP_* variables itself: headers, timeout, a traces-only endpoint).
  traceExporter: new OTLPTraceExporter(),
  // Traces only: metrics are Prometheus's (METRICS_PORT), and logs stay on stdout.
  metricReaders: [],
  logRecordProcessors: [],
  instrumentations: [
    new HttpInstrumentation({ ignoreIncomingRequestHook: ignoredRequest, requireParentforOutgoingSpans: true }),
    // Fastify's request span (named by its route) and the handler's; a span for each of the app's dozen
    // hooks would cost more than it tells.
    new FastifyOtelInstrumentation({ registerOnInitialization: true, instrumentHooks: false, requestHook: tagRequest }),
    // Queries inside a request (or another span); the job queue's polling makes no trace of its own.
    new PgInstrumentation({ requireParentSpan: true, requestHook: hideScopeLiterals }),
  ],
});
sdk.start();
