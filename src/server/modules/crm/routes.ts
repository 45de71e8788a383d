import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crmContextResponse } from '../../../shared/crm/context';
import { CRM_API } from '../../../shared/crm/routes';
import { inCrm } from '../../http/guards';
import { tenantName } from '../tenants';
import { leadRoutes } from './leads/routes';
import { quoteRoutes } from './quotes/routes';
import { crmSettingsRoutes } from './settings/routes';
import { storeCrmBook } from './settings/service';

/** Every signed-in CRM route (decision 027): the scope comes from inCrm, never from the client. */
export const crmRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(CRM_API.context, { schema: { response: { 200: crmContextResponse } } }, async (req) =>
    inCrm(req, async (ctx) => {
      const name = ctx.tenantId ? await tenantName({ tx: ctx.tx, tenantId: ctx.tenantId }) : null;
      const book = ctx.tenantId ? await storeCrmBook(ctx.tx, ctx.tenantId) : null;
      return {
        scope: ctx.tenantId ? ('tenant' as const) : ('platform' as const),
        tenant: ctx.tenantId && name ? { id: ctx.tenantId, name } : null,
        // Client Access: the platform's sales team for every store; in a store, its owners and admins.
        can_manage_access: ctx.tenantId === null || ctx.actor.isOwner || ctx.role === 'owner' || ctx.role === 'admin',
        bark_sheet_url: app.deps.config.crm.barkSheetUrl,
        // The platform's book is the spec's web-agency kit; a store's is its own (decision 044).
        kit: book ? book.kit : ('agency' as const),
        project_types: book?.projectTypes ?? [],
      };
    }),
  );
  await app.register(leadRoutes);
  await app.register(quoteRoutes);
  await app.register(crmSettingsRoutes);
};
