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
 * Work with no row of its own in background_jobs that looks for what is due now and then (issue 28: the
 * checkout recovery emails). Any number of instances run it at once: the work itself claims what it
 * handles (FOR UPDATE SKIP LOCKED, and a record written in the same transaction), so none is done twice.
 */
export type PeriodicTask = (signal: AbortSignal) => Promise<unknown>;

interface Periodic {
  everyMs: number;
  run: PeriodicTask;
  /** The run under way in this instance, shared by whoever asks meanwhile. */
  running: Promise<void> | null;
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
  private readonly periodic = new Map<string, Periodic>();
  private draining: Promise<void> | null = null;
  private again = false;
  private readonly stopping = new AbortController();
  private timers: NodeJS.Timeout[] = [];

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

  /** Runs `run` every everyMs once started (start()), never twice at once in this instance. */
  every(name: string, everyMs: number, run: PeriodicTask): void {
    this.periodic.set(name, { everyMs, run, running: null });
  }

  /**
   * Runs a periodic task now (its timer, or a test); a run already under way in this instance is the
   * answer instead of a second one. Errors are logged; it never throws.
   */
  runPeriodic(name: string): Promise<void> {
    const task = this.periodic.get(name);
    if (!task) return Promise.reject(new Error(`No periodic task ${name}`));
    if (task.running) return task.running;
    task.running = (async () => {
      try {
        if (!this.stopping.signal.aborted) await task.run(this.stopping.signal);
      } catch (err) {
        this.options.log.error({ err, task: name }, 'a periodic background task failed; it runs again at its next turn');
      } finally {
        task.running = null;
      }
    })();
    return task.running;
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
      // Shutting down, a job often fails because what it uses is going away: it is handed back below.
      else if (this.stopping.signal.aborted) this.options.log.warn?.({ err, jobId: job.id, kind: job.kind }, 'background job stopped by shutdown; handed back');
      else this.options.log.error({ err, jobId: job.id, kind: job.kind }, 'background job stopped; it is tried again when its lease lapses');
    } finally {
      // Shutting down: a job this instance still holds (its handler stopped, threw, or never looked at
      // the signal) is handed back, so another instance claims it at once rather than after its lease.
      if (this.stopping.signal.aborted) await this.handBack(lease);
    }
  }

  private async handBack(lease: Lease): Promise<void> {
    try {
      await lease.release();
    } catch (err) {
      this.options.log.error({ err, jobId: lease.job.id }, 'handing a background job back at shutdown failed; it is claimed again when its lease lapses');
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

  /**
   * Looks for work every pollMs (jobs queued by other instances, or left by one that died), and runs each
   * periodic task every its own interval. The timers never keep the process alive.
   */
  start(): () => void {
    this.kick();
    const timers = [setInterval(() => this.kick(), this.pollMs)];
    for (const [name, task] of this.periodic) timers.push(setInterval(() => void this.runPeriodic(name), task.everyMs));
    for (const timer of timers) timer.unref();
    this.timers.push(...timers);
    return () => timers.forEach((timer) => clearInterval(timer));
  }

  /**
   * Shutting down: no more claims or periodic runs; a running job stops at its next safe point and its
   * lease is handed back (runClaimed), a periodic run under way is waited for.
   */
  async close(): Promise<void> {
    this.timers.forEach((timer) => clearInterval(timer));
    this.stopping.abort();
    await Promise.all([this.draining, ...[...this.periodic.values()].map((task) => task.running)]);
  }
}
