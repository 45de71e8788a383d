import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

// Tables of the jobs module (src/server/modules/jobs): background work any instance may claim (issue 15).

export const JOB_KINDS = ['product_import', 'picture_variants', 'picture_backfill'] as const;

export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Work that runs outside any request (issue 15: a product import), claimed by one server instance at a
 * time through claim_background_job() (FOR UPDATE SKIP LOCKED) with a lease the worker renews as it
 * goes; a lease that lapses (the instance died) lets another instance take the job over from its
 * cursor, the point its last committed chunk reached.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<JobKind>().notNull(),
    /** What the job works on (the import batch). */
    subjectId: uuid('subject_id').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The instance holding the job, and until when; null while queued. */
    lockedBy: text('locked_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** How far the job got, written with each committed chunk. */
    cursor: jsonb('cursor').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('background_jobs_subject_uq').on(t.kind, t.subjectId),
    index('background_jobs_claim_idx').on(t.createdAt).where(sql`status in ('queued', 'running')`),
    check('background_jobs_kind_check', sql`kind in ('product_import', 'picture_variants', 'picture_backfill')`),
    check('background_jobs_status_check', sql`status in ('queued', 'running', 'succeeded', 'failed')`),
    check('background_jobs_sizes_check', sql`attempts >= 0 and (locked_by is null or length(locked_by) <= 200) and (last_error is null or length(last_error) <= 2000) and jsonb_typeof(cursor) = 'object'`),
  ],
);
