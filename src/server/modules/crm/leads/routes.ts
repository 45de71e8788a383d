import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCrm } from '../../../http/guards';
import { uuidParams } from '../../../http/params';
import { CRM_API } from '../../../../shared/crm/routes';
import { createLeadBody, leadListResponse, leadResponse, leadStatusBody, updateLeadBody } from '../../../../shared/crm/leads';
import * as service from './service';
import { LEAD_NOT_FOUND } from './service';
import { leadEventRoutes } from './events-route';
import { barkImportRoutes } from './bark-routes';

const idParam = uuidParams('id', LEAD_NOT_FOUND);

/**
 * Leads: list, create, update, status (admin spec §7 "CRM"), in the book inCrm chose (decision 027).
 * Another book's lead answers the same 404 as a missing one; row-level security stands behind that.
 */
export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(CRM_API.leads, { schema: { response: { 200: leadListResponse } } }, async (req) => ({
    leads: await inCrm(req, (ctx) => service.listLeads(ctx)),
  }));

  app.post(CRM_API.leads, { schema: { body: createLeadBody, response: { 201: leadResponse } } }, async (req, reply) => {
    const lead = await inCrm(req, (ctx) => service.createLead(ctx, req.body));
    return reply.status(201).send({ lead });
  });

  app.put(CRM_API.lead(':id'), { schema: { params: idParam, body: updateLeadBody, response: { 200: leadResponse } } }, async (req) => ({
    lead: await inCrm(req, (ctx) => service.updateLead(ctx, req.params.id, req.body)),
  }));

  app.patch(CRM_API.leadStatus(':id'), { schema: { params: idParam, body: leadStatusBody, response: { 200: leadResponse } } }, async (req) => ({
    lead: await inCrm(req, (ctx) => service.setLeadStatus(ctx, req.params.id, req.body.status)),
  }));

  await app.register(leadEventRoutes);
  await app.register(barkImportRoutes);
};
