import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Tables of the housekeeping module (src/server/modules/housekeeping): the daily clean-up (issue 30).

export const HOUSEKEEPING_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type HousekeepingStatus = (typeof HOUSEKEEPING_STATUSES)[number];

/**
 * One row per day the clean-up ran (decision 056): the day is the key, so of several instances asking
 * at once one inserts it and runs, and the others find it taken. The runner holds it under a lease it
 * renews as it goes; a lease that lapsed (the instance died) lets another take the day over, up to three
 * attempts. The counts are what each kind of clean-up removed. Platform bookkeeping: no store's data.
 */
export const housekeepingRuns = pgTable(
  'housekeeping_runs',
  {
    day: date('day').primaryKey(),
    status: text('status').$type<HousekeepingStatus>().notNull().default('running'),
    attempts: integer('attempts').notNull().default(1),
    lockedBy: text('locked_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    lastError: text('last_error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  () => [
    check('housekeeping_runs_status_check', sql`status in ('running', 'succeeded', 'failed')`),
    check(
      'housekeeping_runs_sizes_check',
      sql`attempts between 1 and 100 and (locked_by is null or length(locked_by) <= 200) and (last_error is null or length(last_error) <= 2000) and jsonb_typeof(counts) = 'object'`,
    ),
  ],
);
