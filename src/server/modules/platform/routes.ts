import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTenantBody, tenantListResponse, tenantResponse } from '../../../shared/tenants';
import { requireOwner } from '../../http/guards';
import * as service from './service';

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const scopes = () => app.deps.scopes;

  app.get('/api/tenants', { schema: { response: { 200: tenantListResponse } } }, async (req) => ({ tenants: await service.listTenants(scopes(), requireOwner(req)) }));

  app.post('/api/tenants', { schema: { body: createTenantBody, response: { 201: tenantResponse } } }, async (req, reply) => {
    const tenant = await service.createTenant(scopes(), requireOwner(req), req.body);
    app.deps.tenants.invalidate();
    return reply.status(201).send({ tenant });
  });
};
