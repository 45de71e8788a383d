import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Tables of the tenants module (src/server/modules/tenants): the stores and the host names they answer on.

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
    /**
     * The store's own CRM (issue 27 item 2, decision 044): off hides it from the store's admin and its
     * CRM routes and public quote links answer 404. A column here, not the CRM's own table, because the
     * guard every CRM route passes and the admin context (accounts) read it through the tenants module.
     */
    crmEnabled: boolean('crm_enabled').notNull().default(true),
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
