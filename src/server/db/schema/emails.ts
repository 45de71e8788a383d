import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './platform';
import type { DnsRecord } from '../../../shared/email-settings';

// Owned by the emails module (src/server/modules/emails).

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
