import type { UnitOfWork } from '../db/unit-of-work';
import { salesBookScope } from '../db/privileged-scopes';
import { allTenantIds } from '../modules/tenants';
import { jobCounts } from '../modules/jobs';
import { outboxCounts } from '../modules/emails';

/** The platform's work waiting in the database, across every store (metrics, decision 055). */
export interface Backlog {
  jobs: { queued: number; running: number; failed: number };
  outbox: { pending: number; failed: number };
}

/** How old an answer may be before a scrape reads the database again. */
export const BACKLOG_MAX_AGE_MS = 30_000;

/**
 * Background jobs and outgoing mail counted in the database, where every instance's work is: no
 * process knows it alone. Row-level security shows a scope one store's rows, so the count is one short
 * transaction per store (and one for the platform's own mail), one after the other: it holds at most
 * one connection. A count is kept for BACKLOG_MAX_AGE_MS, so however often scrapes come the database
 * is counted at most that often. Once there is a count a scrape never waits for the next: an older one
 * is answered while a new count runs (with thousands of stores it may take longer than a scrape may).
 * A failed count keeps the last one.
 */
export class DatabaseBacklog {
  private last: Backlog | null = null;
  private readAt = 0;
  private reading: Promise<Backlog | null> | null = null;

  constructor(
    private readonly scopes: UnitOfWork,
    private readonly log: { warn(obj: object, msg: string): void },
    private readonly maxAgeMs = BACKLOG_MAX_AGE_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * The last count, starting a new one when it is older than maxAgeMs; only the first call waits for
   * a count. Null while none has succeeded yet.
   */
  current(): Promise<Backlog | null> {
    if (this.last && this.now() - this.readAt < this.maxAgeMs) return Promise.resolve(this.last);
    const counting = this.refresh();
    return this.last ? Promise.resolve(this.last) : counting;
  }

  /** The count under way, or a new one. */
  private refresh(): Promise<Backlog | null> {
    this.reading ??= this.count()
      .then(
        (backlog) => {
          this.last = backlog;
          this.readAt = this.now();
          return backlog;
        },
        (err: unknown) => {
          this.log.warn({ err }, 'metrics: counting background jobs and outgoing mail failed; the last counts are kept');
          return this.last;
        },
      )
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  private async count(): Promise<Backlog> {
    const backlog: Backlog = { jobs: { queued: 0, running: 0, failed: 0 }, outbox: { pending: 0, failed: 0 } };
    const add = <T extends Record<string, number>>(into: T, counts: T) => {
      for (const key of Object.keys(counts) as (keyof T)[]) (into[key] as number) += counts[key];
    };
    const tenantIds = await this.scopes.run({ tenantId: null, userId: null }, (work) => allTenantIds(work));
    for (const tenantId of tenantIds) {
      await this.scopes.run({ tenantId, userId: null }, async (work) => {
        add(backlog.jobs, await jobCounts({ tx: work.tx, tenantId }));
        add(backlog.outbox, await outboxCounts({ tx: work.tx, tenantId }));
      });
    }
    // The platform's own mail (invitations to open a shop, sales quotes) belongs to no store.
    await this.scopes.run(salesBookScope(null), async (work) => add(backlog.outbox, await outboxCounts({ tx: work.tx, tenantId: null })));
    return backlog;
  }
}
