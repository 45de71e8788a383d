import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inStore } from '../../../http/guards';
import { uuidParams } from '../../../http/params';
import { ADDRESS_TEXT, savedAddressInput } from '../../../../shared/saved-addresses';
import { customerAddressSchema } from '../../../../shared/customers';
import * as addresses from './service';

/** The same shape the customer page shows a customer's addresses in. */
const savedAddress = customerAddressSchema;
const idParams = uuidParams('id', ADDRESS_TEXT.notFound);

/** A signed-in shopper's saved addresses in this store (/account, offered at checkout). */
export const savedAddressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/account/addresses', { schema: { response: { 200: z.object({ addresses: z.array(savedAddress) }) } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return inStore(req, (ctx) => addresses.listSaved(ctx));
  });

  app.post('/api/account/addresses', { schema: { body: savedAddressInput, response: { 201: savedAddress } } }, async (req, reply) =>
    reply.status(201).send(await inStore(req, (ctx) => addresses.addSaved(ctx, req.body))),
  );

  app.put('/api/account/addresses/:id', { schema: { params: idParams, body: savedAddressInput, response: { 200: savedAddress } } }, async (req) =>
    inStore(req, (ctx) => addresses.updateSaved(ctx, req.params.id, req.body)),
  );

  app.delete('/api/account/addresses/:id', { schema: { params: idParams } }, async (req, reply) => {
    await inStore(req, (ctx) => addresses.deleteSaved(ctx, req.params.id));
    return reply.status(204).send();
  });
};
