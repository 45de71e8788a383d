import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  acceptInvitationBody,
  acceptInvitationResponse,
  ACCESS_TEXT,
  changeRoleBody,
  invitationPreviewResponse,
  invitationsQuery,
  invitationsResponse,
  inviteApprovalBody,
  inviteBody,
  inviteResponse,
  okResponse,
  removeAccessBody,
} from '../../../../shared/crm/access';
import { CRM_API } from '../../../../shared/crm/routes';
import { isUuid } from '../../../../shared/ids';
import { notFound } from '../../../http/errors';
import { clientMeta, rememberDevice, setSessionCookie } from '../auth/cookies';
import { inAccessScope } from './scope';
import * as service from './service';
import * as invitations from './accept';

/** The store's own address as this caller reaches hosts: same scheme, same port (local hosts keep :3000). */
function originFor(req: FastifyRequest): service.OriginFor {
  const port = /:(\d+)$/.exec(req.headers.host ?? '')?.[1];
  // A store without a primary domain (not normally possible) is linked through the caller's host.
  return (domain) => (domain ? `${req.protocol}://${domain}${port ? `:${port}` : ''}` : `${req.protocol}://${req.headers.host}`);
}

/** Ids in bodies are checked before they reach SQL: a malformed one is simply not found. */
function uuidOr404(id: string, what: string): string {
  if (!isUuid(id)) throw notFound(`${what} not found`);
  return id;
}

const tokenParams = z.object({ token: z.string().max(200) });

/** Client Access: members and invitations per store, and accepting a magic link (issue 16). */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ scopes: app.deps.scopes, config: app.deps.config });

  app.get(CRM_API.invitations, { schema: { querystring: invitationsQuery, response: { 200: invitationsResponse } } }, async (req) =>
    inAccessScope(req, req.query.tenantId, (ctx) => service.listAccess(ctx)),
  );

  app.post(CRM_API.invitations, { schema: { body: inviteBody, response: { 200: inviteResponse, 201: inviteResponse, 202: inviteResponse } } }, async (req, reply) => {
    const { tenantId, inviteId, ...rest } = req.body;
    const body = { ...rest, inviteId: inviteId === undefined ? undefined : uuidOr404(inviteId, 'Invite') };
    const answer = await inAccessScope(req, tenantId, (ctx) => service.invite(ctx, app.deps.email, originFor(req), body));
    // 202: a platform sales request, accepted for the store's approval; nothing was sent yet.
    const status = answer.invite.status === 'awaiting_approval' ? 202 : body.resend ? 200 : 201;
    return reply.status(status).send(answer);
  });

  app.post(CRM_API.invitationApproval, { schema: { body: inviteApprovalBody, response: { 200: inviteResponse } } }, async (req) => {
    const inviteId = uuidOr404(req.body.inviteId, 'Invite');
    return inAccessScope(req, req.body.tenantId, (ctx) =>
      req.body.decision === 'approve' ? service.approve(ctx, app.deps.email, originFor(req), inviteId) : service.decline(ctx, inviteId),
    );
  });

  app.delete(CRM_API.invitations, { schema: { body: removeAccessBody, response: { 200: okResponse } } }, async (req) => {
    const body = req.body;
    await inAccessScope(req, body.tenantId, (ctx) =>
      'inviteId' in body ? service.revoke(ctx, uuidOr404(body.inviteId, 'Invite')) : service.removeMember(ctx, uuidOr404(body.userId, 'Member')),
    );
    return { ok: true as const };
  });

  app.patch(CRM_API.invitations, { schema: { body: changeRoleBody, response: { 200: okResponse } } }, async (req) => {
    await inAccessScope(req, req.body.tenantId, (ctx) => service.changeRole(ctx, uuidOr404(req.body.userId, 'Member'), req.body.role));
    return { ok: true as const };
  });

  // Accepting happens on the store's own host: the link names no store, the host does.
  app.get('/api/invitations/:token', { schema: { params: tokenParams, response: { 200: invitationPreviewResponse } } }, async (req) => {
    if (!req.tenant) throw notFound(ACCESS_TEXT.inviteInvalid);
    return invitations.preview(deps(), req.tenant, req.params.token);
  });

  app.post(CRM_API.acceptInvitation, { schema: { body: acceptInvitationBody, response: { 200: acceptInvitationResponse } } }, async (req, reply) => {
    if (!req.tenant) throw notFound(ACCESS_TEXT.inviteInvalid);
    const accepted = await invitations.accept(deps(), req.tenant, req.actor, req.body, clientMeta(req));
    if (accepted.sessionToken) {
      setSessionCookie(req, reply, accepted.sessionToken);
      rememberDevice(req, reply, accepted.email);
    }
    return { tenant_id: accepted.tenant_id, role: accepted.role };
  });
};
