import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminTenantId, asStoreManager, requireActor } from '../../../http/guards';
import { conflict, notFound } from '../../../http/errors';
import { adminContextResponse, type AdminContextResponse } from '../../../../shared/tenants';
import { MEMBERS_TEXT, memberPermissionsBody, teamMemberListResponse, teamMemberResponse } from '../../../../shared/members';
import { effectivePermissions } from '../../../../shared/roles';
import { adminContext } from './service';
import * as repo from './repo';
import { uuidParams } from '../../../http/params';

const iso = (d: Date | string) => new Date(d).toISOString();
const memberParams = uuidParams('userId', MEMBERS_TEXT.memberNotFound);

/** A member as the team page shows them: what they may do in full (owners and admins: everything). */
const toTeamMember = (m: Awaited<ReturnType<typeof repo.listMembers>>[number]) => ({
  ...m,
  permissions: effectivePermissions(m.role, m.permissions, false),
  created_at: iso(m.created_at),
});

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // What the admin guard needs: the tenant being managed (host or chosen), the role there, owner flag.
  app.get('/api/admin/context', { schema: { response: { 200: adminContextResponse } } }, async (req): Promise<AdminContextResponse> => adminContext(app.deps.scopes, requireActor(req), adminTenantId(req), req.tenant, app.deps.config.supportEmail));

  app.get('/api/admin/members', { schema: { response: { 200: teamMemberListResponse } } }, async (req) =>
    asStoreManager(req, async (ctx) => ({ members: (await repo.listMembers(ctx)).map(toTeamMember) })),
  );

  app.get('/api/admin/members/:userId', { schema: { params: memberParams, response: { 200: teamMemberResponse } } }, async (req) =>
    asStoreManager(req, async (ctx) => {
      const member = await repo.findMember(ctx, req.params.userId);
      if (!member) throw notFound(MEMBERS_TEXT.memberNotFound);
      return { member: toTeamMember(member) };
    }),
  );

  // A staff member's permissions (issue 27): owners and admins choose them; an owner or admin has them all.
  app.put('/api/admin/members/:userId/permissions', { schema: { params: memberParams, body: memberPermissionsBody, response: { 200: teamMemberResponse } } }, async (req) =>
    asStoreManager(req, async (ctx) => {
      const member = await repo.findMember(ctx, req.params.userId);
      if (!member) throw notFound(MEMBERS_TEXT.memberNotFound);
      if (member.role !== 'staff') throw conflict('not_staff', MEMBERS_TEXT.notStaff);
      await repo.setPermissions(ctx, member.user_id, req.body.permissions);
      return { member: toTeamMember({ ...member, permissions: req.body.permissions }) };
    }),
  );
};
