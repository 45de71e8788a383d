import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work';
import { rowsOf } from '../../db/rows';
import type { JobKind } from '../../db/schema';
import { Lease, LeaseLostError, type ClaimedJob } from './lease';

/**
 * Runs one kind of job to its end. It commits its progress with lease.hold(tx) as it goes, and ends
 * with lease.finish(tx). Throwing leaves the job running under a lease that lapses, so it is tried
 * again (by this or another instance) from its last committed cursor.
 */
export type JobHandler = (job: ClaimedJob, lease: Lease) => Promise<void>;

/** Called when a job has been claimed too many times (it keeps stopping): end it and say why. */
export type JobGiveUp = (job: ClaimedJob, lease: Lease) => Promise<void>;

export interface JobRunnerOptions {
  /** Names this instance in locked_by. */
  workerId?: string;
  leaseSeconds?: number;
  /** How often an idle instance looks for work (jobs started here are kicked at once). */
  pollMs?: number;
  /** Claims after which a job is given up (each claim after the first follows a stop or a crash). */
  maxAttempts?: number;
  log: { error(obj: object, msg: string): void; warn?(obj: object, msg: string): void };
}

interface Registered {
  run: JobHandler;
  giveUp: JobGiveUp;
}

/**
 * Background jobs (issue 15: product imports) for one server instance. Jobs are rows in
 * background_jobs; any instance claims the oldest free one through claim_background_job() (FOR UPDATE
 * SKIP LOCKED, under a lease), so several instances share the work and never run the same job at once,
 * and a job whose instance died is taken over once its lease lapses. One job at a time per instance:
 * an import is already chunked and bounded by the database, not by this process.
 */
export class JobRunner {
  readonly workerId: string;
  private readonly leaseSeconds: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly handlers = new Map<JobKind, Registered>();
  private draining: Promise<void> | null = null;
  private again = false;
  private readonly stopping = new AbortController();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly scopes: UnitOfWork,
    private readonly options: JobRunnerOptions,
  ) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.leaseSeconds = options.leaseSeconds ?? 120;
    this.pollMs = options.pollMs ?? 5_000;
    this.maxAttempts = options.maxAttempts ?? 5;
  }

  register(kind: JobKind, run: JobHandler, giveUp: JobGiveUp): void {
    this.handlers.set(kind, { run, giveUp });
  }

  /** Claims one free job, or null. */
  async claim(): Promise<ClaimedJob | null> {
    const [row] = await this.scopes.run({ tenantId: null, userId: null }, async ({ tx }) =>
      rowsOf<Record<string, unknown>>(await tx.execute(sql`select id, tenant_id, kind, subject_id, attempts from claim_background_job(${this.workerId}, ${this.leaseSeconds})`)),
    );
    if (!row) return null;
    return { id: String(row.id), tenantId: String(row.tenant_id), kind: row.kind as JobKind, subjectId: String(row.subject_id), attempts: Number(row.attempts) };
  }

  /** Runs a claimed job; answers when it has ended or stopped. Never throws. */
  async runClaimed(job: ClaimedJob): Promise<void> {
    const lease = new Lease(this.scopes, job, this.workerId, this.leaseSeconds, this.stopping.signal);
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`No handler for ${job.kind} jobs`);
      if (job.attempts > this.maxAttempts) await handler.giveUp(job, lease);
      else await handler.run(job, lease);
    } catch (err) {
      if (err instanceof LeaseLostError) this.options.log.warn?.({ jobId: job.id }, err.message);
      else this.options.log.error({ err, jobId: job.id, kind: job.kind }, 'background job stopped; it is tried again when its lease lapses');
    }
  }

  /** Claims and runs jobs until none is free. Concurrent calls share one pass (and ask for another). */
  drain(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopping.signal.aborted) {
            const job = await this.claim();
            if (!job) break;
            await this.runClaimed(job);
          }
        } while (this.again);
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }

  /** Starts work at once (a job was just queued here); errors are logged. */
  kick(): void {
    if (this.stopping.signal.aborted) return;
    this.drain().catch((err: unknown) => this.options.log.error({ err }, 'claiming background jobs failed'));
  }

  /** Looks for work every pollMs (jobs queued by other instances, or left by one that died). */
  start(): () => void {
    this.kick();
    const timer = setInterval(() => this.kick(), this.pollMs);
    timer.unref();
    this.timer = timer;
    return () => clearInterval(timer);
  }

  /** Shutting down: no more claims; a running job stops at its next safe point and lets go of its lease. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.stopping.abort();
    await this.draining;
  }
}
