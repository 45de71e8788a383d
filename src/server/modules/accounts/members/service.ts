import type { UnitOfWork } from '../../../db/unit-of-work';
import type { Actor } from '../../../http/context';
import type { ResolvedTenant } from '../../tenants';
import { findTenant } from '../../tenants';
import type { AdminContextResponse } from '../../../../shared/tenants';
import { findRole } from '../auth/repo';

/**
 * What the admin guard needs: the tenant being managed (the host's store, or the one chosen on the
 * platform host), the actor's role there and whether they are a platform owner.
 */
export async function adminContext(scopes: UnitOfWork, actor: Actor, tenantId: string | null, hostTenant: ResolvedTenant | null): Promise<AdminContextResponse> {
  if (!tenantId) return { tenant: null, suspended: false, role: null, isOwner: actor.isOwner };
  return scopes.run({ tenantId, userId: actor.userId }, async ({ tx }) => {
    const role = await findRole(tx, tenantId, actor.userId);
    // A stale choice on the platform host (membership removed) falls back to no tenant.
    if (!hostTenant && !role) return { tenant: null, suspended: false, role: null, isOwner: actor.isOwner };
    // The host's store carries its public details too; this answer names the store only.
    const found = hostTenant ?? (await findTenant(tx, tenantId));
    if (!found) return { tenant: null, suspended: false, role: null, isOwner: actor.isOwner };
    return { tenant: { id: found.id, name: found.name, slug: found.slug, domain: found.domain }, suspended: found.suspended, role, isOwner: actor.isOwner };
  });
}
