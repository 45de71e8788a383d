import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../../http/errors';
import { CRM_API } from '../../../../shared/crm/routes';
import { publicQuoteResponse, quoteDepositResponse } from '../../../../shared/crm/quotes';
import { PLATFORM_NAME } from '../../../../shared/platform';
import { originOf } from '../../catalogue';
import { publicQuote, PUBLIC_QUOTE_TEXT, type QuoteHost } from './public-service';
import { startDeposit } from './deposit-service';

const params = z.strictObject({ uniqueUrl: z.string().max(200) });
// The shared builders encode their argument, so a route pattern is made by replacing a plain marker.
const pattern = (build: (url: string) => string) => build('UNIQUE_URL').replace('UNIQUE_URL', ':uniqueUrl');

/** The book of the host: a store's on its host, the platform's own on the platform host. */
export const quoteHostOf = (req: FastifyRequest): QuoteHost => ({
  tenantId: req.tenant?.id ?? null,
  fromName: req.tenant?.name ?? PLATFORM_NAME,
  origin: originOf(req),
});

/**
 * The public proposal page's data and deposit payment, no sign-in (issue 16, storefront spec §2,
 * decision 028). The unguessable link finds the quote only on its own book's host; anything else,
 * malformed included, is the same 404.
 */
export const publicQuoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(pattern(CRM_API.publicQuote), { schema: { params, response: { 200: publicQuoteResponse } } }, async (req, reply) => {
    const quote = await publicQuote(app.deps.scopes, quoteHostOf(req), req.params.uniqueUrl);
    if (!quote) throw notFound(PUBLIC_QUOTE_TEXT.notFound);
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
    return { quote };
  });

  app.post(pattern(CRM_API.publicQuoteDeposit), { schema: { params, response: { 200: quoteDepositResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return startDeposit({ scopes: app.deps.scopes, payments: app.deps.payments, log: req.log }, quoteHostOf(req), req.params.uniqueUrl);
  });
};
