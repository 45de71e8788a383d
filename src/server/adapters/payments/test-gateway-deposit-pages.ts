import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PLATFORM_NAME } from '../../../shared/platform';
import { html } from './hosted-reply';
import { renderNoticePage, renderPayPage } from './pay-page';
import type { TestGateway } from './test-gateway';
import type { DepositSession } from './test-gateway-deposits';
import { deliverTestWebhook } from './webhook-delivery';
import { successUrlFor } from './checkout-urls';
import { depositSuccessUrl } from './payments';

type PayRequest = FastifyRequest<{ Params: { sessionId: string } }>;

/**
 * The pay page for a quote's deposit (decision 028), on the host the quote was opened on: a store's
 * deposit on that store's host, the platform's on the platform host; anywhere else it is not found.
 * Paying sends the signed completed event (the same one on a repeat) and returns to the proposal.
 */
export function depositPages(app: FastifyInstance, gateway: TestGateway, checkTestCard: (typed: string) => 'success' | { status: number; message: string }) {
  const payee = (req: FastifyRequest) => req.tenant?.name ?? PLATFORM_NAME;
  const load = (req: PayRequest): DepositSession | null => {
    // Signed for this host's book only: on any other host it is not a session at all.
    return gateway.findDepositSession(req.params.sessionId, req.tenant?.id ?? null);
  };
  const notice = (reply: FastifyReply, req: FastifyRequest, status: number, title: string, message: string, href?: string) =>
    html(reply, status, renderNoticePage({ shopName: payee(req), store: req.tenant?.details, tone: status === 404 ? 'neutral' : 'warning', title, message, ...(href ? { action: { label: 'Back to the proposal', href } } : {}) }));
  const missing = (reply: FastifyReply, req: FastifyRequest) =>
    notice(reply, req, 404, 'Payment page not found', 'This payment link is not valid. Open the proposal again to pay the deposit.');
  const expired = (reply: FastifyReply, req: FastifyRequest, s: DepositSession) =>
    s.expiresAt.getTime() <= Date.now() ? notice(reply, req, 410, 'This payment page has expired', 'Nothing was charged. Open the proposal again to pay the deposit.', s.returnPath) : null;
  const view = (req: FastifyRequest, s: DepositSession) => ({
    sessionId: s.id,
    shopName: payee(req),
    store: req.tenant?.details,
    orderNumber: null,
    customerEmail: null,
    lines: [{ name: 'Project deposit', quantity: 1, unit_amount: s.amount }],
    deliveryName: null,
    deliveryAmount: 0,
    total: s.amount,
    cancelLabel: 'Cancel and return to the proposal',
  });

  return {
    async page(req: PayRequest, reply: FastifyReply) {
      const s = load(req);
      if (!s) return missing(reply, req);
      return expired(reply, req, s) ?? html(reply, 200, renderPayPage(view(req, s)));
    },
    async pay(req: PayRequest, reply: FastifyReply) {
      const s = load(req);
      if (!s) return missing(reply, req);
      const gone = expired(reply, req, s);
      if (gone) return gone;
      const typed = typeof (req.body as { card_number?: unknown } | undefined)?.card_number === 'string' ? ((req.body as { card_number: string }).card_number).slice(0, 64) : '';
      const card = checkTestCard(typed);
      if (card !== 'success') return html(reply, card.status, renderPayPage({ ...view(req, s), cardNumber: typed.slice(0, 23), error: card.message }));
      // The quote records the payment once; a repeat submit re-sends the same event and changes nothing.
      if (await deliverTestWebhook(app, req.log, gateway.signedDepositEvent(s), 'checkout.session.completed')) return reply.redirect(successUrlFor(depositSuccessUrl(s.returnPath), s.id), 303);
      return notice(reply, req, 502, 'Payment taken, not confirmed yet', 'Your test payment went through but was not recorded yet. Try again; you will not be charged twice.');
    },
    async cancel(req: PayRequest, reply: FastifyReply) {
      const s = load(req);
      if (!s) return missing(reply, req);
      return reply.redirect(s.returnPath, 303);
    },
  };
}
