import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asMemberWith } from '../../http/guards';
import { LEGAL_PAGE_KINDS } from '../../../shared/store-promises';
import { legalPageCreatedResponse, policiesResponse, updatePoliciesBody } from '../../../shared/store-policies';
import * as policies from './service';

const legalPageParams = z.strictObject({ kind: z.enum(LEGAL_PAGE_KINDS, { error: 'Choose terms, privacy, returns or delivery' }) });

/** Settings > Policies (issue 25): the same people as Store Info (owner and admin members, platform owners). */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/settings/policies', { schema: { response: { 200: policiesResponse } } }, async (req) => asMemberWith(req, 'settings', (ctx) => policies.getPolicies(ctx)));

  app.put('/api/admin/settings/policies', { schema: { body: updatePoliciesBody, response: { 200: policiesResponse } } }, async (req) =>
    asMemberWith(req, 'settings', (ctx) => policies.updatePolicies(ctx, req.body)),
  );

  app.post('/api/admin/settings/legal-pages/:kind', { schema: { params: legalPageParams, response: { 201: legalPageCreatedResponse } } }, async (req, reply) => {
    const page = await asMemberWith(req, 'settings', (ctx) => policies.createLegalPage(ctx, req.params.kind));
    return reply.status(201).send({ page });
  });
};
