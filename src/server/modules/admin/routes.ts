import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminTenantId, asStoreManager, requireActor } from '../../http/guards';
import { notFound } from '../../http/errors';
import { findRole } from '../auth/repo';
import { findTenant } from '../tenants/repo';
import type { AdminContextResponse } from '../../../shared/tenants';
import * as repo from './repo';

const iso = (d: Date | string) => new Date(d).toISOString();

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // What the admin guard needs: the tenant being managed (host or chosen), the role there, owner flag.
  app.get('/api/admin/context', async (req): Promise<AdminContextResponse> => {
    const actor = requireActor(req);
    const tenantId = adminTenantId(req);
    if (!tenantId) return { tenant: null, role: null, isOwner: actor.isOwner };
    return app.deps.scopes.run({ tenantId, userId: actor.userId }, async ({ tx }) => {
      const role = await findRole(tx, tenantId, actor.userId);
      // A stale choice on the platform host (membership removed) falls back to no tenant.
      if (!req.tenant && !role) return { tenant: null, role: null, isOwner: actor.isOwner };
      const tenant = req.tenant ?? (await findTenant(tx, tenantId));
      return { tenant, role, isOwner: actor.isOwner };
    });
  });

  app.get('/api/admin/members', async (req) =>
    asStoreManager(req, async (ctx) => ({
      members: (await repo.listMembers(ctx)).map((m) => ({ ...m, created_at: iso(m.created_at) })),
    })),
  );

  app.get('/api/admin/members/:userId', { schema: { params: z.strictObject({ userId: z.string().max(64) }) } }, async (req) =>
    asStoreManager(req, async (ctx) => {
      if (!z.uuid().safeParse(req.params.userId).success) throw notFound('Member not found');
      const member = await repo.findMember(ctx, req.params.userId);
      if (!member) throw notFound('Member not found');
      return { member: { ...member, created_at: iso(member.created_at) } };
    }),
  );
};
