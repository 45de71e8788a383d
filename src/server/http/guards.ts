import type { FastifyRequest } from 'fastify';
import type { Actor, CrmCtx, StoreCtx, TenantCtx } from './context';
import { AppError, forbidden, notFound, unauthorized } from './errors';
import { platformSalesScope } from '../db/privileged-scopes';
import { findMembership } from '../modules/accounts';
import { crmEnabled, isSuspended, storesRequiringTwoStep } from '../modules/tenants';
import { TWO_STEP_TEXT } from '../../shared/two-step';
import { STORE_CLOSED_TEXT } from '../../shared/tenants';
import { effectivePermissions, STORE_MANAGER_ROLES, SUSPENDED_PERMISSIONS, type Permission } from '../../shared/roles';

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
 * What an admin call needs (issue 27): a permission a staff member may be given, or `manage`: what stays
 * with owners and admins (payments, the team, the launch, VAT figures, customers' data exports); or
 * `any` member at all. A list: any one of them.
 */
export type Need = Permission | readonly Permission[] | 'manage' | 'any';

/**
 * Runs fn in the admin tenant's scope after checking the actor's membership there, in the same
 * transaction. Not a member: 404, exactly like a store that does not exist. A member whose role and
 * permissions do not allow it: 403.
 */
export async function inTenant<T>(req: FastifyRequest, need: Need, fn: (ctx: TenantCtx) => Promise<T>): Promise<T> {
  const actor = requireActor(req);
  const tenantId = adminTenantId(req);
  if (!tenantId) throw notFound('Store not found');
  return req.server.deps.scopes.run({ tenantId, userId: actor.userId }, async (work) => {
    const store = { tx: work.tx, tenantId };
    const membership = await findMembership(store, actor.userId);
    const role = membership?.role ?? null;
    const permissions = effectivePermissions(role, membership?.permissions ?? [], actor.isOwner);
    if (!actor.isOwner) {
      if (!role) throw notFound('Store not found');
      const allowed = need === 'any' || (need === 'manage' ? STORE_MANAGER_ROLES.includes(role) : (typeof need === 'string' ? [need] : need).some((p) => permissions.includes(p)));
      if (!allowed) throw forbidden();
      // A suspended store's team may still serve paid orders (see, fulfil, refund), nothing else (issue 27).
      const servesOrders = need === 'any' || (typeof need === 'string' && SUSPENDED_PERMISSIONS.includes(need as Permission));
      if (!servesOrders && (req.tenant ? req.tenant.suspended : await isSuspended(store))) {
        throw new AppError(403, 'store_suspended', STORE_CLOSED_TEXT.adminOnly);
      }
      // A store that requires two-step sign-in (issue 26) lets its team in only once they use it.
      if (!actor.twoStep) {
        const [requiring] = await storesRequiringTwoStep(work, [tenantId]);
        if (requiring) throw new AppError(403, 'two_step_setup_required', TWO_STEP_TEXT.storeRequires(requiring.name));
      }
    }
    return fn({ ...work, tenantId, actor, role, permissions });
  });
}

/** Payments, the team, the launch checklist, VAT figures, customers' data: owner and admin members, and platform owners. */
export const asStoreManager = <T>(req: FastifyRequest, fn: (ctx: TenantCtx) => Promise<T>) => inTenant(req, 'manage', fn);
/** What a staff member with this permission may do (owners, admins and platform owners may do it all). */
export const asMemberWith = <T>(req: FastifyRequest, need: Permission | readonly Permission[], fn: (ctx: TenantCtx) => Promise<T>) => inTenant(req, need, fn);
/** Any member of the store, whatever they may do (their own push subscription, the admin's context). */
export const asAnyMember = <T>(req: FastifyRequest, fn: (ctx: TenantCtx) => Promise<T>) => inTenant(req, 'any', fn);

/** The 404 of a store whose CRM is switched off. */
export const CRM_OFF = 'This store does not use the CRM.';

/**
 * Leads, quotes and the CRM page (decision 027): in a store (its host, or the store chosen on the
 * platform host) its members' sales book, for members with the CRM permission; on the platform host with no store,
 * the platform's own book, for platform sales and owners only (anyone else: 404 as for no store). The
 * platform_sales flag is set only here, after the check, and only with no tenant in scope.
 */
export async function inCrm<T>(req: FastifyRequest, fn: (ctx: CrmCtx) => Promise<T>): Promise<T> {
  // A store that switched its CRM off (Settings > CRM, decision 044): every CRM route is the 404 of no CRM.
  if (adminTenantId(req))
    return asMemberWith(req, 'crm', async (ctx) => {
      if (!(await crmEnabled(ctx))) throw notFound(CRM_OFF);
      return fn(ctx);
    });
  const actor = requireActor(req);
  if (!actor.isSales) throw notFound('Store not found');
  return req.server.deps.scopes.run(platformSalesScope(actor.userId), (work) =>
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
