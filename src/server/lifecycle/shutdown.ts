import type { Server } from 'node:http';
import type { RequestTracker } from './request-tracker';

export interface ShutdownOptions {
  /** How long the instance keeps serving, /readyz answering 503, before it stops accepting (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** The most that finishing in-flight requests and closing everything else may take after that (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
}

export interface ShutdownLog {
  /** A step an operator reads in the server's output. */
  note(message: string): void;
  problem(obj: object, message: string): void;
}

export interface ShutdownParts {
  server: Server;
  tracker: RequestTracker;
  /** /readyz's own state: stopped first; told when accepting ends, so event streams end. */
  serving: { stop(): void; acceptingEnded(): void };
  /**
   * Everything after the last answer: the app (its onClose hooks hand back job leases and stop the
   * LISTEN connections), the sweeps, the mail transport, the database pools.
   */
  closeResources(): Promise<void>;
  log: ShutdownLog;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Stops one instance without failing a request (decision 057), and answers the exit code: 0 when
 * everything finished in time, 1 when requests were cut or closing overran the deadline.
 *
 *  1. Not ready: /readyz answers 503 at once, and every answer from now on says `Connection: close`.
 *  2. Drain (drainMs): keep serving everything that arrives, old connections and new, so the proxy's
 *     health check has time to see the 503 and send new requests elsewhere.
 *  3. Stop accepting: the listening socket closes; idle keep-alive connections close now, busy ones
 *     after their answer; answers that never end by themselves (event streams) end now.
 *  4. Finish in-flight requests, then close the rest; both within timeoutMs, after which whatever is
 *     left is cut and the exit code is 1.
 */
export async function shutDown(options: ShutdownOptions, parts: ShutdownParts): Promise<number> {
  const { server, tracker, log } = parts;
  const sleep = parts.sleep ?? defaultSleep;
  parts.serving.stop();
  tracker.drain();
  log.note(`Shutting down: not ready; serving what arrives for ${options.drainMs} ms, then finishing in-flight requests.`);
  await sleep(options.drainMs);

  const deadline = Date.now() + options.timeoutMs;
  server.close();
  server.closeIdleConnections();
  parts.serving.acceptingEnded();
  const finished = await tracker.idle(options.timeoutMs);
  if (!finished) {
    log.problem({ inFlight: tracker.inFlight, timeoutMs: options.timeoutMs }, 'requests still running at the shutdown deadline were cut');
    server.closeAllConnections();
  }
  const closed = await withinDeadline(parts.closeResources(), deadline - Date.now());
  if (closed !== 'done') {
    log.problem({ timeoutMs: options.timeoutMs, ...(closed === 'late' ? {} : { err: closed.error }) }, closed === 'late' ? 'closing jobs and connections overran the shutdown deadline' : 'closing jobs and connections failed');
  }
  const code = finished && closed === 'done' ? 0 : 1;
  if (code === 0) log.note('Stopped cleanly.');
  return code;
}

async function withinDeadline(work: Promise<void>, ms: number): Promise<'done' | 'late' | { error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, ms))));
  try {
    return await Promise.race([work.then(() => 'done' as const, (error: unknown) => ({ error })), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `shutdown` on the first SIGTERM or SIGINT and exits with its code. A second signal while it
 * runs exits at once with 1 (a person pressing Ctrl-C again means it).
 */
export function exitOnShutdownSignals(
  shutdown: (signal: NodeJS.Signals) => Promise<number>,
  log: Pick<ShutdownLog, 'problem'>,
  exit: (code: number) => void = (code) => process.exit(code),
  signals: Pick<NodeJS.Process, 'on'> = process,
): void {
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      log.problem({ signal }, 'a second signal during shutdown: exiting now');
      exit(1);
      return;
    }
    started = true;
    shutdown(signal).then(exit, (err: unknown) => {
      log.problem({ err }, 'shutdown failed');
      exit(1);
    });
  };
  signals.on('SIGTERM', onSignal);
  signals.on('SIGINT', onSignal);
}
