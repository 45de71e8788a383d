import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminTenantId, asStoreManager, requireActor } from '../../../http/guards';
import { notFound } from '../../../http/errors';
import { adminContextResponse, type AdminContextResponse } from '../../../../shared/tenants';
import { teamMemberListResponse, teamMemberResponse } from '../../../../shared/members';
import { adminContext } from './service';
import * as repo from './repo';
import { uuidParams } from '../../../http/params';

const iso = (d: Date | string) => new Date(d).toISOString();

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // What the admin guard needs: the tenant being managed (host or chosen), the role there, owner flag.
  app.get('/api/admin/context', { schema: { response: { 200: adminContextResponse } } }, async (req): Promise<AdminContextResponse> => adminContext(app.deps.scopes, requireActor(req), adminTenantId(req), req.tenant));

  app.get('/api/admin/members', { schema: { response: { 200: teamMemberListResponse } } }, async (req) =>
    asStoreManager(req, async (ctx) => ({
      members: (await repo.listMembers(ctx)).map((m) => ({ ...m, created_at: iso(m.created_at) })),
    })),
  );

  app.get('/api/admin/members/:userId', { schema: { params: uuidParams('userId', 'Member not found'), response: { 200: teamMemberResponse } } }, async (req) =>
    asStoreManager(req, async (ctx) => {
      if (!z.uuid().safeParse(req.params.userId).success) throw notFound('Member not found');
      const member = await repo.findMember(ctx, req.params.userId);
      if (!member) throw notFound('Member not found');
      return { member: { ...member, created_at: iso(member.created_at) } };
    }),
  );
};
