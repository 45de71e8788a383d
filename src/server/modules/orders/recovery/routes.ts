import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asMemberWith, asStoreManager, inStore } from '../../../http/guards';
import { RESTORE_PARAM } from '../../../../shared/cart-restore';
import { CHECKOUT_RECOVERY_SETTINGS_API, checkoutRecoverySettingsBody, checkoutRecoverySettingsResponse } from '../../../../shared/checkout-recovery-schemas';
import { loadActor, sessionToken } from '../../accounts';
import { cartToken, setCartCookie } from '../cart/cart-cookie';
import { restoreCheckout, unsubscribeAddress, unsubscribeByToken } from './links';
import { renderUnsubscribePage, type UnsubscribeView } from './unsubscribe-page';
import { getRecoverySettings, saveRecoverySettings } from './settings';

/** The links come from emails: extra parameters (a mail client's tracking) are left alone; the token is checked by the service. */
const linkQuery = z.object({ token: z.string().max(2000).default('') });
/** The unsubscribe form's fields (or a one-click POST's `List-Unsubscribe=One-Click`), urlencoded. */
const unsubscribeForm = z.object({ token: z.string().max(2000).optional() }).catchall(z.string().max(2000)).optional();

/**
 * The email's unsubscribe link (/email/unsubscribe?token=…): a page that asks first (mail scanners open
 * links), and its form, which posts back to the same address, as a mail client's one-click unsubscribe
 * would. Pages rendered by the server: a bad token is a 404 page saying so, never an error.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Plain HTML forms post urlencoded bodies; this parser exists only inside this plugin's routes.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const page = (reply: FastifyReply, view: UnsubscribeView) =>
    reply
      .status(view.kind === 'invalid' ? 404 : 200)
      .header('cache-control', 'no-store')
      // Same-origin, not none: a browser sends "Origin: null" with a form posted under no-referrer,
      // which the Origin check refuses. The page links nowhere else.
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(renderUnsubscribePage(view));

  app.get('/email/unsubscribe', { schema: { querystring: linkQuery } }, async (req, reply) => {
    const view = await inStore(req, async (ctx): Promise<UnsubscribeView> => {
      const shopName = req.tenant!.name;
      return (await unsubscribeAddress(ctx, req.query.token)) ? { kind: 'confirm', shopName, token: req.query.token } : { kind: 'invalid', shopName };
    });
    return page(reply, view);
  });

  app.post('/email/unsubscribe', { schema: { querystring: linkQuery, body: unsubscribeForm } }, async (req, reply) => {
    const token = req.body?.token || req.query.token;
    const view = await inStore(req, async (ctx): Promise<UnsubscribeView> => {
      const shopName = req.tenant!.name;
      const email = await unsubscribeByToken(ctx, token);
      return email ? { kind: 'done', shopName, email } : { kind: 'invalid', shopName };
    });
    return page(reply, view);
  });
};

/**
 * Checkout recovery (issue 28 item 6, decision 048): the setting (Settings > Email), the email's
 * "Return to your cart" link and its unsubscribe page, both on the store's own host.
 */
export const checkoutRecoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Staff with the Settings permission may look; only owners and admins change it (http/access.ts).
  app.get(CHECKOUT_RECOVERY_SETTINGS_API, { schema: { response: { 200: checkoutRecoverySettingsResponse } } }, async (req) => asMemberWith(req, 'settings', (ctx) => getRecoverySettings(ctx)));

  app.put(CHECKOUT_RECOVERY_SETTINGS_API, { schema: { body: checkoutRecoverySettingsBody, response: { 200: checkoutRecoverySettingsResponse } } }, async (req) =>
    asStoreManager(req, (ctx) => saveRecoverySettings(ctx, req.body)),
  );

  // Always the cart page, which says how it went (?restore=…): a bad, expired or another store's link
  // is a message there, never an error page. A new cart gets its cookie as the cart's own calls set it.
  app.get('/cart/restore', { schema: { querystring: linkQuery } }, async (req, reply) => {
    // Pages get no actor (only /api/ calls read the session): a signed-in shopper's cart follows their
    // account, so the link fills that cart rather than a guest cart the next call would merge into it.
    const session = sessionToken(req);
    req.actor ??= session ? await loadActor({ scopes: app.deps.scopes, config: app.deps.config }, session) : null;
    const { outcome, newToken } = await inStore(req, (ctx) => restoreCheckout(ctx, req.query.token || null, cartToken(req)));
    if (newToken) setCartCookie(req, reply, newToken);
    reply.header('cache-control', 'no-store');
    // The token stays out of the next page's Referer.
    reply.header('referrer-policy', 'no-referrer');
    return reply.redirect(`/cart?${RESTORE_PARAM}=${outcome}`, 303);
  });

  await app.register(unsubscribeRoutes);
};
