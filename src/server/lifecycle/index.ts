// How an instance stops (decision 057): on SIGTERM or SIGINT it stops being ready, keeps serving for a
// drain window, stops accepting, finishes in-flight requests, closes jobs, LISTEN and pools, and exits.
import type { FastifyInstance } from 'fastify';
import { RequestTracker } from './request-tracker';
import { exitOnShutdownSignals, shutDown, type ShutdownLog, type ShutdownOptions } from './shutdown';

export { RequestTracker } from './request-tracker';
export { exitOnShutdownSignals, shutDown, type ShutdownOptions } from './shutdown';

/**
 * Wires graceful shutdown into a built app before it listens: counts its requests from the first one,
 * and on the first signal runs shutDown, then closeResources (which closes the app itself), and exits
 * with shutDown's code.
 */
export function stopGracefullyOnSignals(app: FastifyInstance, options: ShutdownOptions, closeResources: () => Promise<void>): void {
  const tracker = new RequestTracker(app.server);
  const log: ShutdownLog = {
    note: (message) => console.log(message),
    problem: (obj, message) => app.log.error(obj, message),
  };
  exitOnShutdownSignals((signal) => {
    console.log(`\n${signal} received.`);
    return shutDown(options, { server: app.server, tracker, serving: app.serving, closeResources, log });
  }, log);
}
