import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { Listen } from '../../db/notifications';
import { tenantDomains, tenants } from '../../db/schema/index';
import { isUuid } from '../../../shared/ids';
import type { PublicStoreDetails } from '../../../shared/store-details';
import { publicDetailsOf, readStoredSettings } from '../../../shared/store-settings';
import { NO_PROMISES, type StorePromises } from '../../../shared/store-promises';
import type { Tx } from '../../db/connection';

export interface ResolvedTenant {
  id: string;
  name: string;
  slug: string;
  domain: string;
  /** Suspended by a platform owner: the storefront is closed (503), the admin is for owners only. */
  suspended: boolean;
  /** What shoppers see of the store's settings: footer, page heads, emails, the pay page. */
  details: PublicStoreDetails;
  /** What the store promises about delivery and returns (its policies and delivery options). */
  promises: StorePromises;
  /** Open to shoppers (issue 25); until then the storefront is the "Opening soon" page. */
  launched: boolean;
  /** Lets a visitor preview the unlaunched store (null: only its staff may). Never sent to a browser. */
  previewPassword: string | null;
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
 * Where the database announces committed writes to stores and their domains (migration
 * 0013_store_settings): the store's id, or '' for every store.
 */
export const TENANTS_CHANNEL = 'tenants_changed';

/** Where follow() reports a lost listening connection; app.log fits. */
export interface ResolverLog {
  warn(obj: object, msg: string): void;
}

/**
 * Host -> tenant through the tenant_domains table. Answers are cached for a few seconds because every
 * request asks. A store's own change (rename, new contact details, a domain added, a delivery option
 * or a legal page: migration 0028) reaches every
 * instance through the database's notification (follow()); this instance drops it at once after its
 * own commit (invalidateTenant, from the store.changed domain event). CACHE_MS is only a backstop.
 */
/** Reads a store's promises in its own scope (the policies module's storePromises; buildApp hands it over). */
export type PromisesLoader = (tx: Tx, tenantId: string, settingsJson: unknown) => Promise<StorePromises>;

export class TenantResolver {
  private cache = new Map<string, { at: number; tenant: ResolvedTenant | null }>();
  private loadPromises: PromisesLoader = async () => NO_PROMISES;

  constructor(private scopes: UnitOfWork, private platformHost: string) {}

  /**
   * How to read a store's promises (its policies, delivery options and legal pages belong to other
   * modules, which depend on this one: they are handed in rather than imported).
   */
  usePromises(loader: PromisesLoader): void {
    this.loadPromises = loader;
    this.invalidate();
  }

  async resolve(hostHeader: string | undefined): Promise<ResolvedTenant | null> {
    const host = hostName(hostHeader);
    if (!host || host === this.platformHost) return null;
    const hit = this.cache.get(host);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.tenant;
    const rows = await this.scopes.run({ tenantId: null, userId: null }, ({ tx }) =>
      tx
        .select({
          id: tenants.id,
          name: tenants.name,
          slug: tenants.slug,
          domain: tenantDomains.domain,
          suspendedAt: tenants.suspendedAt,
          settings: tenants.settingsJson,
          launchedAt: tenants.launchedAt,
          previewPassword: tenants.previewPassword,
        })
        .from(tenantDomains)
        .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
        .where(eq(tenantDomains.domain, host))
        .limit(1),
    );
    const row = rows[0];
    // The promises read the store's delivery options and pages, which only its own scope may see.
    const promises = row ? await this.scopes.run({ tenantId: row.id, userId: null }, ({ tx }) => this.loadPromises(tx, row.id, row.settings)) : null;
    const tenant =
      row && promises
        ? {
            id: row.id,
            name: row.name,
            slug: row.slug,
            domain: row.domain,
            suspended: row.suspendedAt !== null,
            details: publicDetailsOf(readStoredSettings(row.settings, row.name)),
            promises,
            launched: row.launchedAt !== null,
            previewPassword: row.previewPassword,
          }
        : null;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(host, { at: Date.now(), tenant });
    return tenant;
  }

  invalidate(): void {
    this.cache.clear();
  }

  /**
   * Forget one store's hosts, and every host that named no store (a domain just added to it was
   * one of those).
   */
  invalidateTenant(tenantId: string): void {
    for (const [host, entry] of this.cache) {
      if (entry.tenant === null || entry.tenant.id === tenantId) this.cache.delete(host);
    }
  }

  /** Drop a store's hosts whenever the database announces a committed change to it; all when some may have been missed. */
  follow(database: { listen: Listen }, log?: ResolverLog): Promise<() => Promise<void>> {
    return database.listen(TENANTS_CHANNEL, {
      notify: (payload) => {
        if (payload === '') this.invalidate();
        else if (isUuid(payload)) this.invalidateTenant(payload);
      },
      missed: () => {
        this.invalidate();
        log?.warn({}, 'host cache: listening again after a lost connection; cleared');
      },
      error: (err) => log?.warn({ err }, 'host cache: reconnecting the notification listener failed'),
    });
  }
}
