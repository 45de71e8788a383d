import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findRole, loadActor, sessionToken } from '../modules/accounts';
import { injectHead } from '../modules/catalogue';
import type { ResolvedTenant } from '../modules/tenants';
import { SETUP_TEXT } from '../../shared/store-setup';
import { isOpenWhileSuspended } from './store-closed';

/**
 * A store that has not launched (issue 25) is not public: its storefront is the "Opening soon" page
 * for everyone but its own staff (and platform owners) and whoever typed its preview password. What
 * stays open is what stays open for a suspended store (its admin, sign-in, webhooks, the current-
 * store call the "Opening soon" screen reads) and the preview-password call. Every other storefront
 * call answers 503 `store_opening_soon`, so nothing of the catalogue leaks before launch; a page
 * request gets the app with status 503 and noindex (the app shows the "Opening soon" screen).
 */

/** The cookie a visitor gets for the preview password; bound to the store and the password itself. */
export const PREVIEW_COOKIE = 'store_preview';
/** A preview lasts a week, then the password is asked again. */
export const PREVIEW_COOKIE_SECONDS = 7 * 24 * 3600;
const RETRY_AFTER = '3600';

/**
 * Besides what a suspended store keeps open: the password call, and what the store's own business
 * needs before it sells in its shop (a quote and its deposit, an invitation to its team, the test
 * payment page of a checkout its staff try out).
 */
const OPEN_FOR_PREVIEW = new Set(['/api/store-preview']);
const OPEN_TREES_BEFORE_LAUNCH = ['/quote', '/invite', '/pay', '/api/public/quotes', '/api/invitations'];
const isOpenBeforeLaunch = (path: string) => OPEN_FOR_PREVIEW.has(path) || OPEN_TREES_BEFORE_LAUNCH.some((tree) => path === tree || path.startsWith(`${tree}/`));

/** The cookie's value: an HMAC of the store and its password, so a new password ends every preview. */
export function previewToken(secret: string, tenantId: string, password: string): string {
  return createHmac('sha256', secret).update(`store-preview\u0000${tenantId}\u0000${password}`).digest('base64url');
}

function hasPreviewCookie(req: FastifyRequest, tenant: ResolvedTenant): boolean {
  if (!tenant.previewPassword) return false;
  const sent = req.cookies[PREVIEW_COOKIE];
  if (!sent) return false;
  const want = Buffer.from(previewToken(req.server.deps.secrets.cookieSecret, tenant.id, tenant.previewPassword));
  const got = Buffer.from(sent);
  return got.length === want.length && timingSafeEqual(got, want);
}

/** The signed-in person works for this store, or is a platform owner. Loads the session if not yet loaded. */
async function isStaff(req: FastifyRequest, tenantId: string): Promise<boolean> {
  const token = sessionToken(req);
  if (!token) return false;
  const deps = req.server.deps;
  req.actor ??= await loadActor({ scopes: deps.scopes, config: deps.config }, token);
  const actor = req.actor;
  if (!actor) return false;
  if (actor.isOwner) return true;
  return (await deps.scopes.run({ tenantId, userId: actor.userId }, ({ tx }) => findRole({ tx, tenantId }, actor.userId))) !== null;
}

/** Whoever may see an unlaunched store as its shoppers will: staff, owners, the preview cookie's holder. */
export async function mayPreview(req: FastifyRequest, tenant: ResolvedTenant): Promise<boolean> {
  return hasPreviewCookie(req, tenant) || (await isStaff(req, tenant.id));
}

const wantsPage = (req: FastifyRequest, path: string) => (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api' && !/\.[a-z0-9]+$/i.test(path);

declare module 'fastify' {
  interface FastifyRequest {
    /** The page is served as the "Opening soon" screen (503, noindex). */
    openingSoon?: boolean;
  }
}

function refuse(reply: FastifyReply, path: string) {
  reply.header('retry-after', RETRY_AFTER).header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
  if (path.startsWith('/api/')) return reply.status(503).send({ error: { code: 'store_opening_soon', message: SETUP_TEXT.openingSoonTitle } });
  return reply.status(503).type('text/plain; charset=utf-8').send(`${SETUP_TEXT.openingSoonTitle}. ${SETUP_TEXT.openingSoonBody}`);
}

/**
 * The app's page for a visitor of an unlaunched store: index.html with a head that names the store and
 * keeps crawlers out, answered 503 (not open yet: come back later), with nothing from the catalogue.
 */
export function openingSoonPage(req: FastifyRequest, html: string): { html: string; status: number } {
  const name = req.tenant?.name ?? '';
  const origin = `${req.protocol}://${req.headers.host ?? req.tenant?.domain ?? ''}`;
  const meta = { title: `${SETUP_TEXT.openingSoonTitle} · ${name}`, description: SETUP_TEXT.openingSoonBody, canonical: `${origin}/`, type: 'website' as const, siteName: name, noindex: true };
  return { html: injectHead(html, meta), status: 503 };
}

/** Registered after the suspended-store hook: a suspended store is closed whether launched or not. */
export function registerOpeningSoon(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    const tenant = req.tenant;
    if (!tenant || tenant.launched || tenant.suspended) return;
    const path = req.url.split('?', 1)[0];
    if (isOpenWhileSuspended(path) || isOpenBeforeLaunch(path)) return;
    if (await mayPreview(req, tenant)) return;
    if (wantsPage(req, path)) {
      // The app itself shows the screen (it asks /api/tenant/current); the page says so to crawlers.
      req.openingSoon = true;
      reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-store');
      return;
    }
    return refuse(reply, path);
  });
}
