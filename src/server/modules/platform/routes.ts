import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addDomainBody, createTenantBody, storeDomainsResponse, tenantListResponse, suspendBody, tenantResponse, tenantStatusResponse } from '../../../shared/tenants';
import type { FastifyRequest } from 'fastify';
import { requireActor, requireOwner } from '../../http/guards';
import { forbidden } from '../../http/errors';
import { uuidParams } from '../../http/params';
import * as service from './service';

const storeParams = uuidParams('id', 'Store not found');
const domainParams = uuidParams(['id', 'domainId'], 'Domain not found');

/** Platform owners, and the provider's sales team (users.is_platform_sales). */
function requireSales(req: FastifyRequest) {
  const actor = requireActor(req);
  if (!actor.isSales) throw forbidden('Only the platform team can do this.');
  return actor;
}

/** The platform owner's console: every store, its domains, and whether it is open. */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const scopes = () => app.deps.scopes;
  // Host answers are cached per instance: the services emit store.changed, so a change made here is
  // live at once on this instance (app.ts) and, through the database, on the others.

  // The list is also the store picker of the CRM's Client Access, for platform sales (decision 027);
  // a store's own owner or admin manages only the store in scope and needs no list.
  app.get('/api/tenants', { schema: { response: { 200: tenantListResponse } } }, async (req) => ({ tenants: await service.listTenants(scopes(), requireSales(req)) }));

  app.post('/api/tenants', { schema: { body: createTenantBody, response: { 201: tenantResponse } } }, async (req, reply) => {
    const tenant = await service.createTenant(scopes(), requireOwner(req), req.body);
    return reply.status(201).send({ tenant });
  });

  app.post('/api/tenants/:id/suspend', { schema: { params: storeParams, body: suspendBody, response: { 200: tenantStatusResponse } } }, async (req) =>
    service.setSuspended(scopes(), requireOwner(req), req.params.id, req.body.reason),
  );

  app.post('/api/tenants/:id/reactivate', { schema: { params: storeParams, response: { 200: tenantStatusResponse } } }, async (req) =>
    service.setSuspended(scopes(), requireOwner(req), req.params.id, null),
  );

  app.get('/api/tenants/:id/domains', { schema: { params: storeParams, response: { 200: storeDomainsResponse } } }, async (req) => ({
    domains: await service.listDomains(scopes(), requireOwner(req), req.params.id),
  }));

  app.post('/api/tenants/:id/domains', { schema: { params: storeParams, body: addDomainBody, response: { 201: storeDomainsResponse } } }, async (req, reply) => {
    const domains = await service.addDomain(scopes(), requireOwner(req), req.params.id, req.body.domain, app.deps.config.platformHost);
    return reply.status(201).send({ domains });
  });

  app.post('/api/tenants/:id/domains/:domainId/primary', { schema: { params: domainParams, response: { 200: storeDomainsResponse } } }, async (req) => {
    const domains = await service.makePrimary(scopes(), requireOwner(req), req.params.id, req.params.domainId);
    return { domains };
  });

  app.delete('/api/tenants/:id/domains/:domainId', { schema: { params: domainParams, response: { 200: storeDomainsResponse } } }, async (req) => {
    const domains = await service.removeDomain(scopes(), requireOwner(req), req.params.id, req.params.domainId);
    return { domains };
  });
};
