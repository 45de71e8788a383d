import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './columns';

// Tables of the limits module (src/server/modules/limits): counted actions for rate limits.

/**
 * Counted actions for platform-wide rate limits (decision 011): sign-ups per client address, and
 * order-claim emails per account and per target address. Accounts are platform-wide, so these are
 * counted across every store; kept in the database so every instance agrees. No tenant, like
 * sign_in_failures; rows older than their window are deleted as new ones are written.
 */
export const platformRateLimitEvents = pgTable(
  'platform_rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('platform_rate_limit_events_lookup_idx').on(t.bucket, t.key, t.createdAt)],
);

/** Counted actions for per-address rate limits (review posting); every server instance sees the same. */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_events_lookup_idx').on(t.tenantId, t.bucket, t.key, t.createdAt)],
);
