import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './http/context';
import './http/context';
import { registerErrorHandler } from './http/errors';
import { registerInputGuard } from './http/input-guard';
import { checkOrigin } from './http/origin';
import { registerWebApp } from './http/spa';
import { registerSecurityHeaders } from './http/security-headers';
import { loadActor } from './modules/auth/service';
import { sessionToken } from './modules/auth/cookies';
import { authRoutes } from './modules/auth/routes';
import { tenantRoutes } from './modules/tenants/routes';
import { adminRoutes } from './modules/admin/routes';
import { adminCategoryRoutes } from './modules/admin-categories/routes';
import { adminProductRoutes } from './modules/admin-products/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { cartRoutes } from './modules/cart/routes';
import { orderRoutes } from './modules/orders/routes';
import { adminEmailRoutes } from './modules/admin-emails/routes';
import { stockRoutes } from './modules/stock/routes';
import { aiRoutes } from './modules/ai/routes';
import { adminOrderRoutes } from './modules/admin-orders/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { registerTestGatewayRoutes } from './adapters/payments/provider';
import { fileRoutes } from './adapters/storage/routes';
import { mediaRoutes } from './modules/media/routes';
import { renderPageHead, seoRoutes } from './modules/seo/routes';
import { CATALOGUE_PAGE_ROUTES } from './modules/seo/seo-service';

export interface BuildOptions {
  /** Folder of the built web app; omitted in API tests. */
  webDir?: string;
  logger?: boolean | { level: string };
  /** Sees every route as it is registered (the input fuzz test walks them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the Fastify app around already-opened dependencies (database, config, secrets). */
export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  // Every instance hears every committed catalogue write (its own and other instances'), until it closes.
  app.addHook('onClose', await deps.catalogueCache.follow(deps.scopes, app.log));
  subscribeToDomainEvents(app, deps);
  app.decorateRequest('tenant', null);
  app.decorateRequest('actor', null);
  registerErrorHandler(app);
  registerInputGuard(app);
  // JSON only: a plain-text body is refused with 415 (also closes the "simple request" CSRF route).
  app.removeContentTypeParser('text/plain');

  await app.register(fastifyCookie, { secret: deps.secrets.cookieSecret });
  registerSecurityHeaders(app);

  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/assets/') || req.url === '/healthz') return;
    checkOrigin(req);
    req.tenant = await deps.tenants.resolve(req.headers.host);
    const token = sessionToken(req);
    if (token && req.url.startsWith('/api/') && !req.routeOptions.config.anonymous) req.actor = await loadActor({ scopes: deps.scopes, config: deps.config }, token);
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(authRoutes);
  await app.register(tenantRoutes);
  await app.register(adminRoutes);
  await app.register(adminCategoryRoutes);
  await app.register(adminProductRoutes);
  await app.register(catalogRoutes);
  await app.register(cartRoutes);
  await app.register(orderRoutes);
  await app.register(adminEmailRoutes);
  await app.register(stockRoutes);
  await app.register(mediaRoutes);
  await app.register(aiRoutes);
  await app.register(adminOrderRoutes);
  await app.register(dashboardRoutes);
  await registerTestGatewayRoutes(app, deps.payments);
  await app.register(fileRoutes);
  await app.register(seoRoutes);
  await registerWebApp(app, opts.webDir, renderPageHead, CATALOGUE_PAGE_ROUTES);
  return app;
}

/**
 * What follows a committed change, in one place (DESIGN rule 10): services emit domain events on their
 * unit of work and never call these by hand. Mail needs no subscriber: the sender registers its own
 * delivery on the unit of work when the message is recorded.
 */
function subscribeToDomainEvents(app: FastifyInstance, deps: AppDeps): void {
  const { events } = deps.scopes;
  const off = [
    // This instance's own next read is fresh at once; the database's notification (which arrives after
    // the answer) tells the other instances.
    events.on('catalogue.changed', (e) => deps.catalogueCache.invalidate(e.tenantId)),
    // A paid order took stock: the storefront's cached "In Stock" answers must not outlive it.
    events.on('order.paid', (e) => deps.catalogueCache.invalidate(e.tenantId)),
  ];
  app.addHook('onClose', async () => off.forEach((unsubscribe) => unsubscribe()));
}
