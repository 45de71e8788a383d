import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * Counts the requests an HTTP server is answering, and once draining has begun asks every answer to
 * close its connection (`Connection: close`), so a keep-alive client or proxy opens its next
 * connection to another instance instead of reusing this one. Attached before the framework's own
 * handler (prependListener), so it sees every request, routed or not, and sets the header before any
 * answer is written.
 */
export class RequestTracker {
  private active = 0;
  private draining = false;
  private waiters: (() => void)[] = [];

  constructor(server: Server) {
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      this.active += 1;
      if (this.draining) res.setHeader('connection', 'close');
      // 'close' follows the last byte of the answer, or a connection lost before it: either way done.
      res.once('close', () => {
        this.active -= 1;
        if (this.active === 0) this.wakeWaiters();
      });
    });
  }

  /** Requests whose answer has not finished. */
  get inFlight(): number {
    return this.active;
  }

  /** From now on every answer closes its connection after it. */
  drain(): void {
    this.draining = true;
  }

  /** Resolves true once no request is in flight, or false when timeoutMs passes first. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.active === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(done);
    });
  }

  private wakeWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
