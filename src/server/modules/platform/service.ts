import { sql } from 'drizzle-orm';
import type { Scope, UnitOfWork } from '../../db/unit-of-work';
import type { Actor } from '../../http/context';
import { badRequest, conflict } from '../../http/errors';
import { slugify } from '../../../shared/slugify';
import type { CreateTenantBody, Tenant, TenantListItem } from '../../../shared/tenants';
import * as tenants from '../tenants';
import * as accounts from '../accounts';

/** Everything here is for verified platform owners only; routes check that first. */
const ownerScope = (owner: Actor): Scope => ({ tenantId: null, userId: owner.userId, platformOwner: true });

export async function listTenants(scopes: UnitOfWork, owner: Actor): Promise<TenantListItem[]> {
  return scopes.run(ownerScope(owner), async ({ tx }) => {
    const [rows, counts] = await Promise.all([tenants.listTenants(tx), accounts.memberCounts(tx)]);
    return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString(), member_count: counts.get(r.id) ?? 0 }));
  });
}

/**
 * Creates a tenant, its primary domain and optionally its owner member, in one transaction. The
 * domain and membership are written with the new tenant set as the scope, as RLS requires.
 */
export async function createTenant(scopes: UnitOfWork, owner: Actor, body: CreateTenantBody): Promise<Tenant> {
  const slug = body.slug || slugify(body.name) || 'store';
  return scopes.run(ownerScope(owner), async ({ tx }) => {
    if (await tenants.domainTaken(tx, body.domain)) {
      throw conflict('domain_taken', 'That domain is already used by another store.', { domain: 'That domain is already used by another store.' });
    }
    if (await tenants.slugTaken(tx, slug)) {
      throw conflict('slug_taken', 'That slug is already used by another store.', { slug: 'That slug is already used by another store.' });
    }
    const adminUserId = body.admin_email ? await accounts.findUserIdByEmail(tx, body.admin_email) : null;
    if (body.admin_email && !adminUserId) {
      throw badRequest('No account uses that email yet.', { admin_email: 'No account uses that email yet. Ask them to sign up first.' });
    }
    const tenant = await tenants.insertTenant(tx, { name: body.name, slug });
    await tx.execute(sql`select set_config('app.tenant_id', ${tenant.id}, true)`);
    await tenants.insertDomain(tx, tenant.id, body.domain);
    if (adminUserId) await accounts.insertMembership(tx, tenant.id, adminUserId, 'owner');
    return { id: tenant.id, name: tenant.name, slug: tenant.slug, domain: body.domain };
  });
}
