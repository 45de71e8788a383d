import type { FastifyRequest } from 'fastify';
import type { Actor, CrmCtx, StoreCtx, TenantCtx } from './context';
import { AppError, forbidden, notFound, unauthorized } from './errors';
import { findRole } from '../modules/accounts';
import { isSuspended, storesRequiringTwoStep } from '../modules/tenants';
import { TWO_STEP_TEXT } from '../../shared/two-step';
import { STORE_CLOSED_TEXT } from '../../shared/tenants';
import { SALES_ROLES, STORE_MANAGER_ROLES, type MemberRole } from '../../shared/roles';

export function requireActor(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}

export function requireOwner(req: FastifyRequest): Actor {
  const actor = requireActor(req);
  if (!actor.isOwner) throw forbidden('Only the platform owner can do this.');
  return actor;
}

/**
 * The tenant an admin request acts on: the store whose host was called, or on the platform host the
 * tenant chosen for this session. Never a tenant id sent by the client.
 */
export function adminTenantId(req: FastifyRequest): string | null {
  if (req.tenant) return req.tenant.id;
  return req.actor?.activeTenantId ?? null;
}

/**
 * Runs fn in the admin tenant's scope after checking the actor's role there, in the same transaction.
 * Not a member: 404, exactly like a store that does not exist. A member whose role does not allow it: 403.
 */
export async function inTenant<T>(req: FastifyRequest, allowed: readonly MemberRole[], fn: (ctx: TenantCtx) => Promise<T>): Promise<T> {
  const actor = requireActor(req);
  const tenantId = adminTenantId(req);
  if (!tenantId) throw notFound('Store not found');
  return req.server.deps.scopes.run({ tenantId, userId: actor.userId }, async (work) => {
    const role = await findRole(work.tx, tenantId, actor.userId);
    if (!actor.isOwner) {
      if (!role) throw notFound('Store not found');
      if (!allowed.includes(role)) throw forbidden();
      // A suspended store's admin stays open to its owners only (the platform may have closed it for a reason).
      const suspended = req.tenant ? req.tenant.suspended : await isSuspended(work.tx, tenantId);
      if (suspended && role !== 'owner') throw new AppError(403, 'store_suspended', STORE_CLOSED_TEXT.adminOnly);
      // A store that requires two-step sign-in (issue 26) lets its team in only once they use it.
      if (!actor.twoStep) {
        const [store] = await storesRequiringTwoStep(work.tx, [tenantId]);
        if (store) throw new AppError(403, 'two_step_setup_required', TWO_STEP_TEXT.storeRequires(store.name));
      }
    }
    return fn({ ...work, tenantId, actor, role });
  });
}

/** Catalogue, orders, content, settings: owner and admin members, and platform owners. */
export const asStoreManager = <T>(req: FastifyRequest, fn: (ctx: TenantCtx) => Promise<T>) => inTenant(req, STORE_MANAGER_ROLES, fn);
/** Leads and quotes: every member role. */
export const asSalesMember = <T>(req: FastifyRequest, fn: (ctx: TenantCtx) => Promise<T>) => inTenant(req, SALES_ROLES, fn);

/**
 * Leads, quotes and the CRM page (decision 027): in a store (its host, or the store chosen on the
 * platform host) its members' sales book, exactly as asSalesMember; on the platform host with no store,
 * the platform's own book, for platform sales and owners only (anyone else: 404 as for no store). The
 * platform_sales flag is set only here, after the check, and only with no tenant in scope.
 */
export async function inCrm<T>(req: FastifyRequest, fn: (ctx: CrmCtx) => Promise<T>): Promise<T> {
  if (adminTenantId(req)) return asSalesMember(req, fn);
  const actor = requireActor(req);
  if (!actor.isSales) throw notFound('Store not found');
  return req.server.deps.scopes.run({ tenantId: null, userId: actor.userId, platformSales: true }, (work) =>
    fn({ ...work, tenantId: null, actor, role: null }),
  );
}

/**
 * Storefront calls: scoped to the store the Host names. On the platform host there is no store, so
 * every storefront path answers the same 404 as a missing record.
 */
export async function inStore<T>(req: FastifyRequest, fn: (ctx: StoreCtx) => Promise<T>): Promise<T> {
  const tenantId = req.tenant?.id;
  if (!tenantId) throw notFound('Store not found');
  return req.server.deps.scopes.run({ tenantId, userId: req.actor?.userId ?? null }, (work) => fn({ ...work, tenantId, actor: req.actor }));
}

/**
 * Some spec calls carry `tenant_id` or `tenantId` in the body (email-dispatch, push-send). It never
 * selects data (decision 003): the host and session chose the tenant already. A value that names a
 * different tenant is refused with 403 rather than silently ignored, so a confused client learns of it.
 */
export function assertClientTenant(ctx: { tenantId: string }, sent: unknown): void {
  if (sent === undefined || sent === null || sent === '') return;
  if (sent !== ctx.tenantId) throw forbidden('This request names a different store.');
}
