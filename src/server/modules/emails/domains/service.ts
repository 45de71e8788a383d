import type { InScope, TenantCtx } from '../../../http/context';
import type { TxtResolver } from '../../../adapters/dns/dns';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { spendStoreAllowance, type Limit } from '../../limits';
import { EMAIL_SETTINGS_LIMITS, EMAIL_SETTINGS_TEXT, type EmailDomain } from '../../../../shared/email-settings';
import { isUniqueViolation } from '../../../db/unique-violation';
import { checkRecords, DKIM_SELECTOR, generateDkimKeyPair, sendingDomainRecords } from './dns-records';
import * as repo from './repo';

export interface DomainDeps {
  resolver: TxtResolver;
  /** The host the SPF record includes (config EMAIL_SPF_INCLUDE). */
  spfInclude: string;
}

/** DNS lookups on demand: enough for a person clicking Verify while they wait for DNS, not a flood. */
const VERIFY_LIMIT: Limit = { bucket: 'email_domain_verify', max: 30, windowMs: 10 * 60_000, message: 'Too many checks in a short time. DNS changes take a while to appear: try again in a few minutes.' };

const NOT_FOUND = 'Email domain not found';
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function toApi(row: repo.EmailDomainRow): EmailDomain {
  return {
    id: row.id,
    domain: row.domain,
    from_name: row.fromName,
    from_email: row.fromEmail,
    status: row.status,
    dns_json: { records: row.dnsJson.records },
    created_at: row.createdAt.toISOString(),
    verified_at: iso(row.verifiedAt),
    last_checked_at: iso(row.lastCheckedAt),
  };
}

export async function listDomains(ctx: TenantCtx): Promise<EmailDomain[]> {
  return (await repo.listDomains(ctx)).map(toApi);
}

async function assertRoom(ctx: TenantCtx, domain: string): Promise<void> {
  if (await repo.domainExists(ctx, domain)) throw conflict('domain_taken', EMAIL_SETTINGS_TEXT.domainTaken, { domain: EMAIL_SETTINGS_TEXT.domainTaken });
  if ((await repo.countDomains(ctx)) >= EMAIL_SETTINGS_LIMITS.domains) throw badRequest(EMAIL_SETTINGS_TEXT.tooManyDomains, { domain: EMAIL_SETTINGS_TEXT.tooManyDomains });
}

/**
 * Adds a pending sending domain with a key pair of its own. The key is generated between two short
 * transactions (after the role check, outside any transaction), and the records to publish are kept
 * with the domain so the store sees the same ones until it is verified.
 */
export async function createDomain(inScope: InScope<TenantCtx>, deps: DomainDeps, body: { domain: string; from_name: string; from_email: string }): Promise<EmailDomain> {
  await inScope((ctx) => assertRoom(ctx, body.domain));
  const keys = await generateDkimKeyPair();
  return inScope(async (ctx) => {
    await assertRoom(ctx, body.domain);
    try {
      const row = await repo.insertDomain(ctx, {
        domain: body.domain,
        fromName: body.from_name,
        fromEmail: body.from_email,
        dkimSelector: DKIM_SELECTOR,
        dkimPublicKey: keys.publicKey,
        dkimPrivateKey: keys.privateKey,
        dnsJson: { records: sendingDomainRecords(body.domain, keys.publicKey, deps.spfInclude) },
      });
      return toApi(row);
    } catch (err) {
      // Two adds of one domain at once: the unique index stops the second with the same 409.
      if (isUniqueViolation(err)) throw conflict('domain_taken', EMAIL_SETTINGS_TEXT.domainTaken, { domain: EMAIL_SETTINGS_TEXT.domainTaken });
      throw err;
    }
  });
}

/**
 * Checks the domain's records in DNS (spec §4: verification on demand) and moves it from pending to
 * verified once all three are published as shown. The lookups run with no transaction open. A
 * verified domain stays verified: checking it again changes nothing.
 */
export async function verifyDomain(inScope: InScope<TenantCtx>, deps: DomainDeps, id: string): Promise<EmailDomain> {
  const row = await inScope(async (ctx) => {
    const found = await repo.findDomain(ctx, id);
    if (!found) throw notFound(NOT_FOUND);
    if (found.status === 'pending') await spendStoreAllowance(ctx.tx, ctx.tenantId, VERIFY_LIMIT, 'verify');
    return found;
  });
  if (row.status === 'verified') return toApi(row);
  const records = await checkRecords(deps.resolver, row.dnsJson.records);
  const verified = records.every((r) => r.found);
  return inScope(async (ctx) => {
    // Null: verified by another check meanwhile (or gone): answer what is there now.
    const saved = (await repo.saveCheck(ctx, id, { records }, verified)) ?? (await repo.findDomain(ctx, id));
    if (!saved) throw notFound(NOT_FOUND);
    return toApi(saved);
  });
}

/**
 * DELETE ?id=: removes a sending domain with its key pair. Mail is then sent from the store's next
 * most recently verified domain, or from the platform's address under the store's name. Another
 * store's domain is the same 404 as a missing one.
 */
export async function removeDomain(ctx: TenantCtx, id: string): Promise<void> {
  if (!(await repo.deleteDomain(ctx, id))) throw notFound(NOT_FOUND);
}
