import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work';
import { tenantDomains, tenants } from '../../db/schema/index';

export interface ResolvedTenant {
  id: string;
  name: string;
  slug: string;
  domain: string;
  /** Suspended by a platform owner: the storefront is closed (503), the admin is for owners only. */
  suspended: boolean;
}

/** Lower-cased host without port; IPv6 brackets kept. */
export function hostName(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d+$/, '');
}

const CACHE_MS = 10_000;

/**
 * Host -> tenant through the tenant_domains table. Answers are cached for a few seconds because every
 * request asks; a new domain is live within CACHE_MS on every instance, and invalidate() makes it
 * immediate on this one.
 */
export class TenantResolver {
  private cache = new Map<string, { at: number; tenant: ResolvedTenant | null }>();

  constructor(private scopes: UnitOfWork, private platformHost: string) {}

  async resolve(hostHeader: string | undefined): Promise<ResolvedTenant | null> {
    const host = hostName(hostHeader);
    if (!host || host === this.platformHost) return null;
    const hit = this.cache.get(host);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.tenant;
    const rows = await this.scopes.run({ tenantId: null, userId: null }, ({ tx }) =>
      tx
        .select({ id: tenants.id, name: tenants.name, slug: tenants.slug, domain: tenantDomains.domain, suspendedAt: tenants.suspendedAt })
        .from(tenantDomains)
        .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
        .where(eq(tenantDomains.domain, host))
        .limit(1),
    );
    const row = rows[0];
    const tenant = row ? { id: row.id, name: row.name, slug: row.slug, domain: row.domain, suspended: row.suspendedAt !== null } : null;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(host, { at: Date.now(), tenant });
    return tenant;
  }

  invalidate(): void {
    this.cache.clear();
  }
}
