import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { asAnyMember, asMemberWith, inStore } from '../../http/guards';
import { AppError } from '../../http/errors';
import type { StoreCtx } from '../../http/context';
import {
  pushPublicKeyResponse,
  pushSendBody,
  pushSendResponse,
  pushSubscribeBody,
  pushSubscribeResponse,
  pushSubscriptionListResponse,
  pushTemplateListResponse,
  pushTemplateLooseBody,
  pushTemplateResponse,
  pushUnsubscribeBody,
  pushUnsubscribeResponse,
  templateIdQuery,
} from '../../../shared/push-schemas';
import type { DeliveryDeps } from './delivery';
import * as subscriptions from './subscriptions-service';
import * as templates from './templates-service';
import { sendTest } from './send-service';


/**
 * The store an unsubscribe acts on: the store's own host (shoppers, signed in or not), or on the
 * platform host the admin's chosen store, for its members only.
 */
function inSubscriberStore<T>(req: FastifyRequest, fn: (ctx: StoreCtx) => Promise<T>): Promise<T> {
  return req.tenant ? inStore(req, fn) : asAnyMember(req, fn);
}

const deliveryDeps = (req: FastifyRequest): DeliveryDeps => ({ scopes: req.server.deps.scopes, push: req.server.deps.push, log: req.log });

/** Web push (admin spec §7): subscriptions, the VAPID public key and test sends, templates. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  // The key browsers subscribe with: public by nature, the same for every store.
  app.get('/api/functions/v1/push-send', { config: { anonymous: true }, schema: { response: { 200: pushPublicKeyResponse } } }, async (req) => ({
    publicKey: req.server.deps.push.publicKey,
  }));

  app.post('/api/functions/v1/push-send', { schema: { body: pushSendBody, response: { 200: pushSendResponse } } }, async (req) => {
    const result = await asMemberWith(req, 'settings', (ctx) => sendTest(ctx, deliveryDeps(req), req.body));
    // Filled in after the commit (send-service.ts). Nothing accepted it: say why, as a gateway would.
    if (result.sent === 0) {
      const message = result.removed > 0
        ? 'This device’s subscription had expired and was removed. Enable push notifications again.'
        : 'The push service did not accept the notification. Please try again.';
      throw new AppError(502, 'push_unavailable', message);
    }
    return result;
  });

  app.get('/api/functions/v1/push-subscribe', { schema: { response: { 200: pushSubscriptionListResponse } } }, async (req) =>
    asMemberWith(req, 'settings', (ctx) => subscriptions.list(ctx)),
  );

  app.post('/api/functions/v1/push-subscribe', { schema: { body: pushSubscribeBody, response: { 201: pushSubscribeResponse } } }, async (req, reply) => {
    const { body } = req;
    // Staff pushes tell of orders: only a signed-in member of the store may ask for them. Shoppers
    // sign up on the store's own host (the platform host has no store: 404).
    const run = body.kind === 'staff' ? <T>(fn: (ctx: StoreCtx) => Promise<T>) => asAnyMember(req, fn) : <T>(fn: (ctx: StoreCtx) => Promise<T>) => inStore(req, fn);
    const result = await run((ctx) => subscriptions.subscribe(ctx, req.server.deps.push, body, req.ip));
    return reply.status(201).send(result);
  });

  app.delete('/api/functions/v1/push-subscribe', { schema: { body: pushUnsubscribeBody, response: { 200: pushUnsubscribeResponse } } }, async (req) =>
    inSubscriberStore(req, (ctx) => subscriptions.unsubscribe(ctx, req.body)),
  );

  app.get('/api/functions/v1/push-templates', { schema: { response: { 200: pushTemplateListResponse } } }, async (req) =>
    asMemberWith(req, 'settings', (ctx) => templates.list(ctx)),
  );

  app.post('/api/functions/v1/push-templates', { schema: { body: pushTemplateLooseBody, response: { 201: pushTemplateResponse } } }, async (req, reply) => {
    const result = await asMemberWith(req, 'settings', (ctx) => templates.create(ctx, req.body));
    return reply.status(201).send(result);
  });

  app.put('/api/functions/v1/push-templates', { schema: { querystring: templateIdQuery, body: pushTemplateLooseBody, response: { 200: pushTemplateResponse } } }, async (req) =>
    asMemberWith(req, 'settings', (ctx) => templates.update(ctx, req.query.id, req.body)),
  );
};
