// Observability (issue 30, decision 055): request ids, Prometheus metrics on a port of their own, and
// OpenTelemetry traces (tracing.ts, loaded before the server by scripts/start.mjs, never imported here).
import type { FastifyInstance } from 'fastify';
import { returnRequestId } from '../http/request-id';
import { installMetrics } from './metrics';
import { flushTraces, tracingLoaded } from './trace-flush';

export { startMetricsServer } from './metrics-server';

/** Called by buildApp before any route: nothing is counted or hooked for what is turned off. */
export function installObservability(app: FastifyInstance): void {
  returnRequestId(app);
  if (app.deps.config.metrics) installMetrics(app);
  if (!app.deps.config.tracing) return;
  if (!tracingLoaded()) app.log.warn('OTEL_EXPORTER_OTLP_ENDPOINT is set but no trace is made: start with `npm start`, or node --import ./dist/server/tracing.js');
  app.addHook('onClose', () => flushTraces());
}
