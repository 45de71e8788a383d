import type { UnitOfWork } from '../../../db/unit-of-work';
import type { Actor } from '../../../http/context';
import type { ResolvedTenant } from '../../tenants';
import { findTenant, storesRequiringTwoStep } from '../../tenants';
import type { AdminContextResponse } from '../../../../shared/tenants';
import { findMembership } from '../auth/repo';
import { effectivePermissions, SUSPENDED_PERMISSIONS } from '../../../../shared/roles';

/**
 * What the admin guard needs: the tenant being managed (the host's store, or the one chosen on the
 * platform host), the actor's role there and whether they are a platform owner.
 */
export async function adminContext(scopes: UnitOfWork, actor: Actor, tenantId: string | null, hostTenant: ResolvedTenant | null, supportEmail: string): Promise<AdminContextResponse> {
  const none = { tenant: null, suspended: false, suspension: null, permissions: [], role: null, isOwner: actor.isOwner, two_step_setup_required: false, crm_enabled: false };
  if (!tenantId) return none;
  return scopes.run({ tenantId, userId: actor.userId }, async ({ tx }) => {
    const membership = await findMembership(tx, tenantId, actor.userId);
    const role = membership?.role ?? null;
    // A stale choice on the platform host (membership removed) falls back to no tenant.
    if (!hostTenant && !role) return none;
    const found = await findTenant({ tx, tenantId });
    if (!found) return none;
    const permissions = effectivePermissions(role, membership?.permissions ?? [], actor.isOwner);
    // The same rule as the guard on every admin call (http/guards.ts): members, not platform owners.
    const twoStepSetup = Boolean(role) && !actor.isOwner && !actor.twoStep && (await storesRequiringTwoStep({ tx }, [tenantId])).length > 0;
    return {
      tenant: { id: found.id, name: found.name, slug: found.slug, domain: found.domain },
      suspended: found.suspended,
      suspension: found.suspended ? { reason: found.suspendedReason, contact_email: supportEmail } : null,
      role,
      // While suspended the team serves paid orders only (http/guards.ts); platform owners keep everything.
      permissions: found.suspended && !actor.isOwner ? permissions.filter((p) => SUSPENDED_PERMISSIONS.includes(p)) : permissions,
      isOwner: actor.isOwner,
      two_step_setup_required: twoStepSetup,
      crm_enabled: found.crmEnabled,
    };
  });
}
