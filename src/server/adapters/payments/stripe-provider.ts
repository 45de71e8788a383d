import Stripe from 'stripe';
import { accountStateOf } from './connect';
import { StripeConnect } from './stripe-connect';
import { assertDepositInput, assertSessionInput, withSessionIdPlaceholder } from './checkout-urls';
import { PaymentSessionCompleteError, PaymentSessionUnknownError, RefundError } from './errors';
import { depositSuccessUrl, WebhookSignatureError, type CreateSessionInput, type DepositSessionInput, type PaymentEvent, type PaymentEventType, type PaymentProvider, type PaymentSession, type RefundInput, type RefundResult } from './payments';

export interface StripeSettings {
  secretKey: string;
  /** The endpoint's signing secret (whsec_...): webhooks are refused without a valid signature. */
  webhookSecret: string;
  /** The Connect endpoint's signing secret, when account events come to a Connect endpoint of their own. */
  connectWebhookSecret?: string;
  /** Another API server (a local fake, stripe-mock): http(s)://host:port. */
  apiBase?: string;
}

/** Stripe refuses expires_at outside 30 minutes .. 24 hours from now; a minute's margin each side. */
const MIN_EXPIRY_S = 31 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60 - 60;
const WEBHOOK_TOLERANCE_S = 300;

type StripeClientOptions = NonNullable<ConstructorParameters<typeof Stripe>[1]>;

/** SDK options for an API base URL: host, port and protocol are separate settings there. */
export function stripeClientOptions(apiBase?: string): StripeClientOptions {
  const options: StripeClientOptions = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...options, host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/**
 * Card payments through Stripe Checkout: a Checkout Session per order, built from the order's lines
 * (never from anything the browser sent), with the tenant and order in its metadata so the signed
 * webhook says whose payment it was.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly connect: StripeConnect;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey, stripeClientOptions(settings.apiBase));
    this.connect = new StripeConnect(this.stripe);
  }

  async createSession(input: CreateSessionInput): Promise<PaymentSession> {
    assertSessionInput(input);
    const metadata = { tenant_id: input.tenantId, order_id: input.orderId, order_number: input.orderNumber };
    return this.openSession({
      mode: 'payment',
      line_items: input.lines.map((line) => ({
        quantity: line.quantity,
        price_data: { currency: 'gbp', unit_amount: line.unit_amount, product_data: { name: line.name.slice(0, 250) } },
      })),
      shipping_options: [
        {
          shipping_rate_data: {
            type: 'fixed_amount',
            display_name: (input.shippingName || 'Delivery').slice(0, 100),
            fixed_amount: { amount: input.shippingAmount, currency: 'gbp' },
          },
        },
      ],
      customer_email: input.customerEmail,
      client_reference_id: input.orderId,
      success_url: withSessionIdPlaceholder(input.successUrl),
      cancel_url: input.cancelUrl,
    }, metadata, input.expiresAt, input.destinationAccount);
  }

  /**
   * A quote's deposit (decision 028): one line, no delivery, metadata purpose 'quote_deposit' with the
   * quote and its book (tenant_id empty for the platform's own), so the webhook routes it to the CRM.
   */
  async createDepositSession(input: DepositSessionInput): Promise<PaymentSession> {
    assertDepositInput(input);
    const metadata = { purpose: QUOTE_DEPOSIT, quote_id: input.quoteId, tenant_id: input.tenantId ?? '' };
    return this.openSession({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'gbp', unit_amount: input.amount, product_data: { name: input.description.slice(0, 250) } } }],
      client_reference_id: input.quoteId,
      success_url: withSessionIdPlaceholder(depositSuccessUrl(input.returnUrl)),
      cancel_url: input.returnUrl,
    }, metadata, input.expiresAt, input.destinationAccount);
  }

  /**
   * What every Checkout Session shares: an expiry within Stripe's bounds, en-GB, the metadata on the
   * session and its payment, and a destination charge when the store's connected account is ready (the
   * platform takes the payment and Stripe transfers it to the store's account: issue 13, decision 016).
   */
  private async openSession(
    params: Stripe.Checkout.SessionCreateParams,
    metadata: Record<string, string>,
    expiresAt: Date,
    destinationAccount: string | null | undefined,
  ): Promise<PaymentSession> {
    const now = Math.floor(Date.now() / 1000);
    const wanted = Math.floor(expiresAt.getTime() / 1000);
    // The destination rides in the metadata too: a payment we refund unasked (a second payment,
    // decision 029) must take the money back from the account it went to, and its webhook says which.
    const withDestination = destinationAccount ? { ...metadata, [DESTINATION_KEY]: destinationAccount } : metadata;
    const session = await this.stripe.checkout.sessions.create({
      ...params,
      expires_at: Math.min(Math.max(wanted, now + MIN_EXPIRY_S), now + MAX_EXPIRY_S),
      locale: 'en-GB',
      metadata: withDestination,
      payment_intent_data: { metadata: withDestination, ...(destinationAccount ? { transfer_data: { destination: destinationAccount } } : {}) },
    });
    if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL.`);
    return { sessionId: session.id, url: session.url };
  }

  /**
   * Nothing to ask of Stripe: a Checkout Session cannot be edited, and Stripe keeps its payment records
   * as a controller in its own right, under its own legal duties (its privacy policy says how long). Our
   * sessions create no Stripe Customer that could be deleted.
   */
  async forgetCustomerDetails(): Promise<void> {}

  async expireSession(sessionId: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId);
    } catch (err) {
      // Stripe expires only open sessions: find out whether it already ended, and how.
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      if (err.code === 'resource_missing') throw new PaymentSessionUnknownError(sessionId);
      const session = await this.stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
      if (session?.status === 'expired') return;
      if (session?.status === 'complete') throw new PaymentSessionCompleteError(sessionId);
      throw err;
    }
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent {
    const header = headers['stripe-signature'];
    if (typeof header !== 'string' || !header) throw new WebhookSignatureError('Missing stripe-signature header.');
    // The platform's endpoint first, then the Connect endpoint's (connected accounts' events), if set.
    const secrets = [this.settings.webhookSecret, this.settings.connectWebhookSecret].filter((s): s is string => !!s);
    let failure: unknown;
    for (const secret of secrets) {
      try {
        return toPaymentEvent(this.stripe.webhooks.constructEvent(rawBody, header, secret, WEBHOOK_TOLERANCE_S));
      } catch (err) {
        failure = err;
      }
    }
    throw new WebhookSignatureError(failure instanceof Error ? failure.message : 'Stripe webhook signature does not verify.');
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
      throw new RefundError('refund_invalid', 'A refund must be a whole number of pence above zero.');
    }
    let paymentIntent = input.paymentReference;
    if (!paymentIntent) {
      const session = await this.stripe.checkout.sessions.retrieve(input.sessionId);
      paymentIntent = idOf(session.payment_intent);
    }
    if (!paymentIntent) throw new RefundError('refund_not_paid', 'This payment was never completed, so there is nothing to refund.');
    try {
      // Stripe keeps idempotency keys for at least 24 hours: the same key answers the same refund.
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: input.amount,
          metadata: { session_id: input.sessionId, ...(input.reason ? { reason: input.reason.slice(0, 500) } : {}) },
          // A destination charge's money sits in the store's account: take the refund back from it.
          ...(input.destinationAccount ? { reverse_transfer: true } : {}),
        },
        { idempotencyKey: `refund-${input.idempotencyKey}` },
      );
      return { refundId: refund.id, amount: refund.amount };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) {
        const tooLarge = err.code === 'amount_too_large' || err.code === 'charge_already_refunded';
        throw new RefundError(tooLarge ? 'refund_too_large' : 'refund_failed', `Stripe refused the refund: ${err.message}`);
      }
      throw err;
    }
  }
}

/** The metadata purpose of a quote's deposit session. */
const QUOTE_DEPOSIT = 'quote_deposit';
/** The metadata key of the connected account a destination charge pays into. */
const DESTINATION_KEY = 'destination_account';

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** What a verified Stripe event means to the shop. Anything not listed is 'ignored'. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { provider: 'stripe', eventId: event.id };
  const fromSession = (type: PaymentEventType, session: Stripe.Checkout.Session): PaymentEvent => {
    const deposit = session.metadata?.purpose === QUOTE_DEPOSIT;
    return {
      ...base,
      type,
      sessionId: session.id,
      // A platform quote's deposit has no tenant (metadata '').
      tenantId: session.metadata?.tenant_id || null,
      orderId: deposit ? null : (session.metadata?.order_id ?? null),
      paymentReference: idOf(session.payment_intent),
      amountTotal: session.amount_total,
      ...(session.metadata?.[DESTINATION_KEY] ? { destinationAccount: session.metadata[DESTINATION_KEY] } : {}),
      ...(deposit ? { quoteId: session.metadata?.quote_id ?? null } : {}),
    };
  };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      // A delayed method (bank debit) completes the session unpaid; async_payment_succeeded follows.
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      return fromSession(paid ? 'checkout.completed' : 'ignored', session);
    }
    case 'checkout.session.async_payment_succeeded':
      return fromSession('checkout.completed', event.data.object);
    case 'checkout.session.expired':
      return fromSession('checkout.expired', event.data.object);
    case 'checkout.session.async_payment_failed':
      return fromSession('payment.failed', event.data.object);
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return {
        ...base,
        type: 'payment.failed',
        sessionId: null,
        tenantId: intent.metadata?.tenant_id ?? null,
        orderId: intent.metadata?.order_id ?? null,
        paymentReference: intent.id,
        amountTotal: intent.amount,
      };
    }
    case 'account.updated': {
      const account = event.data.object;
      return {
        ...base,
        type: 'account.updated',
        sessionId: null,
        tenantId: account.metadata?.tenant_id ?? null,
        orderId: null,
        paymentReference: null,
        amountTotal: null,
        account: { state: accountStateOf(account), occurredAt: new Date(event.created * 1000) },
      };
    }
    default:
      return { ...base, type: 'ignored', sessionId: null, tenantId: null, orderId: null, paymentReference: null, amountTotal: null };
  }
}
