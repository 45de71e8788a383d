import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asMemberWith } from '../../../http/guards';
import { settingsResponse, updateSettingsBody, updateSettingsResponse } from '../../../../shared/store-settings';
import * as service from './service';

/**
 * Settings > Store Info (admin spec §7): owner and admin members and platform owners; staff get 403,
 * another store's members the same 404 as a store that does not exist, nobody signed in 401.
 */
export const storeSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/settings', { schema: { response: { 200: settingsResponse } } }, async (req) => asMemberWith(req, 'settings', (ctx) => service.getSettings(ctx)));

  app.put('/api/admin/settings', { schema: { body: updateSettingsBody, response: { 200: updateSettingsResponse } } }, async (req) => ({
    settings: await asMemberWith(req, 'settings', (ctx) => service.updateSettings(ctx, req.body)),
  }));
};
