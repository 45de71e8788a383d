import type { FastifyRequest } from 'fastify';
import { isUuid } from '../../../../shared/ids';
import type { TenantCtx } from '../../../http/context';
import { adminTenantId, inTenant, requireActor } from '../../../http/guards';
import { forbidden, notFound } from '../../../http/errors';
import { findTenant } from '../../tenants';
import { effectivePermissions, STORE_MANAGER_ROLES } from '../../../../shared/roles';
import { ACCESS_TEXT } from '../../../../shared/crm/access';
import { findMembership } from '../auth/repo';

/**
 * Client Access for the store `tenantId` names (decision 027 "Spec-sent ids never select data"):
 * platform sales and owners may manage any existing store (unknown: 404); anyone else only the store
 * in scope (its host, or the one chosen on the platform host), as its owner or admin. The work runs in
 * that store's scope, so tenant isolation keeps it to that store.
 */
export async function inAccessScope<T>(req: FastifyRequest, tenantId: string, fn: (ctx: TenantCtx) => Promise<T>): Promise<T> {
  const actor = requireActor(req);
  if (actor.isSales) {
    if (!isUuid(tenantId)) throw notFound('Store not found');
    return req.server.deps.scopes.run({ tenantId, userId: actor.userId }, async (work) => {
      if (!(await findTenant({ tx: work.tx, tenantId }))) throw notFound('Store not found');
      const membership = await findMembership(work.tx, tenantId, actor.userId);
      const role = membership?.role ?? null;
      return fn({ ...work, tenantId, actor, role, permissions: effectivePermissions(role, membership?.permissions ?? [], actor.isOwner) });
    });
  }
  if (tenantId !== adminTenantId(req)) throw forbidden('This request names a different store.');
  // Non-members 404, staff 403, a suspended store only for its owners: as every store-admin route.
  return inTenant(req, 'manage', fn);
}

/**
 * Whether the caller manages this store's access (decision 030): a platform owner, or its owner or an
 * admin. Platform sales reach every store's Client Access, but without that standing they only request
 * invitations, never grant, approve or change anyone's access.
 */
export function canManage(ctx: TenantCtx): boolean {
  return ctx.actor.isOwner || (ctx.role !== null && STORE_MANAGER_ROLES.includes(ctx.role));
}

export function requireManager(ctx: TenantCtx): void {
  if (!canManage(ctx)) throw forbidden(ACCESS_TEXT.managersOnly);
}
