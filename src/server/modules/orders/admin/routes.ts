import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asMemberWith } from '../../../http/guards';
import { conflict } from '../../../http/errors';
import { PaymentSessionCompleteError } from '../../../adapters/payments/errors';
import { parsePage } from '../../../../shared/catalog';
import {
  adminOrderDetailResponse,
  adminOrderPageResponse,
  adminOrdersQuery,
  canMoveOrder,
  orderNoteInput,
  orderStatusInput,
  ORDERS_PAGE_SIZE,
  refundInput,
  type AdminOrderDetail,
  type AdminOrderPage,
} from '../../../../shared/admin-orders';
import * as repo from './repo';
import { addNote, changeStatus, findOrderOr404, loadDetail, resendConfirmation } from './service';
import { refundOrder } from './refunds';
import { toAdminOrderRow } from './view';
import { uuidParams } from '../../../http/params';

const idParams = uuidParams('id', 'Order not found');
const MAX_LIMIT = 100;

function parseLimit(raw: string | undefined): number {
  const n = raw && /^\d+$/.test(raw) ? Number(raw) : ORDERS_PAGE_SIZE;
  return Math.min(Math.max(n, 1), MAX_LIMIT);
}

/**
 * Admin orders (admin spec §2 Orders list and Order details, §7; issue 6): store managers only (staff
 * 403), another store's order the same 404 as a missing one. Every change answers the fresh details.
 */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/orders', { schema: { querystring: adminOrdersQuery, response: { 200: adminOrderPageResponse } } }, async (req, reply): Promise<AdminOrderPage> => {
    reply.header('cache-control', 'no-store');
    return asMemberWith(req, 'orders.view', async (ctx) => {
      const page = parsePage(req.query.page);
      const limit = parseLimit(req.query.limit);
      const search = req.query.search?.trim() || null;
      const { rows, total } = await repo.listOrders(ctx, { status: req.query.status ?? null, search, limit, offset: (page - 1) * limit });
      return { orders: rows.map(toAdminOrderRow), pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) } };
    });
  });

  app.get('/api/admin/orders/:id', { schema: { params: idParams, response: { 200: adminOrderDetailResponse } } }, async (req, reply): Promise<{ order: AdminOrderDetail }> => {
    reply.header('cache-control', 'no-store');
    return asMemberWith(req, 'orders.view', async (ctx) => ({ order: await loadDetail(ctx, req.params.id) }));
  });

  app.post('/api/admin/orders/:id/status', { schema: { params: idParams, body: orderStatusInput, response: { 200: adminOrderDetailResponse } } }, async (req): Promise<{ order: AdminOrderDetail }> => {
    const { id } = req.params;
    // Cancelling an unpaid order first closes its payment session at the provider (a network call,
    // so outside the transaction), so the shopper cannot pay for an order the shop has cancelled.
    const pending = await asMemberWith(req, 'orders.fulfil', async (ctx) => {
      const order = await findOrderOr404(ctx, id);
      const closeSession = req.body.status === 'cancelled' && canMoveOrder(order.status, 'cancelled') && order.paymentStatus === 'unpaid' && order.paymentSessionId;
      return closeSession ? order.paymentSessionId : null;
    });
    let sessionExpired = false;
    if (pending) {
      try {
        await app.deps.payments.expireSession(pending);
        sessionExpired = true;
      } catch (error) {
        if (error instanceof PaymentSessionCompleteError) throw conflict('payment_arrived', 'The customer has just paid for this order, so it was not cancelled. Reload the order to see it.');
        req.log.warn({ err: error, orderId: id }, 'could not expire the payment session of a cancelled order');
      }
    }
    const order = await asMemberWith(req, 'orders.fulfil', async (ctx) => {
      await changeStatus(ctx, app.deps.email, id, req.body, sessionExpired);
      return loadDetail(ctx, id);
    });
    return { order };
  });

  app.post('/api/admin/orders/:id/refunds', { schema: { params: idParams, body: refundInput, response: { 200: adminOrderDetailResponse } } }, async (req): Promise<{ order: AdminOrderDetail }> => {
    const { scopes, payments, email } = app.deps;
    await refundOrder((fn) => asMemberWith(req, 'orders.refund', fn), { scopes, payments, email, log: req.log }, req.params.id, req.body);
    return asMemberWith(req, 'orders.refund', async (ctx) => ({ order: await loadDetail(ctx, req.params.id) }));
  });

  app.post('/api/admin/orders/:id/notes', { schema: { params: idParams, body: orderNoteInput, response: { 200: adminOrderDetailResponse } } }, async (req): Promise<{ order: AdminOrderDetail }> =>
    asMemberWith(req, 'orders.fulfil', async (ctx) => {
      await addNote(ctx, req.params.id, req.body.body);
      return { order: await loadDetail(ctx, req.params.id) };
    }),
  );

  app.post('/api/admin/orders/:id/resend-confirmation', { schema: { params: idParams, response: { 200: adminOrderDetailResponse } } }, async (req): Promise<{ order: AdminOrderDetail }> =>
    asMemberWith(req, 'orders.fulfil', async (ctx) => {
      await resendConfirmation(ctx, app.deps.email, req.params.id);
      return { order: await loadDetail(ctx, req.params.id) };
    }),
  );
};
