import { sql } from 'drizzle-orm';
import type { Scope, UnitOfWork, Work } from '../../db/unit-of-work';
import { platformOwnerScope } from '../../db/privileged-scopes';
import type { Actor, StoreTx } from '../../http/context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { slugify } from '../../../shared/slugify';
import type { CreateTenantBody, StoreDomain, Tenant, TenantListItem, TenantStatusResponse } from '../../../shared/tenants';
import * as tenants from '../tenants';
import * as accounts from '../accounts';
import { insertStarterDeliveryOption } from '../orders';

/** Everything here is for verified platform owners only; routes check that first. */
const ownerScope = (owner: Actor): Scope => platformOwnerScope(owner.userId);

type TenantRow = Awaited<ReturnType<typeof tenants.listTenants>>[number];
const listItem = (r: TenantRow, members: number): TenantListItem => ({
  ...r,
  created_at: new Date(r.created_at).toISOString(),
  suspended_at: r.suspended_at ? new Date(r.suspended_at).toISOString() : null,
  launched_at: r.launched_at ? new Date(r.launched_at).toISOString() : null,
  member_count: members,
});

/**
 * Every store: for platform owners (the console) and platform sales (Client Access picks a store,
 * decision 027). Only owners have the scope that counts every store's members at once; a sales
 * person's count is taken store by store, in each store's own scope.
 */
export async function listTenants(scopes: UnitOfWork, actor: Actor): Promise<TenantListItem[]> {
  if (actor.isOwner) {
    return scopes.run(ownerScope(actor), async (work) => {
      const [rows, counts] = await Promise.all([tenants.listTenants(work), accounts.memberCounts(work)]);
      return rows.map((r) => listItem(r, counts.get(r.id) ?? 0));
    });
  }
  const rows = await scopes.run({ tenantId: null, userId: actor.userId }, (work) => tenants.listTenants(work));
  const items: TenantListItem[] = [];
  for (const r of rows) {
    const counts = await scopes.run({ tenantId: r.id, userId: actor.userId }, (work) => accounts.memberCounts(work));
    items.push(listItem(r, counts.get(r.id) ?? 0));
  }
  return items;
}

/**
 * Creates a tenant, its primary domain and optionally its owner member, in one transaction. The
 * domain and membership are written with the new tenant set as the scope, as RLS requires.
 */
export async function createTenant(scopes: UnitOfWork, owner: Actor, body: CreateTenantBody): Promise<Tenant> {
  const slug = body.slug || slugify(body.name) || 'store';
  return scopes.run(ownerScope(owner), async (work) => {
    const { tx } = work;
    if (await tenants.domainTaken(work, body.domain)) {
      throw conflict('domain_taken', 'That domain is already used by another store.', { domain: 'That domain is already used by another store.' });
    }
    if (await tenants.slugTaken(work, slug)) {
      throw conflict('slug_taken', 'That slug is already used by another store.', { slug: 'That slug is already used by another store.' });
    }
    const adminUserId = body.admin_email ? await accounts.findUserIdByEmail(work, body.admin_email) : null;
    if (body.admin_email && !adminUserId) {
      throw badRequest('No account uses that email yet.', { admin_email: 'No account uses that email yet. Ask them to sign up first.' });
    }
    // Not public until its merchant launches it (issue 25), with a delivery option to confirm.
    const tenant = await tenants.insertTenant(work, { name: body.name, slug, launched: false });
    await tx.execute(sql`select set_config('app.tenant_id', ${tenant.id}, true)`);
    const store: StoreTx = { tx, tenantId: tenant.id };
    await tenants.insertDomain(store, body.domain);
    await insertStarterDeliveryOption(store);
    if (adminUserId) await accounts.insertMembership(store, adminUserId, 'owner');
    storeChanged(work, tenant.id);
    return { id: tenant.id, name: tenant.name, slug: tenant.slug, domain: body.domain };
  });
}

const domainTakenError = () => conflict('domain_taken', 'That domain is already used by another store.', { domain: 'That domain is already used by another store.' });

/**
 * What the host cache holds of a store (its hosts, whether it is open) changed: once this commits, the
 * store.changed subscriber (app.ts) drops this instance's copy, and the database tells the others.
 */
const storeChanged = (work: Work, tenantId: string) => work.emit({ type: 'store.changed', tenantId });

/**
 * Runs fn with the store set as the transaction's tenant, as RLS on tenant_domains requires; 404 when
 * there is no such store. `changes`: fn changes the store's hosts or status, and says so on success.
 */
async function inStoreAsOwner<T>(scopes: UnitOfWork, owner: Actor, tenantId: string, fn: (store: StoreTx) => Promise<T>, changes = false): Promise<T> {
  return scopes.run(ownerScope(owner), async (work) => {
    const store: StoreTx = { tx: work.tx, tenantId };
    if ((await tenants.tenantName(store)) === null) throw notFound('Store not found');
    await work.tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
    const result = await fn(store);
    if (changes) storeChanged(work, tenantId);
    return result;
  });
}
const CHANGES = true;

const asStoreDomain = (d: { id: string; domain: string; is_primary: boolean; created_at: Date | string }): StoreDomain => ({ ...d, created_at: new Date(d.created_at).toISOString() });

/**
 * Suspending (with the reason its team is shown) closes the storefront (503) and leaves the admin only
 * the orders already paid for (issue 27); reactivating (reason null) reopens everything.
 */
export async function setSuspended(scopes: UnitOfWork, owner: Actor, tenantId: string, reason: string | null): Promise<TenantStatusResponse> {
  const at = reason !== null ? new Date() : null;
  return inStoreAsOwner(scopes, owner, tenantId, async (store) => {
    await tenants.setSuspended(store, at, reason);
    return { tenant: { id: tenantId, suspended_at: at ? at.toISOString() : null } };
  }, CHANGES);
}

export async function listDomains(scopes: UnitOfWork, owner: Actor, tenantId: string): Promise<StoreDomain[]> {
  return inStoreAsOwner(scopes, owner, tenantId, async (store) => (await tenants.domainsOf(store)).map(asStoreDomain));
}

/** Domains are unique across the platform: a host can only ever name one store. */
export async function addDomain(scopes: UnitOfWork, owner: Actor, tenantId: string, domain: string, platformHost: string): Promise<StoreDomain[]> {
  if (domain === platformHost) throw conflict('domain_taken', 'That is the platform’s own domain.', { domain: 'That is the platform’s own domain.' });
  return inStoreAsOwner(scopes, owner, tenantId, async (store) => {
    if (await tenants.domainTaken(store, domain)) throw domainTakenError();
    await tenants.addDomain(store, domain);
    return (await tenants.domainsOf(store)).map(asStoreDomain);
  }, CHANGES);
}

/** A store keeps at least one domain; removing the primary one promotes the oldest remaining. */
export async function removeDomain(scopes: UnitOfWork, owner: Actor, tenantId: string, domainId: string): Promise<StoreDomain[]> {
  return inStoreAsOwner(scopes, owner, tenantId, async (store) => {
    const before = await tenants.domainsOf(store);
    if (!before.some((d) => d.id === domainId)) throw notFound('Domain not found');
    if (before.length === 1) throw conflict('last_domain', 'A store needs at least one domain. Add another before removing this one.');
    const removed = await tenants.removeDomain(store, domainId);
    if (removed?.is_primary) {
      const next = before.filter((d) => d.id !== domainId).sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())[0];
      await tenants.makePrimary(store, next.id);
    }
    return (await tenants.domainsOf(store)).map(asStoreDomain);
  }, CHANGES);
}

export async function makePrimary(scopes: UnitOfWork, owner: Actor, tenantId: string, domainId: string): Promise<StoreDomain[]> {
  return inStoreAsOwner(scopes, owner, tenantId, async (store) => {
    const before = await tenants.domainsOf(store);
    if (!before.some((d) => d.id === domainId)) throw notFound('Domain not found');
    await tenants.makePrimary(store, domainId);
    return (await tenants.domainsOf(store)).map(asStoreDomain);
  }, CHANGES);
}
