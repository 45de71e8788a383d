import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import '../../http/context';
import type { PaymentProvider } from './payments';
import { successUrlFor } from './checkout-urls';
import { renderNoticePage, renderPayPage, type NoticeView } from './pay-page';
import { deliverTestWebhook } from './webhook-delivery';
import { html } from './hosted-reply';
import { testConnectRoutes } from './test-connect-routes';
import { isDepositSessionId } from './test-gateway-deposits';
import { depositPages } from './test-gateway-deposit-pages';
import { TEST_CARDS, TestGateway, type TestEventType, type TestSessionRow, type TestSessionView } from './test-gateway';

/**
 * The test gateway's hosted pay page, on the store's own host:
 *   GET  /pay/:sessionId          the page: shop, lines, delivery, total, a card field, Pay and Cancel
 *   POST /pay/:sessionId          pay with a test card -> signed webhook -> 303 to the success URL
 *   POST /pay/:sessionId/cancel   expire the session -> signed webhook -> 303 to the cancel URL
 * The Host decides the tenant: another store's session is the same 404 as an unknown one. Webhooks go
 * through app.inject to the app's own webhook route, so they meet the same verification a real
 * provider's do. Registered only when the test gateway is the provider.
 */
export async function registerTestGatewayRoutes(app: FastifyInstance, provider: PaymentProvider): Promise<void> {
  if (provider instanceof TestGateway) {
    await app.register(testGatewayRoutes, { gateway: provider });
    await app.register(testConnectRoutes, { connect: provider.connect });
  }
}

type PayRequest = FastifyRequest<{ Params: { sessionId: string } }>;

type ClosedNotice = Omit<NoticeView, 'shopName'>;

const formSchema = z.object({ card_number: z.string().max(64) }).strict();

export const testGatewayRoutes: FastifyPluginAsync<{ gateway: TestGateway }> = async (app, { gateway }) => {
  // Plain HTML forms post urlencoded bodies; this parser exists only inside this plugin's routes.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // A quote's deposit session (decision 028) has pages of its own.
  const deposits = depositPages(app, gateway, checkTestCard);
  const isDeposit = (req: PayRequest) => isDepositSessionId(req.params.sessionId);

  const load = (req: PayRequest): Promise<TestSessionView | null> =>
    req.tenant ? gateway.findSession(req.tenant.id, req.params.sessionId) : Promise.resolve(null);

  /** Sends a signed event to the app's webhook route; false (and a log line) when it was not accepted. */
  const deliver = (req: FastifyRequest, session: TestSessionRow, type: TestEventType): Promise<boolean> =>
    deliverTestWebhook(app, req.log, gateway.signedEvent(session, type), type);

  /** Paid: tell the shop (again, same event id, when this is a repeat) and send the shopper back. */
  const finishPaid = async (req: PayRequest, reply: FastifyReply, session: TestSessionRow) => {
    if (await deliver(req, session, 'checkout.session.completed')) return reply.redirect(successUrlFor(session.successUrl, session.id), 303);
    return notice(reply, 502, req, {
      tone: 'warning',
      title: 'Payment taken, order not confirmed yet',
      message: 'Your test payment went through but the shop did not confirm your order. Try again to let the shop know; you will not be charged twice.',
      action: { label: 'Try again', formAction: `/pay/${encodeURIComponent(session.id)}` },
    });
  };

  /**
   * What to tell the shopper about a session that can no longer be paid (answered with 410), or null
   * while it is open and in time. It only decides: the caller sends the one reply, so a closed
   * session is never answered twice.
   */
  const closedNotice = async (req: PayRequest, session: TestSessionRow): Promise<ClosedNotice | null> => {
    let current = session;
    if (current.status === 'open' && current.expiresAt.getTime() <= Date.now()) {
      // Its time ran out: expire it now and tell the shop, as a provider does at the deadline.
      const result = await gateway.expire(current.tenantId, current.id, { timedOutOnly: true });
      if (result?.changed) await deliver(req, result.session, 'checkout.session.expired');
      if (result) current = result.session;
    }
    if (current.status === 'complete') {
      return {
        tone: 'success',
        title: 'This order is already paid',
        message: 'The payment for this order went through. There is nothing more to pay.',
        action: { label: 'View your order', href: successUrlFor(current.successUrl, current.id) },
      };
    }
    if (current.status === 'expired') {
      return {
        tone: 'warning',
        title: 'This payment page has expired',
        message: 'The payment was cancelled or ran out of time, so nothing was charged. Return to your cart to check out again.',
        action: { label: 'Return to cart', href: current.cancelUrl },
      };
    }
    return null;
  };
  const gone = (reply: FastifyReply, req: FastifyRequest, closed: ClosedNotice) => notice(reply, 410, req, closed);

  app.get<{ Params: { sessionId: string } }>('/pay/:sessionId', async (req, reply) => {
    if (isDeposit(req)) return deposits.page(req, reply);
    const session = await load(req);
    if (!session) return notFoundPage(reply, req);
    const closed = await closedNotice(req, session);
    if (closed) return gone(reply, req, closed);
    return html(reply, 200, renderPayPage(viewOf(req, session)));
  });

  app.post<{ Params: { sessionId: string } }>('/pay/:sessionId', async (req, reply) => {
    if (isDeposit(req)) return deposits.pay(req, reply);
    const session = await load(req);
    if (!session) return notFoundPage(reply, req);
    // A repeat submit (or "Try again") of a paid session re-sends the same event: the shop records
    // events by id, so it takes effect once.
    if (session.status === 'complete') return finishPaid(req, reply, session);
    const closed = await closedNotice(req, session);
    if (closed) return gone(reply, req, closed);

    const form = formSchema.safeParse(req.body ?? {});
    const typed = form.success ? form.data.card_number : '';
    const card = checkTestCard(typed);
    if (card !== 'success') {
      return html(reply, card.status, renderPayPage({ ...viewOf(req, session), cardNumber: typed.slice(0, 23), error: card.message }));
    }
    const result = await gateway.complete(session.tenantId, session.id);
    if (!result) return notFoundPage(reply, req);
    if (result.session.status === 'complete') return finishPaid(req, reply, result.session);
    const after = await closedNotice(req, result.session);
    return after ? gone(reply, req, after) : notFoundPage(reply, req);
  });

  app.post<{ Params: { sessionId: string } }>('/pay/:sessionId/cancel', async (req, reply) => {
    if (isDeposit(req)) return deposits.cancel(req, reply);
    const session = await load(req);
    if (!session) return notFoundPage(reply, req);
    const result = session.status === 'open' ? await gateway.expire(session.tenantId, session.id) : { session, changed: false };
    if (!result) return notFoundPage(reply, req);
    if (result.session.status !== 'expired') {
      const closed = await closedNotice(req, result.session);
      return closed ? gone(reply, req, closed) : notFoundPage(reply, req);
    }
    // Sent again on a repeat cancel, with the same event id: harmless, and it covers a lost delivery.
    await deliver(req, result.session, 'checkout.session.expired');
    return reply.redirect(result.session.cancelUrl, 303);
  });
};

/** The card the shopper typed: the success card pays, the decline card is declined, anything else is an error. */
export function checkTestCard(typed: string): 'success' | { status: number; message: string } {
  const digits = typed.replace(/[\s-]/g, '');
  if (!digits) return { status: 422, message: 'Enter your card number.' };
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { status: 422, message: 'Enter a valid card number.' };
  if (digits === TEST_CARDS.success) return 'success';
  if (digits === TEST_CARDS.decline) return { status: 402, message: 'Your card was declined.' };
  return { status: 422, message: 'This is a test payment page: use the test card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline).' };
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function viewOf(req: FastifyRequest, s: TestSessionView) {
  const subtotal = s.lines.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0);
  return {
    sessionId: s.id,
    shopName: req.tenant?.name ?? 'Shop',
    store: req.tenant?.details,
    orderNumber: s.orderNumber,
    customerEmail: s.customerEmail,
    lines: s.lines,
    deliveryName: s.shippingMethodName ?? 'Delivery',
    // createSession checked that the total is the lines plus delivery.
    deliveryAmount: Math.max(0, s.amountTotal - subtotal),
    total: s.amountTotal,
  };
}

function notice(reply: FastifyReply, status: number, req: FastifyRequest, n: Omit<NoticeView, 'shopName'>) {
  return html(reply, status, renderNoticePage({ ...n, shopName: req.tenant?.name ?? null, store: req.tenant?.details }));
}

function notFoundPage(reply: FastifyReply, req: FastifyRequest) {
  return notice(reply, 404, req, {
    tone: 'neutral',
    title: 'Payment page not found',
    message: 'This payment link is not valid. If you were checking out, go back to the shop and try again.',
    ...(req.tenant ? { action: { label: 'Back to the shop', href: '/' } } : {}),
  });
}
