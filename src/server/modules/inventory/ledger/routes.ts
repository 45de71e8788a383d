import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asMemberWith } from '../../../http/guards';
import { parsePage } from '../../../../shared/catalog';
import {
  lowStockListResponse,
  productStockResponse,
  stockMovementBody,
  stockMovementCreatedResponse,
  stockMovementPageResponse,
  stockMovementsQuery,
} from '../../../../shared/stock-schemas';
import * as service from './service';
import { uuidParams } from '../../../http/params';

const idParam = uuidParams('id', 'Product not found');

/** A page size from the query: 1 to 100, else the default. */
function parseLimit(raw: unknown, fallback = 20): number {
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= 100 ? n : fallback;
}

/**
 * Stock (admin spec §2 Adjust Stock dialog, Low Stock Alert; §7). Store managers only. The ledger is
 * append-only: there is no route that changes or removes a movement, and the app's database role may
 * not either (migration *_stock_ledger.sql).
 */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/admin/stock/movements', { schema: { body: stockMovementBody, response: { 201: stockMovementCreatedResponse } } }, async (req, reply) => {
    const result = await asMemberWith(req, 'products', (ctx) => service.adjustStock(ctx, req.body));
    return reply.status(201).send(result);
  });

  app.get('/api/admin/stock/low-stock', { schema: { querystring: z.object({ limit: z.unknown().optional() }), response: { 200: lowStockListResponse } } }, async (req) =>
    asMemberWith(req, 'products', (ctx) => service.lowStock(ctx, parseLimit(req.query.limit))),
  );

  // The product's name and stock for the stock page; GET /api/admin/products/{id} is the product form's.
  app.get('/api/admin/products/:id/stock', { schema: { params: idParam, response: { 200: productStockResponse } } }, async (req) => asMemberWith(req, 'products', (ctx) => service.productStock(ctx, req.params.id)));

  app.get('/api/admin/products/:id/stock-movements', { schema: { params: idParam, querystring: stockMovementsQuery, response: { 200: stockMovementPageResponse } } }, async (req) =>
    asMemberWith(req, 'products', (ctx) => service.listMovements(ctx, req.params.id, parsePage(req.query.page), parseLimit(req.query.limit))),
  );
};
