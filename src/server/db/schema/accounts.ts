import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './platform';

/**
 * "Forgot password" links (issue 26). Platform-wide like accounts. Only a hash of the link's token is
 * kept; a link is used once, ends after 30 minutes, and a newer link for the same account supersedes
 * it (superseded_at), so the page can say which of these happened. The host it was asked on is kept so
 * the link opens only where the person asked (a store's host or the platform's).
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    host: text('host').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt), check('password_resets_host_check', sql`length(${t.host}) <= 253`)],
);

/**
 * Two-step sign-in recovery codes (issue 26): ten per account, shown once, stored as SHA-256 hashes
 * (each has 50 random bits, so a fast hash is enough), each usable once instead of a code.
 */
export const twoStepRecoveryCodes = pgTable(
  'two_step_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_step_recovery_codes_user_idx').on(t.userId)],
);
