// Whether `npm start` loads the OpenTelemetry SDK (dist/server/tracing.js) before the server (decision
// 055): only when a collector is named with the standard OTEL_EXPORTER_OTLP_ENDPOINT and the standard
// OTEL_SDK_DISABLED does not turn it off. Otherwise the SDK is never loaded at all.
export function tracingWanted(env) {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) && !/^(true|1)$/i.test(env.OTEL_SDK_DISABLED?.trim() ?? '');
}
