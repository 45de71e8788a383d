import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asStoreManager } from '../../../http/guards';
import { settingsResponse, updateSettingsBody, updateSettingsResponse } from '../../../../shared/store-settings';
import { z } from 'zod';
import { LEGAL_PAGE_KINDS } from '../../../../shared/store-promises';
import { legalPageCreatedResponse, policiesResponse, updatePoliciesBody } from '../../../../shared/store-policies';
import * as service from './service';
import * as policies from './policies';

const legalPageParams = z.strictObject({ kind: z.enum(LEGAL_PAGE_KINDS, { error: 'Choose terms, privacy, returns or delivery' }) });

/**
 * Settings > Store Info (admin spec §7): owner and admin members and platform owners; staff get 403,
 * another store's members the same 404 as a store that does not exist, nobody signed in 401.
 */
export const storeSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/settings', { schema: { response: { 200: settingsResponse } } }, async (req) => asStoreManager(req, (ctx) => service.getSettings(ctx)));

  app.put('/api/admin/settings', { schema: { body: updateSettingsBody, response: { 200: updateSettingsResponse } } }, async (req) => ({
    settings: await asStoreManager(req, (ctx) => service.updateSettings(ctx, req.body)),
  }));

  // Settings > Policies (issue 25): the same people as Store Info.
  app.get('/api/admin/settings/policies', { schema: { response: { 200: policiesResponse } } }, async (req) => asStoreManager(req, (ctx) => policies.getPolicies(ctx)));

  app.put('/api/admin/settings/policies', { schema: { body: updatePoliciesBody, response: { 200: policiesResponse } } }, async (req) =>
    asStoreManager(req, (ctx) => policies.updatePolicies(ctx, req.body)),
  );

  app.post('/api/admin/settings/legal-pages/:kind', { schema: { params: legalPageParams, response: { 201: legalPageCreatedResponse } } }, async (req, reply) => {
    const page = await asStoreManager(req, (ctx) => policies.createLegalPage(ctx, req.params.kind));
    return reply.status(201).send({ page });
  });
};
