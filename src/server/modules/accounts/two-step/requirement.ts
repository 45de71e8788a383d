import type { UnitOfWork } from '../../../db/unit-of-work';
import type { Actor } from '../../../http/context';
import { storesRequiringTwoStep as requiring } from '../../tenants';
import { listMemberships } from '../auth/repo';

/** The stores this person works in that require two-step sign-in of their team (names, A to Z). */
export async function storesRequiringTwoStep(scopes: UnitOfWork, actor: Actor): Promise<string[]> {
  return scopes.run({ tenantId: null, userId: actor.userId }, async (work) => {
    const memberships = await listMemberships(work.tx, actor.userId);
    return (await requiring(work, memberships.map((m) => m.tenant_id))).map((s) => s.name).sort((a, b) => a.localeCompare(b));
  });
}
