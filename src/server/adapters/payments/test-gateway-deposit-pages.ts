import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PLATFORM_NAME } from '../../../shared/platform';
import { html } from './hosted-reply';
import { renderNoticePage, renderPayPage, type NoticeView } from './pay-page';
import type { TestGateway } from './test-gateway';
import type { DepositSessionRow } from './test-gateway-deposits';
import { deliverTestWebhook } from './webhook-delivery';
import { successUrlFor } from './checkout-urls';
import { depositSuccessUrl } from './payments';

type PayRequest = FastifyRequest<{ Params: { sessionId: string } }>;
type CardCheck = (typed: string) => 'success' | { status: number; message: string };

export const DEPOSIT_PAGE_TEXT = {
  notFoundTitle: 'Payment page not found',
  notFound: 'This payment link is not valid. Open the proposal again to pay the deposit.',
  closedTitle: 'This payment page is no longer valid',
  closed: 'It expired, or a newer payment page was opened for this deposit, so nothing was charged here. Open the proposal again to pay the deposit.',
  paidTitle: 'This deposit has been paid',
  paid: 'The payment for this deposit went through. There is nothing more to pay.',
  refundedTitle: 'This payment was refunded',
  refunded: 'The payment taken on this page was not needed (the deposit was already paid, or its amount had changed), so it was refunded to your card. Open the proposal again to see what is due.',
  unconfirmedTitle: 'Payment taken, not confirmed yet',
  unconfirmed: 'Your test payment went through but was not recorded yet. Try again; you will not be charged twice.',
} as const;

/**
 * The pay page for a quote's deposit (decisions 028, 029), on the host of the quote's book: a store's
 * deposit on that store's host, the platform's on the platform host; anywhere else it is not found.
 * Only an open session in time can be paid, once: a session a newer one replaced, or one out of time,
 * answers 410 and sends nothing, as a real provider's closed page does. Paying completes the session
 * and sends its signed completed event (the same event again on a repeat submit).
 */
export function depositPages(app: FastifyInstance, gateway: TestGateway, checkTestCard: CardCheck) {
  const payee = (req: FastifyRequest) => req.tenant?.name ?? PLATFORM_NAME;
  const load = (req: PayRequest) => gateway.deposits.find(req.params.sessionId, req.tenant?.id ?? null);
  const notice = (reply: FastifyReply, req: FastifyRequest, status: number, n: Omit<NoticeView, 'shopName' | 'store'>) =>
    html(reply, status, renderNoticePage({ shopName: payee(req), store: req.tenant?.details, ...n }));
  const back = (s: DepositSessionRow) => ({ label: 'Back to the proposal', href: s.returnPath });
  const missing = (reply: FastifyReply, req: FastifyRequest) => notice(reply, req, 404, { tone: 'neutral', title: DEPOSIT_PAGE_TEXT.notFoundTitle, message: DEPOSIT_PAGE_TEXT.notFound });

  /** 410 for a session that can no longer be paid (its time ran out: closed now), or null while it is open. */
  const closed = async (reply: FastifyReply, req: FastifyRequest, s: DepositSessionRow) => {
    let current = s;
    if (current.status === 'open' && current.expiresAt.getTime() <= Date.now()) current = (await gateway.deposits.expire(s.id, { timedOutOnly: true }))?.session ?? current;
    // Paid here but given back (a second payment, or one for an old amount): say so, not "paid".
    if (current.status === 'complete' && current.refundedAmount > 0) return notice(reply, req, 410, { tone: 'warning', title: DEPOSIT_PAGE_TEXT.refundedTitle, message: DEPOSIT_PAGE_TEXT.refunded, action: back(current) });
    if (current.status === 'complete') return notice(reply, req, 410, { tone: 'success', title: DEPOSIT_PAGE_TEXT.paidTitle, message: DEPOSIT_PAGE_TEXT.paid, action: back(current) });
    if (current.status === 'expired') return notice(reply, req, 410, { tone: 'warning', title: DEPOSIT_PAGE_TEXT.closedTitle, message: DEPOSIT_PAGE_TEXT.closed, action: back(current) });
    return null;
  };

  /** Tells the shop (again, with the same event id, on a repeat) and returns to the proposal. */
  const finishPaid = async (reply: FastifyReply, req: FastifyRequest, s: DepositSessionRow) => {
    if (await deliverTestWebhook(app, req.log, gateway.deposits.signedEvent(s), 'checkout.session.completed')) return reply.redirect(successUrlFor(depositSuccessUrl(s.returnPath), s.id), 303);
    return notice(reply, req, 502, { tone: 'warning', title: DEPOSIT_PAGE_TEXT.unconfirmedTitle, message: DEPOSIT_PAGE_TEXT.unconfirmed, action: { label: 'Try again', formAction: `/pay/${encodeURIComponent(s.id)}` } });
  };

  const view = (req: FastifyRequest, s: DepositSessionRow) => ({
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
      const s = await load(req);
      if (!s) return missing(reply, req);
      return (await closed(reply, req, s)) ?? html(reply, 200, renderPayPage(view(req, s)));
    },
    async pay(req: PayRequest, reply: FastifyReply) {
      const s = await load(req);
      if (!s) return missing(reply, req);
      // A repeat submit (or "Try again") of the session this page paid re-sends the same event.
      if (s.status === 'complete' && s.refundedAmount === 0) return finishPaid(reply, req, s);
      const gone = await closed(reply, req, s);
      if (gone) return gone;
      const typed = typeof (req.body as { card_number?: unknown } | undefined)?.card_number === 'string' ? (req.body as { card_number: string }).card_number.slice(0, 64) : '';
      const card = checkTestCard(typed);
      if (card !== 'success') return html(reply, card.status, renderPayPage({ ...view(req, s), cardNumber: typed.slice(0, 23), error: card.message }));
      const result = await gateway.deposits.complete(s.id);
      if (!result) return missing(reply, req);
      // Completed by this submit or by one just before it: the same payment either way.
      if (result.session.status === 'complete') return finishPaid(reply, req, result.session);
      return (await closed(reply, req, result.session)) ?? missing(reply, req);
    },
    async cancel(req: PayRequest, reply: FastifyReply) {
      const s = await load(req);
      if (!s) return missing(reply, req);
      // Back to the proposal; the session stays open, so paying from the proposal again reuses it.
      return reply.redirect(s.returnPath, 303);
    },
  };
}
