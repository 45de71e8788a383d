import { ACCOUNT_REF_SHAPE, type ConnectAccountState, type PaymentConnect } from './connect';

/**
 * Card payments (DESIGN rule 7): a hosted checkout page run by a provider, and signed webhooks that
 * tell us what happened. The built-in test gateway is the default; Stripe when STRIPE_SECRET_KEY is set.
 * Amounts are integer pence.
 */
export interface PaymentLine {
  name: string;
  quantity: number;
  /** Price of one unit in pence, VAT included. */
  unit_amount: number;
}

export interface CreateSessionInput {
  tenantId: string;
  /** Shown on the hosted pay page. */
  shopName: string;
  orderId: string;
  orderNumber: string;
  currency: 'gbp';
  lines: PaymentLine[];
  /** Delivery charge in pence (0 when free): a line of its own on the pay page. */
  shippingAmount: number;
  shippingName: string;
  /** What the provider must charge: sum of the lines plus shipping. */
  amountTotal: number;
  customerEmail: string;
  /** Absolute URLs; success_url gets session_id appended by the provider ({CHECKOUT_SESSION_ID}). */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /**
   * The store's connected account, when it is ready to be paid (issue 13): the payment is a
   * destination charge into it. Null or absent: the platform's own account takes it, as before.
   */
  destinationAccount?: string | null;
}

/**
 * A deposit on a sales quote (issue 16, decision 028): a one-line payment tied to the quote, not to
 * an order. The provider marks the session as a quote deposit (metadata), so its webhook comes back
 * with `quoteId` set and the CRM, not the orders module, applies it.
 */
export interface DepositSessionInput {
  /** The store whose sales book holds the quote, or null for the platform's own book. */
  tenantId: string | null;
  quoteId: string;
  /** Who is being paid, shown on the hosted pay page (the store's name, or the platform's). */
  payeeName: string;
  /** The one line on the pay page, e.g. 'Deposit: Your new online shop'. */
  description: string;
  /** Pence, above zero. */
  amount: number;
  currency: 'gbp';
  /**
   * The absolute URL of the page the deposit was started from, on its own host. A cancelled payment
   * returns to it as it is; a paid one with `paid=1&session_id=...` added (depositSuccessUrl).
   */
  returnUrl: string;
  expiresAt: Date;
  /** The store's connected account when ready (as for orders); null: the platform's own account. */
  destinationAccount?: string | null;
}

/** Where a paid deposit returns: its page with paid=1 (and the provider's session id after it). */
export function depositSuccessUrl(returnUrl: string): string {
  return `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}paid=1`;
}

export interface PaymentSession {
  sessionId: string;
  /** Where the shopper's browser goes to pay. */
  url: string;
}

/** What a verified webhook means to us; anything else is 'ignored'. */
export type PaymentEventType = 'checkout.completed' | 'checkout.expired' | 'payment.failed' | 'account.updated' | 'ignored';

export interface PaymentEvent {
  provider: string;
  /** The provider's event id: recorded before any effect so a repeated delivery does nothing. */
  eventId: string;
  type: PaymentEventType;
  sessionId: string | null;
  /** From the session's metadata, set by us when it was created (signed by the provider). */
  tenantId: string | null;
  orderId: string | null;
  /** The provider's payment reference (payment intent id) once paid. */
  paymentReference: string | null;
  amountTotal: number | null;
  /** Set for a quote deposit's session (createDepositSession): the CRM applies it; orderId is null then. */
  quoteId?: string | null;
  /**
   * The store's connected account the payment went to, when the provider says (Stripe: the session's
   * metadata): a payment refunded unasked takes the money back from it (decision 029).
   */
  destinationAccount?: string | null;
  /** account.updated: the store's connected account as the provider now sees it, and when. */
  account?: { state: ConnectAccountState; occurredAt: Date } | null;
}

export interface RefundInput {
  sessionId: string;
  paymentReference: string | null;
  amount: number;
  reason?: string;
  /** One per refund we mean to make; the same key on a retry. */
  idempotencyKey: string;
  /** The connected account the payment went to: the refund takes the money back from it too. */
  destinationAccount?: string | null;
}

export interface RefundResult {
  refundId: string;
  amount: number;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createSession(input: CreateSessionInput): Promise<PaymentSession>;
  /** A quote's deposit (decision 028); its events carry quoteId. */
  createDepositSession(input: DepositSessionInput): Promise<PaymentSession>;
  /** Expires an open session (the shopper cancelled or the reservation timed out). A deposit's too. */
  expireSession(sessionId: string): Promise<void>;
  /**
   * Checks the signature on a raw webhook body and reads it. Throws WebhookSignatureError when the
   * signature is missing, wrong or too old.
   */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent;
  /**
   * Refunds part or all of a paid session (issue 6). Idempotent by `idempotencyKey` (issue 11): asked
   * again with the same key, the provider answers the refund it already made instead of a second one,
   * so a caller that lost the answer can safely ask again. Throws an AppError (RefundError) when the
   * provider refuses; any other error means the answer is unknown.
   */
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Forgets the customer's name and email kept with these checkout sessions, as far as the provider lets
   * us (UK GDPR erasure, issue 26); the amounts and references stay. Called after the erasure committed,
   * never inside its transaction; asking again is harmless.
   */
  forgetCustomerDetails(tenantId: string, sessionIds: readonly string[]): Promise<void>;
  /** Each store's own account at the provider and its hosted onboarding (issue 13). */
  readonly connect: PaymentConnect;
}

export class WebhookSignatureError extends Error {}

/**
 * The body is signed but is not an event we can act on (a session event without a usable session
 * id, for one). Refused like a bad signature, with its own code, before anything is recorded.
 */
export class WebhookPayloadError extends WebhookSignatureError {}

/** Providers' session ids are opaque tokens: letters, digits, `_` and `-`, of a sane length. */
const SESSION_ID_SHAPE = /^[A-Za-z0-9_-]{8,255}$/;

/**
 * Throws WebhookPayloadError for an event that names a checkout session without a well-formed
 * session id. Every effect of a session event is tied to the session the order opened, so an empty
 * or odd id must never get as far as the order (an empty one would match no check at all).
 * A payment-intent failure carries no session (null) and only notes the failure.
 */
export function assertWellFormedEvent(event: PaymentEvent): void {
  if (event.type === 'ignored') return;
  if (event.type === 'account.updated') {
    if (!event.account || !ACCOUNT_REF_SHAPE.test(event.account.state.accountRef)) {
      throw new WebhookPayloadError('The event does not name a valid connected account.');
    }
    return;
  }
  if (event.type === 'payment.failed' && event.sessionId === null) return;
  if (typeof event.sessionId !== 'string' || !SESSION_ID_SHAPE.test(event.sessionId)) {
    throw new WebhookPayloadError('The event does not name a valid payment session (session_id).');
  }
}

/** Where providers send webhooks, on any host: the signed event names its tenant. */
export const PAYMENT_WEBHOOK_PATH = '/api/webhooks/payments/:provider';
