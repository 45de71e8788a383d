import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AccountLink, AccountLinkInput, ConnectAccountState, CreateAccountInput, PaymentConnect } from '../adapters/payments/connect';
import { WebhookSignatureError, type CreateSessionInput, type DepositSessionInput, type PaymentEvent, type PaymentProvider, type RefundInput, type RefundResult } from '../adapters/payments/payments';

/**
 * A payment provider for API tests: records the sessions it was asked for, can be told to fail, and
 * signs events the way a real provider would so the webhook route's checks run for real.
 */
const ONBOARDED: Omit<ConnectAccountState, 'accountRef'> = {
  detailsSubmitted: true,
  chargesEnabled: true,
  payoutsEnabled: true,
  requirements: { currentlyDue: [], pastDue: [], pendingVerification: [], disabledReason: null },
  capabilities: { card_payments: 'active', transfers: 'active' },
};

/** Connected accounts kept in memory; `failNext` makes the next call throw as an unreachable provider. */
export class FakeConnect implements PaymentConnect {
  accounts = new Map<string, ConnectAccountState & { tenantId: string }>();
  links: AccountLinkInput[] = [];
  failNext = false;

  async createAccount(input: CreateAccountInput): Promise<ConnectAccountState> {
    this.maybeFail();
    const state: ConnectAccountState = {
      accountRef: `acct_fake_${randomBytes(8).toString('hex')}`,
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      requirements: { currentlyDue: ['external_account'], pastDue: [], pendingVerification: [], disabledReason: 'requirements.past_due' },
      capabilities: {},
    };
    this.accounts.set(state.accountRef, { ...state, tenantId: input.tenantId });
    return state;
  }

  async createAccountLink(input: AccountLinkInput): Promise<AccountLink> {
    this.maybeFail();
    this.links.push(input);
    return { url: `https://connect.example/onboard/${input.accountRef}`, expiresAt: new Date(Date.now() + 300_000) };
  }

  /** An account it did not make (the demo seed's onboarded test accounts) answers as onboarded. */
  async retrieveAccount(input: { tenantId: string; accountRef: string }): Promise<ConnectAccountState> {
    this.maybeFail();
    if (!this.accounts.has(input.accountRef)) {
      this.accounts.set(input.accountRef, { accountRef: input.accountRef, tenantId: input.tenantId, ...ONBOARDED });
    }
    const account = this.accounts.get(input.accountRef)!;
    if (account.tenantId !== input.tenantId) throw new Error(`account ${input.accountRef} is another store's`);
    const { tenantId: _tenant, ...state } = account;
    return state;
  }

  /** The account holder finished onboarding: the account can take payments. */
  complete(accountRef: string): void {
    this.accounts.set(accountRef, { ...this.accounts.get(accountRef)!, ...ONBOARDED });
  }

  private maybeFail() {
    if (!this.failNext) return;
    this.failNext = false;
    throw new Error('provider down');
  }
}

export class FakePayments implements PaymentProvider {
  readonly name = 'test' as const;
  readonly connect = new FakeConnect();
  sessions: (CreateSessionInput & { sessionId: string })[] = [];
  expired: string[] = [];
  /** Every refund call as it was asked (a retry under the same key shows twice). */
  refundCalls: RefundInput[] = [];
  /** The refunds made, by idempotency key: a repeated key answers the same refund, as providers do. */
  refunds = new Map<string, RefundResult>();
  failNext = false;
  constructor(private readonly secret = 'fake-payments-secret') {}

  async createSession(input: CreateSessionInput) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('provider down');
    }
    const sessionId = `cs_fake_${randomBytes(12).toString('hex')}`;
    this.sessions.push({ ...input, sessionId });
    return { sessionId, url: `https://pay.example/${sessionId}` };
  }

  /** Sessions whose customer details were asked to be forgotten (erasure, issue 26), by store. */
  forgotten: { tenantId: string; sessionIds: string[] }[] = [];

  async forgetCustomerDetails(tenantId: string, sessionIds: readonly string[]) {
    this.forgotten.push({ tenantId, sessionIds: [...sessionIds] });
  }

  /** Quote deposits asked for (decision 028). */
  deposits: (DepositSessionInput & { sessionId: string })[] = [];

  async createDepositSession(input: DepositSessionInput) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('provider down');
    }
    const sessionId = `cs_fake_${randomBytes(12).toString('hex')}`;
    this.deposits.push({ ...input, sessionId });
    return { sessionId, url: `https://pay.example/${sessionId}` };
  }

  async expireSession(sessionId: string) {
    this.expired.push(sessionId);
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    this.refundCalls.push(input);
    const earlier = this.refunds.get(input.idempotencyKey);
    if (earlier) return earlier;
    const made = { refundId: `re_${randomBytes(6).toString('hex')}`, amount: input.amount };
    this.refunds.set(input.idempotencyKey, made);
    return made;
  }

  /** Pence refunded for one session, as the provider's own books say. */
  refundedFor(sessionId: string): number {
    const keys = new Set(this.refundCalls.filter((c) => c.sessionId === sessionId).map((c) => c.idempotencyKey));
    return [...keys].reduce((sum, key) => sum + (this.refunds.get(key)?.amount ?? 0), 0);
  }

  /** A signed webhook body and headers for this session, as the provider would post it. */
  webhook(sessionId: string, type: PaymentEvent['type'], overrides: Partial<PaymentEvent> = {}) {
    const session = this.sessions.find((s) => s.sessionId === sessionId)!;
    const event: PaymentEvent = {
      provider: 'test',
      eventId: `evt_${randomBytes(8).toString('hex')}`,
      type,
      sessionId,
      tenantId: session.tenantId,
      orderId: session.orderId,
      paymentReference: type === 'checkout.completed' ? `pi_${randomBytes(6).toString('hex')}` : null,
      amountTotal: session.amountTotal,
      ...overrides,
    };
    const payload = JSON.stringify(event);
    return { payload, headers: { 'content-type': 'application/json', 'x-fake-signature': this.sign(payload) } };
  }

  sign(payload: string) {
    return createHmac('sha256', this.secret).update(payload).digest('hex');
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent {
    const given = Buffer.from(String(headers['x-fake-signature'] ?? ''), 'hex');
    const expected = Buffer.from(this.sign(rawBody.toString('utf8')), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookSignatureError('Bad signature');
    return JSON.parse(rawBody.toString('utf8')) as PaymentEvent;
  }
}
