import { INVALID_TRACEID, trace } from '@opentelemetry/api';

// The traces as the server itself sees them (decision 055): through the API alone. The SDK is loaded
// before the server by tracing.ts, or not at all; with none, these find nothing to do.

/**
 * Whether an SDK is in place: only an SDK gives a span a trace id, sampled or not. The probe span is
 * never ended, so it is never exported.
 */
export function tracingLoaded(): boolean {
  return trace.getTracer('shop-platform/probe').startSpan('probe').spanContext().traceId !== INVALID_TRACEID;
}

/**
 * Sends the spans still waiting in the SDK's batch before the process exits: main.ts ends with
 * process.exit, which would drop the last few seconds of traces.
 */
export async function flushTraces(): Promise<void> {
  const provider = trace.getTracerProvider() as { getDelegate?: () => unknown };
  const delegate = (provider.getDelegate?.() ?? provider) as { forceFlush?: () => Promise<void> };
  await delegate.forceFlush?.();
}
