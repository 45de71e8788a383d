import Fastify, { type FastifyInstance } from 'fastify';
import { registerSecurityHeaders } from '../http/security-headers';
import { withScope } from '../db/scope';
import { orders } from '../db/schema/index';
import { registerErrorHandler } from '../http/errors';
import { checkOrigin } from '../http/origin';
import { TenantResolver } from '../modules/tenants';
import type { TestApp } from './harness';
import { WebhookSignatureError, type CreateSessionInput, type PaymentEvent } from '../adapters/payments/payments';
import { registerTestGatewayRoutes } from '../adapters/payments/test-gateway-routes';
import { TestGateway, TEST_WEBHOOK_URL } from '../adapters/payments/test-gateway';

/**
 * For the payment adapter tests: a small app with the production app's request guards (helmet with
 * the same CSP, the Origin check, tenant from Host), the pay page routes, and a stand-in for the
 * order module's webhook route that verifies each delivery and keeps what it got.
 */
export interface PayTestApp {
  app: FastifyInstance;
  gateway: TestGateway;
  webhook: {
    received: PaymentEvent[];
    rejected: string[];
    /** Answer the next n verified deliveries with a 500, as a shop that failed to record them. */
    failNext: number;
  };
  /** Every line the app logged at warn or above (Fastify's "Reply was already sent" is a warning). */
  logs: string[];
}

export const TEST_WEBHOOK_SECRET = 'test-webhook-secret';

export async function buildPayTestApp(t: TestApp, secret = TEST_WEBHOOK_SECRET): Promise<PayTestApp> {
  const logs: string[] = [];
  const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } } });
  app.decorateRequest('tenant', null);
  app.decorateRequest('actor', null);
  registerErrorHandler(app);
  app.removeContentTypeParser('text/plain');
  // The same security headers as the app (the pay form depends on them: Referrer-Policy, form-action).
  registerSecurityHeaders(app);
  const tenants = new TenantResolver(t.scopes, t.config.platformHost);
  app.addHook('onRequest', async (req) => {
    checkOrigin(req);
    req.tenant = await tenants.resolve(req.headers.host);
  });

  const gateway = new TestGateway(t.scopes, secret);
  const webhook: PayTestApp['webhook'] = { received: [], rejected: [], failNext: 0 };
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post(TEST_WEBHOOK_URL, async (req, reply) => {
      let event: PaymentEvent;
      try {
        event = gateway.verifyWebhook(req.body as Buffer, req.headers);
      } catch (err) {
        if (!(err instanceof WebhookSignatureError)) throw err;
        webhook.rejected.push(err.message);
        return reply.status(400).send({ error: { code: 'bad_signature', message: err.message } });
      }
      if (webhook.failNext > 0) {
        webhook.failNext--;
        return reply.status(500).send({ error: { code: 'internal', message: 'Something went wrong.' } });
      }
      webhook.received.push(event);
      return { received: true };
    });
  });
  await registerTestGatewayRoutes(app, gateway);
  await app.ready();
  return { app, gateway, webhook, logs };
}

const address = { first_name: 'Ada', last_name: 'Lovelace', company: null, line1: '1 Analytical Way', line2: null, city: 'London', postcode: 'SW1A 1AA', country: 'GB', phone: null };

let orderSeq = 1000;

/** An order row (the sessions table references it), priced from the given lines and delivery. */
export async function insertOrder(
  t: TestApp,
  tenantId: string,
  opts: { lines?: CreateSessionInput['lines']; shippingAmount?: number; shippingName?: string } = {},
): Promise<{ input: (over?: Partial<CreateSessionInput>) => CreateSessionInput; orderId: string; orderNumber: string }> {
  const lines = opts.lines ?? [
    { name: 'Linen Shirt', quantity: 2, unit_amount: 3500 },
    { name: 'Canvas Tote', quantity: 1, unit_amount: 1299 },
  ];
  const shippingAmount = opts.shippingAmount ?? 495;
  const shippingName = opts.shippingName ?? 'Standard delivery';
  const subtotal = lines.reduce((s, l) => s + l.unit_amount * l.quantity, 0);
  const orderNumber = `T-${++orderSeq}`;
  const [order] = await withScope(t.database.db, { tenantId, userId: null }, (tx) =>
    tx
      .insert(orders)
      .values({
        tenantId,
        orderNumber,
        customerEmail: 'ada@example.test',
        customerName: 'Ada Lovelace',
        shippingAddress: address,
        billingAddress: address,
        shippingMethodName: shippingName,
        subtotal,
        shippingTotal: shippingAmount,
        totalAmount: subtotal + shippingAmount,
        paymentProvider: 'test',
        reservationExpiresAt: new Date(Date.now() + 30 * 60_000),
      })
      .returning({ id: orders.id }),
  );
  const input = (over: Partial<CreateSessionInput> = {}): CreateSessionInput => ({
    tenantId,
    shopName: 'Demo Store',
    orderId: order.id,
    orderNumber,
    currency: 'gbp',
    lines,
    shippingAmount,
    shippingName,
    amountTotal: subtotal + shippingAmount,
    customerEmail: 'ada@example.test',
    successUrl: 'http://demo.localhost:3000/checkout/success',
    cancelUrl: 'http://demo.localhost:3000/cart',
    expiresAt: new Date(Date.now() + 30 * 60_000),
    ...over,
  });
  return { input, orderId: order.id, orderNumber };
}

/** A form post as a browser on `host` sends it. */
export function formPost(app: FastifyInstance, url: string, fields: Record<string, string>, host: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}
