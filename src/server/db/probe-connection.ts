import pg from 'pg';

/**
 * The PostgreSQL connection /readyz asks on, apart from the request pool. Readiness asks whether the
 * database can be reached and is migrated, not whether this instance is busy: a probe queued behind
 * the pool's requests would time out on every instance at once under load, and a proxy would then
 * have no instance left to send anything to (decision 057). Busy is the pool gate's own answer (503
 * with Retry-After, and /readyz's "every connection is busy and the wait queue is full").
 *
 * Opened at the first probe, and again after it breaks; each statement is bounded, so one that hangs
 * cannot hold the next probes behind it for long.
 */
export class ProbeConnection {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;

  constructor(
    private readonly url: string,
    private readonly statementTimeoutMs = 2000,
  ) {}

  async query<R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<R[]> {
    const client = await this.connect();
    return (await client.query<R>(text, values)).rows;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url, keepAlive: true, statement_timeout: this.statementTimeoutMs, connectionTimeoutMillis: this.statementTimeoutMs });
      // A broken connection is dropped; the next probe opens another. Unhandled, 'error' would crash the process.
      const drop = () => {
        if (this.client === client) this.client = null;
        client.end().catch(() => {});
      };
      client.on('error', drop);
      client.on('end', drop);
      try {
        await client.connect();
      } catch (err) {
        drop();
        throw err;
      }
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }
}
