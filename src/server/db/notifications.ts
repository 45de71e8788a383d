import pg from 'pg';

/** What a LISTEN subscriber hears. Payloads arrive only after the sending transaction committed. */
export interface NotificationHandler {
  notify(payload: string): void;
  /**
   * Notifications may have been lost (the listening connection dropped and is back): whatever the
   * subscriber derives from them must be assumed changed.
   */
  missed(): void;
  /** A reconnection attempt failed; the next one follows after a longer pause. */
  error?(err: Error): void;
}

/** Resolves once listening, to the function that stops. */
export type Listen = (channel: string, handler: NotificationHandler) => Promise<() => Promise<void>>;

export interface ReconnectOptions {
  /** The first pause after a drop; doubled after each failed attempt up to maxDelayMs. */
  minDelayMs: number;
  maxDelayMs: number;
}

const DEFAULT_RECONNECT: ReconnectOptions = { minDelayMs: 100, maxDelayMs: 10_000 };

/**
 * Whether one subscription's connection is listening now: false from a drop until it listens again
 * (readiness: an instance that may miss another's cache invalidation should not be sent requests).
 */
export interface ListenerStatus {
  connected: boolean;
}

/**
 * LISTEN on PostgreSQL over a dedicated connection of its own: a pooled one goes back to the pool (and
 * its LISTEN with it) and would hold a request's slot forever. The first connection is awaited, so a
 * server that cannot be reached fails at start; a later drop is retried with growing pauses, and once
 * listening again the handler hears missed(), since whatever was sent meanwhile is gone.
 */
export async function listenOnPostgres(
  newClient: () => pg.Client,
  channel: string,
  handler: NotificationHandler,
  reconnect: ReconnectOptions = DEFAULT_RECONNECT,
  status: ListenerStatus = { connected: false },
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let delay = reconnect.minDelayMs;

  const open = async (): Promise<pg.Client> => {
    const c = newClient();
    c.on('notification', (m) => {
      if (m.channel === channel) handler.notify(m.payload ?? '');
    });
    // An unhandled 'error' would crash the process; a broken connection also ends, and 'end' retries.
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
    } catch (err) {
      c.removeAllListeners('end');
      await c.end().catch(() => {});
      throw err;
    }
    return c;
  };

  const lost = (c: pg.Client) => {
    if (client !== c || stopped) return;
    client = null;
    status.connected = false;
    c.end().catch(() => {});
    retry();
  };

  const retry = () => {
    timer = setTimeout(async () => {
      timer = null;
      try {
        const c = await open();
        if (stopped) return void (await c.end().catch(() => {}));
        client = c;
        status.connected = true;
        delay = reconnect.minDelayMs;
        handler.missed();
      } catch (err) {
        if (stopped) return;
        handler.error?.(err as Error);
        delay = Math.min(delay * 2, reconnect.maxDelayMs);
        retry();
      }
    }, delay);
    // A pending reconnection alone must not keep the process alive.
    timer.unref();
  };

  client = await open();
  status.connected = true;
  return async () => {
    stopped = true;
    status.connected = false;
    if (timer) clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
