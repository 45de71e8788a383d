import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addDomainBody, createTenantBody, storeDomainsResponse, tenantListResponse, tenantResponse, tenantStatusResponse } from '../../../shared/tenants';
import { requireOwner } from '../../http/guards';
import { uuidParams } from '../../http/params';
import * as service from './service';

const storeParams = uuidParams('id', 'Store not found');
const domainParams = uuidParams(['id', 'domainId'], 'Domain not found');

/** The platform owner's console: every store, its domains, and whether it is open. */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const scopes = () => app.deps.scopes;
  // Host answers are cached per instance; a change made here is live at once on this one.
  const hostsChanged = () => app.deps.tenants.invalidate();

  app.get('/api/tenants', { schema: { response: { 200: tenantListResponse } } }, async (req) => ({ tenants: await service.listTenants(scopes(), requireOwner(req)) }));

  app.post('/api/tenants', { schema: { body: createTenantBody, response: { 201: tenantResponse } } }, async (req, reply) => {
    const tenant = await service.createTenant(scopes(), requireOwner(req), req.body);
    hostsChanged();
    return reply.status(201).send({ tenant });
  });

  app.post('/api/tenants/:id/suspend', { schema: { params: storeParams, response: { 200: tenantStatusResponse } } }, async (req) => {
    const result = await service.setSuspended(scopes(), requireOwner(req), req.params.id, true);
    hostsChanged();
    return result;
  });

  app.post('/api/tenants/:id/reactivate', { schema: { params: storeParams, response: { 200: tenantStatusResponse } } }, async (req) => {
    const result = await service.setSuspended(scopes(), requireOwner(req), req.params.id, false);
    hostsChanged();
    return result;
  });

  app.get('/api/tenants/:id/domains', { schema: { params: storeParams, response: { 200: storeDomainsResponse } } }, async (req) => ({
    domains: await service.listDomains(scopes(), requireOwner(req), req.params.id),
  }));

  app.post('/api/tenants/:id/domains', { schema: { params: storeParams, body: addDomainBody, response: { 201: storeDomainsResponse } } }, async (req, reply) => {
    const domains = await service.addDomain(scopes(), requireOwner(req), req.params.id, req.body.domain, app.deps.config.platformHost);
    hostsChanged();
    return reply.status(201).send({ domains });
  });

  app.post('/api/tenants/:id/domains/:domainId/primary', { schema: { params: domainParams, response: { 200: storeDomainsResponse } } }, async (req) => {
    const domains = await service.makePrimary(scopes(), requireOwner(req), req.params.id, req.params.domainId);
    hostsChanged();
    return { domains };
  });

  app.delete('/api/tenants/:id/domains/:domainId', { schema: { params: domainParams, response: { 200: storeDomainsResponse } } }, async (req) => {
    const domains = await service.removeDomain(scopes(), requireOwner(req), req.params.id, req.params.domainId);
    hostsChanged();
    return { domains };
  });
};
