import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TenantCtx } from '../../../http/context';
import type { Tx } from '../../../db/connection';
import { rowsOf } from '../../../db/rows';
import { emailDomains, type EmailDnsJson } from '../../../db/schema';

/**
 * Every column but the private key, which the app role cannot read (migration 0013): a query that
 * asked for it would fail, so every read names these.
 */
const columns = {
  id: emailDomains.id,
  domain: emailDomains.domain,
  fromName: emailDomains.fromName,
  fromEmail: emailDomains.fromEmail,
  status: emailDomains.status,
  dkimSelector: emailDomains.dkimSelector,
  dkimPublicKey: emailDomains.dkimPublicKey,
  dnsJson: emailDomains.dnsJson,
  verifiedAt: emailDomains.verifiedAt,
  lastCheckedAt: emailDomains.lastCheckedAt,
  createdAt: emailDomains.createdAt,
};
export type EmailDomainRow = { [K in keyof typeof columns]: (typeof columns)[K]['_']['notNull'] extends true ? (typeof columns)[K]['_']['data'] : (typeof columns)[K]['_']['data'] | null };

export async function listDomains(ctx: TenantCtx): Promise<EmailDomainRow[]> {
  return ctx.tx.select(columns).from(emailDomains).where(eq(emailDomains.tenantId, ctx.tenantId)).orderBy(asc(emailDomains.createdAt), asc(emailDomains.id));
}

export async function findDomain(ctx: TenantCtx, id: string): Promise<EmailDomainRow | null> {
  const [row] = await ctx.tx.select(columns).from(emailDomains).where(and(eq(emailDomains.tenantId, ctx.tenantId), eq(emailDomains.id, id)));
  return row ?? null;
}

export async function countDomains(ctx: TenantCtx): Promise<number> {
  const [{ n }] = await ctx.tx.select({ n: count() }).from(emailDomains).where(eq(emailDomains.tenantId, ctx.tenantId));
  return n;
}

export async function domainExists(ctx: TenantCtx, domain: string): Promise<boolean> {
  const [row] = await ctx.tx.select({ id: emailDomains.id }).from(emailDomains).where(and(eq(emailDomains.tenantId, ctx.tenantId), eq(emailDomains.domain, domain)));
  return !!row;
}

export async function insertDomain(
  ctx: TenantCtx,
  values: { domain: string; fromName: string; fromEmail: string; dkimSelector: string; dkimPublicKey: string; dkimPrivateKey: string; dnsJson: EmailDnsJson },
): Promise<EmailDomainRow> {
  const [row] = await ctx.tx.insert(emailDomains).values({ tenantId: ctx.tenantId, ...values }).returning(columns);
  return row;
}

/** Removes one of the store's domains; false when it has none with this id. */
export async function deleteDomain(ctx: TenantCtx, id: string): Promise<boolean> {
  const rows = await ctx.tx.delete(emailDomains).where(and(eq(emailDomains.tenantId, ctx.tenantId), eq(emailDomains.id, id))).returning({ id: emailDomains.id });
  return rows.length > 0;
}

/** Records a check of a pending domain; null when there is none (missing, or verified meanwhile). */
export async function saveCheck(ctx: TenantCtx, id: string, dnsJson: EmailDnsJson, verified: boolean): Promise<EmailDomainRow | null> {
  const now = new Date();
  const [row] = await ctx.tx
    .update(emailDomains)
    .set({ dnsJson, lastCheckedAt: now, updatedAt: now, ...(verified ? { status: 'verified' as const, verifiedAt: now } : {}) })
    .where(and(eq(emailDomains.tenantId, ctx.tenantId), eq(emailDomains.id, id), eq(emailDomains.status, 'pending')))
    .returning(columns);
  return row ?? null;
}

export interface SendingIdentityRow {
  domain: string;
  from_name: string;
  from_email: string;
  dkim_selector: string;
  dkim_private_key: string;
}

/** The current store's newest verified domain with its private key, through the definer function. */
export async function sendingIdentity(tx: Tx): Promise<SendingIdentityRow | null> {
  return rowsOf<SendingIdentityRow>(await tx.execute(sql`select * from app_email_sending_identity()`))[0] ?? null;
}
