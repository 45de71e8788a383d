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

/** How long shutting down waits for the last spans: a collector that is down must not hold it up. */
export const FLUSH_TIMEOUT_MS = 2000;

/**
 * Sends the spans still waiting in the SDK's batch before the process exits (main.ts ends with
 * process.exit, which would drop the last few seconds of traces), waiting at most timeoutMs.
 */
export async function flushTraces(timeoutMs = FLUSH_TIMEOUT_MS): Promise<void> {
  const provider = trace.getTracerProvider() as { getDelegate?: () => unknown };
  const delegate = (provider.getDelegate?.() ?? provider) as { forceFlush?: () => Promise<void> };
  if (!delegate.forceFlush) return;
  let timer: NodeJS.Timeout | undefined;
  const givenUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  await Promise.race([delegate.forceFlush().catch(() => {}), givenUp]);
  clearTimeout(timer);
}
