import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import type { UnitOfWork } from '../../db/unit-of-work';
import { backgroundJobs } from '../../db/schema';
import type { JobKind } from '../../db/schema';

/** A job as claim_background_job() hands it to one worker. */
export interface ClaimedJob {
  id: string;
  tenantId: string;
  kind: JobKind;
  subjectId: string;
  /** Claims so far, this one included. */
  attempts: number;
}

/** Another worker holds the job now (this one's lease lapsed): stop without writing anything more. */
export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`The lease on job ${jobId} was lost to another worker`);
    this.name = 'LeaseLostError';
  }
}

/**
 * The worker's hold on its job. Every write the job commits goes with hold(tx) in the same
 * transaction: it renews the lease only while this worker still holds it, and locks the job's row
 * until the commit, so a second instance can neither claim the job meanwhile (SKIP LOCKED passes it by)
 * nor have its own writes interleave with these. A worker whose lease lapsed (stalled past it) finds
 * the job taken and stops, its transaction rolled back.
 */
export class Lease {
  constructor(
    private readonly scopes: UnitOfWork,
    readonly job: ClaimedJob,
    readonly workerId: string,
    readonly seconds: number,
    /** Aborted when this instance shuts down: the job stops at its next safe point and lets go. */
    readonly signal: AbortSignal = new AbortController().signal,
  ) {}

  /** Lets go of the job without ending it (shutting down): any instance may claim it at once. */
  async release(): Promise<void> {
    await this.scopes.run({ tenantId: this.job.tenantId, userId: null }, async ({ tx }) => {
      await tx.update(backgroundJobs).set({ lockedBy: null, leaseUntil: null, updatedAt: sql`now()` }).where(this.held());
    });
  }

  private held() {
    return and(eq(backgroundJobs.id, this.job.id), eq(backgroundJobs.tenantId, this.job.tenantId), eq(backgroundJobs.lockedBy, this.workerId), eq(backgroundJobs.status, 'running'));
  }

  /** Renews the lease in tx (and records the cursor when given); throws LeaseLostError when not held. */
  async hold(tx: Tx, cursor?: Record<string, unknown>): Promise<void> {
    const rows = await tx
      .update(backgroundJobs)
      .set({ leaseUntil: sql`now() + make_interval(secs => ${this.seconds})`, updatedAt: sql`now()`, ...(cursor ? { cursor } : {}) })
      .where(this.held())
      .returning({ id: backgroundJobs.id });
    if (rows.length === 0) throw new LeaseLostError(this.job.id);
  }

  /** Renews the lease in a transaction of its own (long work between commits, such as fetching pictures). */
  async extend(): Promise<void> {
    await this.scopes.run({ tenantId: this.job.tenantId, userId: null }, ({ tx }) => this.hold(tx));
  }

  /** The cursor the last committed chunk left (empty on a first run). */
  async cursor(): Promise<Record<string, unknown>> {
    const [row] = await this.scopes.run({ tenantId: this.job.tenantId, userId: null }, ({ tx }) =>
      tx.select({ cursor: backgroundJobs.cursor }).from(backgroundJobs).where(eq(backgroundJobs.id, this.job.id)),
    );
    return row?.cursor ?? {};
  }

  /** Ends the job in tx, if this worker still holds it. */
  async finish(tx: Tx, status: 'succeeded' | 'failed', error: string | null = null): Promise<void> {
    const rows = await tx
      .update(backgroundJobs)
      .set({ status, lastError: error?.slice(0, 2000) ?? null, lockedBy: null, leaseUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(this.held())
      .returning({ id: backgroundJobs.id });
    if (rows.length === 0) throw new LeaseLostError(this.job.id);
  }
}
