import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { asStoreManager } from '../../http/guards';
import { AppError, notFound } from '../../http/errors';
import { clientAddressKey } from '../../http/client-address';
import { PREVIEW_COOKIE, PREVIEW_COOKIE_SECONDS, previewToken } from '../../http/opening-soon';
import { spendStoreAllowance } from '../limits';
import { domainsOf } from '../tenants';
import type { TenantCtx } from '../../http/context';
import { previewPasswordBody, setupResponse, SETUP_TEXT, storePreviewBody } from '../../../shared/store-setup';
import * as service from './service';
import { checkSubdomain, openShop, type NewShopDeps } from './new-shop';
import { requireActor } from '../../http/guards';
import { createShopBody, createShopResponse, subdomainCheckResponse, subdomainQuery } from '../../../shared/shops';

/** Tries at the preview password per address and store: enough for typos, too few to guess. */
const PREVIEW_LIMIT = { bucket: 'store_preview', max: 10, windowMs: 15 * 60_000, message: 'Too many tries. Please wait a few minutes and try again.' };

/** The store's own address: the host it was asked on, else its primary domain on this server's port. */
async function storeUrl(req: FastifyRequest, ctx: TenantCtx): Promise<string> {
  if (req.tenant) return `${req.protocol}://${req.headers.host ?? req.tenant.domain}`;
  const port = /:(\d+)$/.exec(req.headers.host ?? '')?.[1];
  const primary = (await domainsOf(ctx))[0]?.domain ?? '';
  return `${req.protocol}://${primary}${port ? `:${port}` : ''}`;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The set-up checklist and launch (admin, store managers: owner and admin members, platform owners),
 * and the storefront's preview password (anyone on an unlaunched store's host).
 */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const run = <T>(req: FastifyRequest, fn: (ctx: TenantCtx, deps: service.SetupDeps) => Promise<T>) =>
    asStoreManager(req, async (ctx) => fn(ctx, { paymentProvider: app.deps.payments.name, storeUrl: await storeUrl(req, ctx) }));

  app.get('/api/admin/setup', { schema: { response: { 200: setupResponse } } }, async (req) => run(req, (ctx, deps) => service.setupState(ctx, deps)));
  app.post('/api/admin/setup/launch', { schema: { response: { 200: setupResponse } } }, async (req) => run(req, (ctx, deps) => service.launch(ctx, deps)));
  app.post('/api/admin/setup/unlaunch', { schema: { response: { 200: setupResponse } } }, async (req) => run(req, (ctx, deps) => service.unlaunch(ctx, deps)));
  app.post('/api/admin/setup/confirm-delivery', { schema: { response: { 200: setupResponse } } }, async (req) => run(req, (ctx, deps) => service.confirmDelivery(ctx, deps)));
  app.put('/api/admin/setup/preview-password', { schema: { body: previewPasswordBody, response: { 200: setupResponse } } }, async (req) =>
    run(req, (ctx, deps) => service.setPreviewPassword(ctx, deps, req.body.password)),
  );

  // Shops opened by merchants themselves (issue 25 item 3): on the platform's host only.
  const shops = (req: FastifyRequest): NewShopDeps => {
    if (req.tenant) throw notFound('Not found');
    return {
      scopes: app.deps.scopes,
      platformHost: app.deps.config.platformHost,
      selfServiceShops: app.deps.config.selfServiceShops,
      mail: app.deps.email,
      secret: app.deps.secrets.cookieSecret,
      origin: `${req.protocol}://${req.headers.host ?? app.deps.config.platformHost}`,
    };
  };
  app.get('/api/shops/subdomain', { schema: { querystring: subdomainQuery, response: { 200: subdomainCheckResponse } } }, async (req) =>
    checkSubdomain(shops(req), requireActor(req), req.query.subdomain),
  );
  app.post('/api/shops', { schema: { body: createShopBody, response: { 201: createShopResponse } } }, async (req, reply) => {
    const created = await openShop(shops(req), requireActor(req), clientAddressKey(req.ip), req.body);
    return reply.status(201).send(created);
  });

  // The "Opening soon" page's password box. Every try counts (in its own transaction, so a wrong one
  // is counted too); the answer is a cookie bound to this store and this password.
  app.post('/api/store-preview', { config: { anonymous: true }, schema: { body: storePreviewBody } }, async (req, reply) => {
    const tenant = req.tenant;
    if (!tenant) throw notFound('Store not found');
    if (tenant.launched) return reply.status(204).send();
    await app.deps.scopes.run({ tenantId: tenant.id, userId: null }, ({ tx }) => spendStoreAllowance(tx, tenant.id, PREVIEW_LIMIT, clientAddressKey(req.ip)));
    if (!tenant.previewPassword) throw new AppError(403, 'forbidden', SETUP_TEXT.previewNone);
    if (!sameText(req.body.password.trim(), tenant.previewPassword)) throw new AppError(401, 'invalid_credentials', SETUP_TEXT.previewWrong, { password: SETUP_TEXT.previewWrong });
    reply.setCookie(PREVIEW_COOKIE, previewToken(app.deps.secrets.cookieSecret, tenant.id, tenant.previewPassword), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: req.protocol === 'https',
      maxAge: PREVIEW_COOKIE_SECONDS,
    });
    return reply.status(204).send();
  });
};
