import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { AppConnection, Tx } from './connection';
import type { Readiness } from './readiness';
import type { PoolMonitor } from './pool-monitor';
import type { Listen } from './notifications';
import { DomainEvents, eventKey, type DomainEvent, type EventLog } from './domain-events';

/** Who a transaction acts for. Row-level security policies read these settings. */
export interface Scope {
  tenantId: string | null;
  userId: string | null;
  /** Set only after the server has verified the user is a platform owner. */
  platformOwner?: boolean;
  /**
   * Set only after the server has verified the user is platform sales or an owner (decision 027), and
   * only with no tenant: the platform's own sales book (leads and quotes with tenant_id null).
   */
  platformSales?: boolean;
  /** SHA-256 of the session token being looked up or ended: the only session row such a scope sees. */
  sessionHash?: string | null;
}

export const APP_ROLE = 'shop_app';

/**
 * The statement that sets a transaction's scope. Its values are written as escaped literals, not
 * parameters: with no parameters it can travel in the same message as `begin` (deferred-begin.ts),
 * one round trip fewer for every request. pg's escapeLiteral quotes any string safely.
 */
function scopeStatement(scope: Scope): SQL {
  const literal = (value: string) => sql.raw(pg.escapeLiteral(value));
  return sql`select set_config('role', ${literal(APP_ROLE)}, true),
                   set_config('app.tenant_id', ${literal(scope.tenantId ?? '')}, true),
                   set_config('app.user_id', ${literal(scope.userId ?? '')}, true),
                   set_config('app.platform_owner', ${literal(scope.platformOwner ? 'on' : '')}, true),
                   set_config('app.platform_sales', ${literal(scope.platformSales ? 'on' : '')}, true),
                   set_config('app.session_hash', ${literal(scope.sessionHash ?? '')}, true)`;
}

export type AfterCommit = () => void | Promise<void>;

/** One transaction and what must follow its commit. Services receive it inside their ctx. */
export interface Work {
  tx: Tx;
  /** Runs fn once the transaction has committed; dropped if it rolls back. Failures are logged. */
  afterCommit(fn: AfterCommit): void;
  /** Tells subscribers after the commit; the same event twice in one transaction is told once. */
  emit(event: DomainEvent): void;
}

/**
 * The one way request code, jobs and adapters reach the database (DESIGN rule 10). Each run is one
 * transaction as the unprivileged app role with the scope set transaction-locally (DESIGN rule 2):
 * set_config(..., true) ends with the transaction, so a pooled connection never carries one request's
 * tenant into the next. On PostgreSQL the connection itself logged in as that role (see app-login.ts),
 * so no statement can regain privilege; on PGlite, one in-process connection, SET LOCAL ROLE does it.
 *
 * After-commit work runs after the transaction, in order; it is awaited by run() so a request's
 * answer follows its effects (a cache invalidated, mail handed over), but its failure never turns a
 * committed change into an error.
 */
export class UnitOfWork {
  constructor(
    private readonly connection: AppConnection,
    readonly events: DomainEvents,
    private readonly log: EventLog = { error: () => {} },
  ) {}

  /** Committed changes other instances announce (LISTEN on the app role's own login). */
  readonly listen: Listen = (channel, handler) => this.connection.listen(channel, handler);

  /** The app role's connections, for metrics (decision 055); absent on a bare handle (seed, tests). */
  get pool(): PoolMonitor | undefined {
    return this.connection.pool;
  }

  /** Whether the database takes requests now (/readyz); answers within `deadlineMs`. */
  probe(deadlineMs: number): Promise<Readiness> {
    return this.connection.probe(deadlineMs);
  }

  async run<T>(scope: Scope, fn: (work: Work) => Promise<T>): Promise<T> {
    const pending: AfterCommit[] = [];
    const emitted = new Set<string>();
    const result = await this.connection.db.transaction(async (tx) => {
      await tx.execute(scopeStatement(scope));
      const work: Work = {
        tx,
        afterCommit: (after) => pending.push(after),
        emit: (event) => {
          const key = eventKey(event);
          if (emitted.has(key)) return;
          emitted.add(key);
          pending.push(() => this.events.publish(event));
        },
      };
      return fn(work);
    });
    for (const after of pending) {
      try {
        await after();
      } catch (err) {
        this.log.error({ err }, 'after-commit work failed');
      }
    }
    return result;
  }
}
