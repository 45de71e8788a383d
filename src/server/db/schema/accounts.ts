import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Permission } from '../../../shared/roles';
import { tenants } from './tenants';

// Tables of the accounts module (src/server/modules/accounts): platform-wide accounts, their sessions,
// sign-in defences and two-step codes, store memberships and invitations (issue 16, decision 027).

/** Platform-wide accounts: shoppers, store staff and platform owners alike. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  isPlatformOwner: boolean('is_platform_owner').notNull().default(false),
  /** The provider's sales team (decision 027): the platform CRM without a store. Owners have it too. */
  isPlatformSales: boolean('is_platform_sales').notNull().default(false),
  /** Set at each sign-in (Client Access lists it per member). */
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  /** When the person opened the link sent to their email (issue 25: a self-service shop launches only then). */
  emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
  /**
   * Two-step sign-in (issue 26): the TOTP secret, encrypted with a key derived from the server's secret
   * (accounts/two-step/secret-box.ts), set once a code from it was entered; the one being set up waits
   * in pending until then. last step: the newest 30-second step a code was accepted for (no replay).
   */
  totpSecret: text('totp_secret'),
  totpPendingSecret: text('totp_pending_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sign-in sessions. Only a hash of the token is stored, so a database leak does not leak sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    activeTenantId: uuid('active_tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** A user's role in one tenant. */
export const memberships = pgTable(
  'memberships',
  {
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'staff'] }).notNull(),
    /**
     * What a staff member may do (issue 27; shared/roles.ts PERMISSIONS). Owners and admins may do
     * everything whatever it holds.
     */
    permissions: text('permissions').array().$type<Permission[]>().notNull().default(sql`'{crm,customers}'::text[]`),
    /** When the invitation this membership came from was sent (null: not invited, e.g. the store's creator). */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    index('memberships_user_idx').on(t.userId),
    check('memberships_role_check', sql`${t.role} in ('owner', 'admin', 'staff')`),
  ],
);

/** Failed sign-ins, counted to rate-limit guessing; kept in the database so every instance agrees. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    email: text('email').notNull(),
    /** SHA-256 of the device cookie's nonce when the attempt presented a valid one (decision 031). */
    device: text('device'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_failures_ip_idx').on(t.ip, t.createdAt),
    index('sign_in_failures_email_idx').on(t.email, t.createdAt),
    index('sign_in_failures_device_idx').on(t.device, t.createdAt),
  ],
);

/**
 * An invitation into a store (admin spec §3 "Invite"). The magic link carries a random token; only its
 * SHA-256 is stored. Single use (status accepted) and expiring; resending replaces the token.
 * A platform sales account that does not manage the store only requests one (decision 030): status
 * awaiting_approval, no token, until a store owner or admin (or a platform owner) approves or declines.
 */
export const tenantInvitations = pgTable(
  'tenant_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<'admin' | 'staff'>().notNull().default('admin'),
    status: text('status').$type<'pending' | 'accepted' | 'revoked' | 'awaiting_approval' | 'declined'>().notNull().default('pending'),
    /** Null while a request awaits approval (or was declined unapproved): no link exists yet. */
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    magicLinkSentAt: timestamp('magic_link_sent_at', { withTimezone: true }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Whose standing in the store backs the link (decision 030): the inviter, or the approver of a
     * request. Accepting grants nothing unless this account still manages the store.
     */
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Who asked, as shown to the store's managers: the requester is usually no member they could see. */
    requestedByEmail: text('requested_by_email'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tenant_invitations_tenant_idx').on(t.tenantId, t.createdAt),
    // One open invitation (or request) per address per store: inviting again refreshes it.
    uniqueIndex('tenant_invitations_open_unique').on(t.tenantId, t.email).where(sql`status in ('pending', 'awaiting_approval')`),
    check('tenant_invitations_role_check', sql`role in ('admin', 'staff')`),
    check('tenant_invitations_status_check', sql`status in ('pending', 'accepted', 'revoked', 'awaiting_approval', 'declined')`),
    check(
      'tenant_invitations_sizes_check',
      sql`length(email) between 3 and 254 and (token_hash is null or length(token_hash) = 64) and coalesce(length(requested_by_email), 0) <= 254`,
    ),
    // A link that can be used always has a token; a request awaiting approval never has one.
    check('tenant_invitations_token_check', sql`(status not in ('pending', 'accepted') or token_hash is not null) and (status <> 'awaiting_approval' or token_hash is null)`),
  ],
);

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
