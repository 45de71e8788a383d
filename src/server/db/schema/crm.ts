import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LeadPriority, LeadStatus } from '../../../shared/crm/leads';
import type { QuoteContent, QuoteStatus } from '../../../shared/crm/quotes';
import type { CrmKit, CrmProjectType } from '../../../shared/crm/settings';
import { users } from './accounts';
import { tenants } from './tenants';

// Tables of the crm module (src/server/modules/crm): leads, quotes and the CRM's settings (issue 16,
// decision 027).

/**
 * A sales lead (admin spec §3 "Lead"). tenant_id null: the platform provider's own sales book, seen
 * only in a platform-sales scope (policy platform_sales); otherwise a store's own leads (tenant_isolation).
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    projectType: text('project_type'),
    projectDescription: text('project_description'),
    budgetRange: text('budget_range'),
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    priority: text('priority').$type<LeadPriority>().notNull().default('medium'),
    /** In pence; the API speaks pounds (spec "quote_amount (number)"). */
    quoteAmountPence: bigint('quote_amount_pence', { mode: 'number' }),
    userNotes: text('user_notes'),
    location: text('location'),
    source: text('source').notNull().default('manual'),
    /** The marketplace (Bark) id of an imported lead: a second import of the same row skips it. */
    barkId: text('bark_id'),
    /** Imported marketplace metadata as a JSON string (spec: bark_created_at_date_utc, ...). */
    notes: text('notes'),
    nextFollowUp: date('next_follow_up'),
    /** The deposit a quote of this lead was paid (decision 044): its amount and when, set once by the webhook. */
    depositPaidPence: bigint('deposit_paid_pence', { mode: 'number' }),
    depositPaidAt: timestamp('deposit_paid_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leads_scope_created_idx').on(t.tenantId, t.createdAt),
    // One lead per Bark id per sales book (the platform's book is tenant_id null).
    uniqueIndex('leads_bark_id_unique').on(sql`coalesce(${t.tenantId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.barkId),
    check('leads_status_check', sql`status in ('new', 'contacted', 'qualified', 'quoted', 'won', 'lost')`),
    check('leads_priority_check', sql`priority in ('low', 'medium', 'high')`),
    check(
      'leads_sizes_check',
      sql`length(name) between 1 and 200 and length(email) between 1 and 254 and coalesce(length(phone), 0) <= 50
        and coalesce(length(company), 0) <= 200 and coalesce(length(project_type), 0) <= 100
        and coalesce(length(project_description), 0) <= 5000 and coalesce(length(budget_range), 0) <= 100
        and coalesce(length(user_notes), 0) <= 5000 and coalesce(length(location), 0) <= 200
        and length(source) between 1 and 50 and coalesce(length(bark_id), 0) <= 200 and coalesce(length(notes), 0) <= 20000
        and (quote_amount_pence is null or quote_amount_pence between 0 and 100000000000)
        and (deposit_paid_pence is null or deposit_paid_pence > 0)`,
    ),
  ],
);

/**
 * A proposal for a lead (admin spec §3 "Quote"). The editable proposal (narrative, features, prices,
 * apps, care plans, testimonial, calls to action) is one validated JSON document, `content`
 * (src/shared/crm/quotes.ts); what is computed or queried is a column. Totals are computed by the
 * server from content with src/shared/crm/quote-pricing.ts, never taken from the client.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').notNull().references(() => leads.id, { onDelete: 'cascade' }),
    /** The public link's secret part: 22 base64url characters from 16 random bytes (unguessable). */
    uniqueUrl: text('unique_url').notNull().unique(),
    status: text('status').$type<QuoteStatus>().notNull().default('active'),
    content: jsonb('content').$type<QuoteContent>().notNull(),
    totalAmountPence: bigint('total_amount_pence', { mode: 'number' }).notNull(),
    depositAmountPence: bigint('deposit_amount_pence', { mode: 'number' }).notNull(),
    shopifyMonthlyTotalPence: bigint('shopify_monthly_total_pence', { mode: 'number' }).notNull(),
    /** The deposit's payment session (payment adapter), and the provider's reference once paid. */
    paymentSessionId: text('payment_session_id'),
    paymentReference: text('payment_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * The open session's page, provider, amount and deadline (decision 029): a start that finds it
     * still good for this deposit answers it instead of opening another, so a quote has one open session.
     */
    paymentUrl: text('payment_url'),
    paymentProvider: text('payment_provider'),
    paymentSessionAmountPence: bigint('payment_session_amount_pence', { mode: 'number' }),
    paymentSessionExpiresAt: timestamp('payment_session_expires_at', { withTimezone: true }),
    /**
     * A start's claim while it asks the provider (no transaction is open then): other starts wait for
     * its session. The claim lapses at this time, so a process that died holding it blocks nobody for long.
     */
    depositOpeningUntil: timestamp('deposit_opening_until', { withTimezone: true }),
    depositOpeningToken: uuid('deposit_opening_token'),
    viewCount: integer('view_count').notNull().default(0),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quotes_scope_created_idx').on(t.tenantId, t.createdAt),
    index('quotes_lead_idx').on(t.leadId),
    check('quotes_status_check', sql`status in ('draft', 'active', 'expired')`),
    check(
      'quotes_sizes_check',
      sql`unique_url ~ '^[A-Za-z0-9_-]{22}$' and jsonb_typeof(content) = 'object' and octet_length(content::text) <= 65536
        and total_amount_pence >= 0 and deposit_amount_pence >= 0 and shopify_monthly_total_pence >= 0 and view_count >= 0
        and coalesce(length(payment_session_id), 0) <= 300 and coalesce(length(payment_reference), 0) <= 300`,
    ),
    check(
      'quotes_payment_session_check',
      sql`coalesce(length(payment_url), 0) <= 2000 and coalesce(length(payment_provider), 0) <= 20
        and (payment_session_amount_pence is null or payment_session_amount_pence > 0)`,
    ),
  ],
);

/**
 * A quote's history (decision 029): what happened to it that the team should see, the deposit's
 * payment above all (a session opened, paid, a second payment refunded). In the quote's own book:
 * tenant_id null for the platform's (policy platform_sales), as the quote.
 */
export const quoteEvents = pgTable(
  'quote_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id').notNull().references(() => quotes.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quote_events_quote_idx').on(t.quoteId, t.createdAt),
    check('quote_events_sizes_check', sql`length(type) between 1 and 50 and length(message) between 1 and 2000`),
  ],
);

/**
 * A store's own CRM settings (issue 27 item 2, decision 044): its project types (each with the quote
 * content the builder starts from) and the status a lead moves to once a deposit is paid. No row: the
 * neutral defaults of src/shared/crm/settings.ts. The platform's own book has none (the web-agency kit).
 */
export const crmSettings = pgTable(
  'crm_settings',
  {
    tenantId: uuid('tenant_id').primaryKey().references(() => tenants.id, { onDelete: 'cascade' }),
    /** 'store': the store's own CRM (new stores); 'agency': the spec's web-agency kit (the demo store's, DESIGN rule 14). */
    kit: text('kit').$type<CrmKit>().notNull().default('store'),
    depositLeadStatus: text('deposit_lead_status').$type<LeadStatus>().notNull().default('won'),
    projectTypes: jsonb('project_types').$type<CrmProjectType[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('crm_settings_kit_check', sql`kit in ('agency', 'store')`),
    check('crm_settings_status_check', sql`deposit_lead_status in ('new', 'contacted', 'qualified', 'quoted', 'won', 'lost')`),
    check('crm_settings_project_types_check', sql`jsonb_typeof(project_types) = 'array' and octet_length(project_types::text) <= 65536`),
  ],
);
