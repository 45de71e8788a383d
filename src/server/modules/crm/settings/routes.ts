import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asMemberWith } from '../../../http/guards';
import { CRM_SETTINGS_API } from '../../../../shared/crm/routes';
import { crmSettingsResponse, saveCrmSettingsBody } from '../../../../shared/crm/settings';
import { getCrmSettings, saveCrmSettings } from './service';

/**
 * Settings > CRM (decision 044): the store's switch, project types and deposit status. A settings
 * screen, not a CRM one, so it stays reachable while the CRM is off (the CRM's own routes then 404).
 */
export const crmSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(CRM_SETTINGS_API, { schema: { response: { 200: crmSettingsResponse } } }, async (req) => ({
    settings: await asMemberWith(req, 'settings', (ctx) => getCrmSettings(ctx)),
  }));
  app.put(CRM_SETTINGS_API, { schema: { body: saveCrmSettingsBody, response: { 200: crmSettingsResponse } } }, async (req) => ({
    settings: await asMemberWith(req, 'settings', (ctx) => saveCrmSettings(ctx, req.body)),
  }));
};
