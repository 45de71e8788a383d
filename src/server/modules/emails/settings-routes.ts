import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { assertClientTenant, asMemberWith } from '../../http/guards';
import { notFound } from '../../http/errors';
import type { InScope, TenantCtx } from '../../http/context';
import { isUuid } from '../../../shared/ids';
import {
  createEmailDomainBody,
  emailDispatchBody,
  emailDispatchResponse,
  emailDomainListResponse,
  emailDomainResponse,
  emailTemplateBody,
  emailTemplateListResponse,
  emailTemplatePreviewResponse,
  emailTemplateResponse,
  idQuery,
} from '../../../shared/email-settings';
import * as domains from './domains/service';
import * as templates from './templates/service';
import { previewTemplate, sendTestEmail } from './dispatch';

/** `?id=` that cannot name a record: the same 404 as a missing or another store's one. */
function recordId(id: string, message: string): string {
  if (!isUuid(id)) throw notFound(message);
  return id;
}

const manager = (req: FastifyRequest): InScope<TenantCtx> => (fn) => asMemberWith(req, 'settings', fn);

/**
 * Settings > Email (admin spec §7): sending domains, templates and the test send, at the spec's call
 * paths. Store managers only: staff 403, visitors 401, another store's records the same 404 as
 * missing ones. A tenant_id in a body never chooses the store (decision 003); one naming another store
 * is refused with 403.
 */
export const emailSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const domainDeps = () => ({ resolver: app.deps.dns, spfInclude: app.deps.config.emailSpfInclude });

  app.get('/api/functions/v1/email-domains', { schema: { response: { 200: emailDomainListResponse } } }, async (req) =>
    asMemberWith(req, 'settings', async (ctx) => ({ domains: await domains.listDomains(ctx) })),
  );

  app.post('/api/functions/v1/email-domains', { schema: { body: createEmailDomainBody, response: { 201: emailDomainResponse } } }, async (req, reply) => {
    const domain = await domains.createDomain(manager(req), domainDeps(), req.body);
    return reply.status(201).send({ domain });
  });

  app.put('/api/functions/v1/email-domains', { schema: { querystring: idQuery, response: { 200: emailDomainResponse } } }, async (req) => ({
    domain: await domains.verifyDomain(manager(req), domainDeps(), recordId(req.query.id, 'Email domain not found')),
  }));

  app.delete('/api/functions/v1/email-domains', { schema: { querystring: idQuery } }, async (req, reply) => {
    const id = recordId(req.query.id, 'Email domain not found');
    await asMemberWith(req, 'settings', (ctx) => domains.removeDomain(ctx, id));
    return reply.status(204).send();
  });

  app.get('/api/functions/v1/email-templates', { schema: { response: { 200: emailTemplateListResponse } } }, async (req) =>
    asMemberWith(req, 'settings', async (ctx) => ({ templates: await templates.listTemplates(ctx) })),
  );

  app.post('/api/functions/v1/email-templates', { schema: { body: emailTemplateBody, response: { 201: emailTemplateResponse } } }, async (req, reply) => {
    const template = await asMemberWith(req, 'settings', (ctx) => templates.createTemplate(ctx, req.body));
    return reply.status(201).send({ template });
  });

  app.put('/api/functions/v1/email-templates', { schema: { querystring: idQuery, body: emailTemplateBody, response: { 200: emailTemplateResponse } } }, async (req) => {
    const id = recordId(req.query.id, 'Email template not found');
    return { template: await asMemberWith(req, 'settings', (ctx) => templates.updateTemplate(ctx, id, req.body)) };
  });

  app.post('/api/functions/v1/email-templates/preview', { schema: { body: emailTemplateBody, response: { 200: emailTemplatePreviewResponse } } }, async (req) =>
    asMemberWith(req, 'settings', (ctx) => previewTemplate(ctx, req.body, `${req.protocol}://${req.headers.host}`)),
  );

  app.post('/api/functions/v1/email-dispatch', { schema: { body: emailDispatchBody, response: { 200: emailDispatchResponse } } }, async (req) =>
    asMemberWith(req, 'settings', (ctx) => {
      assertClientTenant(ctx, req.body.tenant_id);
      return sendTestEmail(ctx, app.deps.email, req.body, `${req.protocol}://${req.headers.host}`);
    }),
  );
};
