import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inStore } from '../../http/guards';
import { clientAddressKey } from '../../http/client-address';
import { badRequest, notFound } from '../../http/errors';
import { assertWellFormedEvent, PAYMENT_WEBHOOK_PATH, WebhookPayloadError, WebhookSignatureError, type PaymentEvent } from '../../adapters/payments/payments';
import { cartToken } from './cart/cart-cookie';
import { checkout } from './checkout-service';
import { reachPaymentPage } from './checkout-holds';
import { checkoutInput } from '../../../shared/checkout-schemas';
import { claimOrdersBody, confirmClaimBody } from '../../../shared/claim-schemas';
import { applyPaymentEvent, orderStraySubject } from './payment-events';
import { applyAccountEvent, settleStrayRefund } from '../payments';
import { accountOrder, accountOrders, publicLookup, shopperOrder } from './lookup-service';
import { shopperReceipt } from './vat/receipt-service';
import { sendReceipt } from './vat/routes';
import { confirmClaim, requestClaim } from './claim-service';
import { cancelAwaitingPayment } from './shopper-cancel';
import {
  accountOrderResponse,
  accountOrdersResponse,
  checkoutResponse,
  claimConfirmedResponse,
  publicOrderResponse,
  shopperMessageResponse,
  webhookResponse,
} from '../../../shared/order-schemas';
import { apiErrorResponse } from '../../../shared/error-schemas';


const orderNumberParams = z.strictObject({ order_number: z.string().trim().min(1).max(40) });
const sessionParams = z.strictObject({ session_id: z.string().min(1).max(300) });

const lookupQuery = z.strictObject({
  session_id: z.string().trim().min(1).max(300).optional(),
  order_number: z.string().trim().min(1).max(40).optional(),
});

export interface OrderRoutesOptions {
  /**
   * Applies a quote deposit's payment event (decision 028): given by app.ts, since a sales quote is
   * the CRM's and orders know no module above them. Absent: such events are ignored.
   */
  quoteDeposits?: (event: PaymentEvent) => Promise<'applied' | 'duplicate' | 'ignored' | 'refunded'>;
}

/** Checkout, payment webhooks and the shopper's order views (storefront spec §7). */
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, opts) => {
  app.post('/api/checkout', { schema: { body: checkoutInput, response: { 200: checkoutResponse } } }, async (req) => {
    if (!req.tenant) throw notFound('Store not found');
    return checkout({
      scopes: app.deps.scopes,
      payments: app.deps.payments,
      tenantId: req.tenant.id,
      shopName: req.tenant.name,
      actor: req.actor,
      cartToken: cartToken(req),
      origin: `${req.protocol}://${req.headers.host}`,
      clientAddress: clientAddressKey(req.ip),
      input: req.body,
    });
  });

  // The checkout answer's url and My orders' Pay now lead here, on the store's own host, whichever the
  // provider: reaching it gives the checkout its full hold (decision 033), then the browser goes on to
  // the provider's page. A session that is not this store's goes back to the cart, as an unknown one.
  app.get('/checkout/payment/:session_id', { schema: { params: sessionParams } }, async (req, reply) => {
    const target = await inStore(req, (ctx) => reachPaymentPage(ctx, req.params.session_id));
    reply.header('cache-control', 'no-store');
    return reply.redirect(target ?? '/cart', 303);
  });

  app.get('/api/orders/public-lookup', { schema: { querystring: lookupQuery, response: { 200: publicOrderResponse } } }, async (req, reply) => {
    if (!req.query.session_id && !req.query.order_number) throw badRequest('Give a session_id or an order_number');
    reply.header('cache-control', 'no-store');
    return { order: await inStore(req, (ctx) => publicLookup(ctx, req.query, cartToken(req))) };
  });

  // The receipt (a VAT invoice when the store charged VAT) of a paid order, for whoever may look the
  // order up by its number: the browser that placed it or the account it belongs to (issue 25).
  app.get('/api/orders/:order_number/receipt.pdf', { schema: { params: orderNumberParams } }, async (req, reply) => {
    const file = await inStore(req, async (ctx) => shopperReceipt(ctx, await shopperOrder(ctx, req.params.order_number, cartToken(req))));
    return sendReceipt(reply, file);
  });

  app.get('/api/account/orders', { schema: { response: { 200: accountOrdersResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { orders: await inStore(req, (ctx) => accountOrders(ctx)) };
  });

  // The signed-in customer's own order page (issue 27): anyone else's order is the same 404 as none.
  app.get('/api/account/orders/:order_number', { schema: { params: orderNumberParams, response: { 200: accountOrderResponse } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { order: await inStore(req, (ctx) => accountOrder(ctx, req.params.order_number)) };
  });

  app.post('/api/account/orders/:order_number/cancel', { schema: { params: orderNumberParams, response: { 200: shopperMessageResponse } } }, async (req) => {
    const { message } = await cancelAwaitingPayment((fn) => inStore(req, fn), { payments: app.deps.payments, log: req.log }, req.params.order_number);
    return { message };
  });

  app.post('/api/account/claim-orders', { schema: { body: claimOrdersBody, response: { 200: shopperMessageResponse } } }, async (req) =>
    inStore(req, (ctx) => requestClaim(ctx, app.deps.email, req.body.email, `${req.protocol}://${req.headers.host}`, req.tenant!.name, req.tenant!.details)),
  );

  app.post('/api/account/claim-orders/confirm', { schema: { body: confirmClaimBody, response: { 200: claimConfirmedResponse } } }, async (req) => inStore(req, (ctx) => confirmClaim(ctx, req.body.token)));

  // Webhooks need the exact bytes that were signed, so this scope reads JSON bodies as raw buffers.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    hooks.post(PAYMENT_WEBHOOK_PATH, { schema: { params: z.strictObject({ provider: z.string().max(20) }), response: { 200: webhookResponse, 400: apiErrorResponse } } }, async (req, reply) => {
      const payments = app.deps.payments;
      const { provider } = req.params as { provider: string };
      if (provider !== payments.name || !Buffer.isBuffer(req.body)) throw notFound('Unknown payment provider');
      let event;
      try {
        event = payments.verifyWebhook(req.body, req.headers);
        assertWellFormedEvent(event);
      } catch (error) {
        if (error instanceof WebhookPayloadError) return reply.status(400).send({ error: { code: 'invalid_event', message: error.message } });
        if (error instanceof WebhookSignatureError) return reply.status(400).send({ error: { code: 'bad_signature', message: error.message } });
        throw error;
      }
      // A store's connected account changed (onboarding progress): the payments module keeps it.
      if (event.type === 'account.updated') return { received: true, outcome: await applyAccountEvent(app.deps.scopes, event) };
      // A quote's deposit, not an order: the CRM applies it.
      if (event.quoteId) return { received: true, outcome: opts.quoteDeposits ? await opts.quoteDeposits(event) : ('ignored' as const) };
      const { scopes, email, config } = app.deps;
      const result = await applyPaymentEvent(scopes, email, event);
      // A payment the order does not keep, recorded in that transaction: refunded now it has committed (decision 029).
      if (result.stray) await settleStrayRefund({ scopes, payments, email, log: req.log, platformOwnerEmails: config.platformOwnerEmails }, orderStraySubject, result.stray);
      return { received: true, outcome: result.outcome };
    });
  });
};
