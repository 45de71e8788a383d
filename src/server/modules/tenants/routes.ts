import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentTenantResponse, PLATFORM_NAME, tenantDomainListResponse } from '../../../shared/tenants';
import { requireOwner } from '../../http/guards';
import * as service from './service';

export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  const scopes = () => app.deps.scopes;

  // The SPA asks which store this host is; null means the platform's own site.
  app.get('/api/tenant/current', { schema: { response: { 200: currentTenantResponse } } }, async (req) => ({
    tenant: req.tenant ? { id: req.tenant.id, name: req.tenant.name, slug: req.tenant.slug, domain: req.tenant.domain, details: req.tenant.details } : null,
    platform: { name: PLATFORM_NAME },
  }));

  app.get('/api/tenants/domains', { schema: { response: { 200: tenantDomainListResponse } } }, async (req) => {
    const owner = requireOwner(req);
    const port = /:(\d+)$/.exec(req.headers.host ?? '')?.[1] ?? '';
    return { domains: await service.listTenantDomains(scopes(), owner, { protocol: req.protocol, port }) };
  });
};
