import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DnsRecord } from '../../../shared/email-settings';
import { createdAt, tenantId } from './columns';
import { orders } from './orders';
import { tenants } from './tenants';

// Tables of the emails module (src/server/modules/emails): every message sent, sending domains, templates
// and the addresses that asked a store for no more of a kind of email.

/** Every email the shop sends, whichever adapter delivered it: the built-in outbox keeps them here. */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null: the platform's own mail (to its owners), seen only in a platform scope (decision 029). */
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['stored', 'sent', 'failed'] }).notNull(),
    provider: text('provider').notNull(),
    error: text('error'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Copied when sent: the outbox names the order without reading the orders module's table. */
    orderNumber: text('order_number'),
    /** The one-click unsubscribe address sent as List-Unsubscribe (reminders only). */
    unsubscribeUrl: text('unsubscribe_url'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_messages_tenant_idx').on(t.tenantId, t.createdAt), index('email_messages_order_idx').on(t.orderId)],
);

export interface EmailDnsJson {
  records: DnsRecord[];
}

/**
 * A store's sending domain: mail of a verified one goes out from its from_name <from_email> and is
 * DKIM-signed with the domain's own key pair. The private key is never readable by the app role
 * (column privileges, migration 0013): only app_email_sending_identity() hands it to the mail sender.
 */
export const emailDomains = pgTable(
  'email_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    fromName: text('from_name').notNull(),
    fromEmail: text('from_email').notNull(),
    status: text('status', { enum: ['pending', 'verified'] }).notNull().default('pending'),
    dkimSelector: text('dkim_selector').notNull(),
    /** Base64 of the DER SubjectPublicKeyInfo: the `p=` of the DKIM record. */
    dkimPublicKey: text('dkim_public_key').notNull(),
    /** PKCS#8 PEM. */
    dkimPrivateKey: text('dkim_private_key').notNull(),
    dnsJson: jsonb('dns_json').$type<EmailDnsJson>().notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_domains_tenant_domain_key').on(t.tenantId, t.domain),
    check('email_domains_status_check', sql`status in ('pending', 'verified')`),
  ],
);

/**
 * Email templates. tenant_id null: the platform's default for a key, readable by every store and
 * written only at boot (ensureDefaultEmailTemplates); otherwise a store's custom template, which
 * replaces the default of the same key for that store while it is active.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_templates_custom_key').on(t.tenantId, t.key).where(sql`tenant_id is not null`),
    uniqueIndex('email_templates_default_key').on(t.key).where(sql`tenant_id is null`),
  ],
);

/** The kinds of email an address may stop (unsubscribe links): for now the checkout recovery emails. */
export const EMAIL_TOPICS = ['checkout_recovery'] as const;
export type EmailTopic = (typeof EMAIL_TOPICS)[number];

/**
 * An address that asked a store for no more emails of a topic (issue 28: the unsubscribe link of a
 * checkout recovery email). Lower-cased; every later email of the topic to it from that store is
 * skipped. Order emails (confirmations, shipping, refunds) are not a topic: they are always sent.
 */
export const emailUnsubscribes = pgTable(
  'email_unsubscribes',
  {
    tenantId: tenantId(),
    email: text('email').notNull(),
    topic: text('topic', { enum: EMAIL_TOPICS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.email, t.topic] }),
    check('email_unsubscribes_check', sql`length(email) between 1 and 320 and email = lower(email) and topic in ('checkout_recovery')`),
  ],
);
