import { pgTable, uuid, text, timestamp, boolean, primaryKey, index, bigint, bigserial, check, jsonb } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Permission } from '../../../shared/roles';

/**
 * A shop. Platform-level: readable without a tenant so a host can be resolved. settings_json holds the
 * Store Info tab (src/shared/store-settings.ts; its public part is what every storefront shows anyway).
 */
export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    settingsJson: jsonb('settings_json').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by a platform owner: the storefront answers 503 "This store is closed"; only owners reach its admin. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Why the platform suspended it, shown to the store's team (issue 27); null when not suspended. */
    suspendedReason: text('suspended_reason'),
    /**
     * When the merchant opened the store to shoppers (issue 25). Until then its storefront is the
     * "Opening soon" page, except for its staff and whoever has the preview password.
     */
    launchedAt: timestamp('launched_at', { withTimezone: true }),
    /** The password that lets someone preview the store before launch; null: staff only. */
    previewPassword: text('preview_password'),
    /** When the merchant confirmed the delivery options the store started with (set-up checklist). */
    deliveryConfirmedAt: timestamp('delivery_confirmed_at', { withTimezone: true }),
  },
  (t) => [
    // Bounded like every input (DESIGN rule 13); the schema allows far less than this.
    check('tenants_settings_json_check', sql`jsonb_typeof(${t.settingsJson}) = 'object' and octet_length(${t.settingsJson}::text) <= 16384`),
    check('tenants_preview_password_check', sql`${t.previewPassword} is null or length(${t.previewPassword}) between 4 and 64`),
  ],
);

/** Host names a tenant answers on. Readable by anyone (host resolution); written only inside the tenant. */
export const tenantDomains = pgTable(
  'tenant_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull().unique(),
    isPrimary: boolean('is_primary').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tenant_domains_tenant_idx').on(t.tenantId)],
);

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
