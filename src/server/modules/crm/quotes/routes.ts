import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCrm } from '../../../http/guards';
import { uuidParams } from '../../../http/params';
import { CRM_API } from '../../../../shared/crm/routes';
import { quoteDetailResponse, quoteListResponse, quoteResponse, saveQuoteBody } from '../../../../shared/crm/quotes';
import * as service from './service';

const idParam = uuidParams('id', service.QUOTE_NOT_FOUND);
const QUOTE_PATH = CRM_API.quote(':id');

/**
 * Quotes: list with revenue, get, create, update, delete (issue 16, admin spec §2, §4, §9). Every
 * route works in the book inCrm chose; another book's quote is the same 404 as a missing one.
 */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(CRM_API.quotes, { schema: { response: { 200: quoteListResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return inCrm(req, (ctx) => service.listQuotes(ctx));
  });

  app.post(CRM_API.quotes, { schema: { body: saveQuoteBody, response: { 201: quoteResponse } } }, async (req, reply) => {
    const quote = await inCrm(req, (ctx) => service.createQuote(ctx, req.body));
    return reply.status(201).send({ quote });
  });

  app.get(QUOTE_PATH, { schema: { params: idParam, response: { 200: quoteDetailResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return inCrm(req, (ctx) => service.getQuoteWithHistory(ctx, req.params.id));
  });

  app.put(QUOTE_PATH, { schema: { params: idParam, body: saveQuoteBody, response: { 200: quoteResponse } } }, async (req) => ({
    quote: await inCrm(req, (ctx) => service.updateQuote(ctx, req.params.id, req.body)),
  }));

  app.delete(QUOTE_PATH, { schema: { params: idParam } }, async (req, reply) => {
    await inCrm(req, (ctx) => service.deleteQuote(ctx, req.params.id));
    return reply.status(204).send();
  });
};
