import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentTenantResponse, PLATFORM_NAME, tenantDomainListResponse } from '../../../shared/tenants';
import { requireOwner } from '../../http/guards';
import { mayPreview } from '../../http/opening-soon';
import { NO_PROMISES } from '../../../shared/store-promises';
import * as service from './service';

export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  const scopes = () => app.deps.scopes;

  // The SPA asks which store this host is; null means the platform's own site.
  // Before launch (issue 25) the answer depends on who asks: staff and preview-password holders see
  // the store, everyone else the "Opening soon" screen.
  app.get('/api/tenant/current', { schema: { response: { 200: currentTenantResponse } } }, async (req, reply) => {
    const t = req.tenant;
    if (!t) return { tenant: null, platform: { name: PLATFORM_NAME } };
    const openingSoon = !t.launched && !(await mayPreview(req, t));
    if (!t.launched) reply.header('cache-control', 'no-store');
    return {
      tenant: {
        id: t.id,
        name: t.name,
        slug: t.slug,
        domain: t.domain,
        details: t.details,
        // Nothing the store promises is shown before it opens, to anyone who cannot see it yet.
        promises: openingSoon ? NO_PROMISES : t.promises,
        launched: t.launched,
        opening_soon: openingSoon,
        preview_password: openingSoon && t.previewPassword !== null,
      },
      platform: { name: PLATFORM_NAME },
    };
  });

  app.get('/api/tenants/domains', { schema: { response: { 200: tenantDomainListResponse } } }, async (req) => {
    const owner = requireOwner(req);
    const port = /:(\d+)$/.exec(req.headers.host ?? '')?.[1] ?? '';
    return { domains: await service.listTenantDomains(scopes(), owner, { protocol: req.protocol, port }) };
  });
};
