import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asStoreManager } from '../../http/guards';
import { requestOrigin } from '../../http/origin';
import { accountLinkResponse, connectEmptyBody, connectStatusResponse } from '../../../shared/payment-connect';
import * as service from './service';

/**
 * Card-payment onboarding (admin spec §7 "Payment onboarding"), at the spec's own paths whatever the
 * provider. Store managers only: staff get 403, another store's admin the same 404 as a missing store,
 * nobody signed in 401. The store is the request's own (host or chosen store), never one the client names.
 */
export const connectRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (log: typeof app.log) => ({ payments: app.deps.payments, log });

  app.get('/api/stripe/connect/status', { schema: { response: { 200: connectStatusResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return service.connectStatus((fn) => asStoreManager(req, fn), deps(req.log));
  });

  app.post('/api/stripe/connect/create-account', { schema: { body: connectEmptyBody, response: { 200: connectStatusResponse } } }, async (req) =>
    service.createAccount((fn) => asStoreManager(req, fn), deps(req.log)),
  );

  app.post('/api/stripe/connect/account-link', { schema: { body: connectEmptyBody, response: { 200: accountLinkResponse } } }, async (req) =>
    service.createAccountLink((fn) => asStoreManager(req, fn), deps(req.log), requestOrigin(req)),
  );
};
