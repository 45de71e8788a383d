/**
 * Whether this process should be sent requests, as far as the process itself knows (the database's
 * part of readiness is the unit of work's probe): its socket listens, and it is not shutting down.
 * /readyz reads it; shutdown (lifecycle/shutdown.ts) stops it first, so a proxy's health check sees
 * 503 while the instance still answers whatever reaches it (decision 057).
 */
export class ServingState {
  private stopped = false;
  private readonly acceptingEndsListeners = new Set<() => void>();

  constructor(private readonly server: { readonly listening: boolean }) {}

  /** From now on /readyz answers 503 "shutting down". There is no way back: the process is ending. */
  stop(): void {
    this.stopped = true;
  }

  /**
   * Runs `end` once shutdown stops accepting connections, before it waits for in-flight requests: an
   * answer that never finishes by itself (an event stream) ends there, and its client reconnects to
   * another instance.
   */
  whenAcceptingEnds(end: () => void): void {
    this.acceptingEndsListeners.add(end);
  }

  /** Shutdown stopped accepting: ends the long-lived answers (whenAcceptingEnds). */
  acceptingEnded(): void {
    for (const end of this.acceptingEndsListeners) end();
    this.acceptingEndsListeners.clear();
  }

  get stopping(): boolean {
    return this.stopped;
  }

  /** Why this instance should not be sent requests now, or null when it may be. */
  notServing(): string | null {
    if (this.stopped) return 'shutting down';
    if (!this.server.listening) return 'not listening';
    return null;
  }
}
