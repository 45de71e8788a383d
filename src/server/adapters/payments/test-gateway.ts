import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import type { UnitOfWork } from '../../db/unit-of-work';
import { testPaymentRefunds, testPaymentSessions } from '../../db/schema/index';
import { assertSessionInput } from './checkout-urls';
import { PaymentSessionCompleteError, PaymentSessionUnknownError, RefundError } from './errors';
import { signTestWebhook, TEST_SIGNATURE_HEADER, verifyTestSignature } from './test-gateway-signing';
import { TestConnect, testAccountEvent, testAccountEventSchema } from './test-connect';
import { isDepositSessionId, TestDepositSessions } from './test-gateway-deposits';
import { refundOnce, type RefundLedger } from './test-gateway-refunds';
import {
  PAYMENT_WEBHOOK_PATH,
  WebhookPayloadError,
  type CreateSessionInput,
  type DepositSessionInput,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentProvider,
  type PaymentSession,
  type RefundInput,
  type RefundResult,
} from './payments';

export { signTestWebhook, verifyTestSignature, TEST_SIGNATURE_HEADER, TEST_WEBHOOK_TOLERANCE_SECONDS } from './test-gateway-signing';
export const TEST_WEBHOOK_URL = PAYMENT_WEBHOOK_PATH.replace(':provider', 'test');
/** The cards the pay page knows: one that pays and one that is declined. */
export const TEST_CARDS = { success: '4242424242424242', decline: '4000000000000002' } as const;

export type TestSessionRow = typeof testPaymentSessions.$inferSelect;
/** A session as the pay page shows it: with the order's number and delivery method. */
export type TestSessionView = TestSessionRow & { shippingMethodName: string | null };
export type TestEventType = 'checkout.session.completed' | 'checkout.session.expired';

/**
 * Session ids carry their tenant: base64url(tenant uuid bytes + 24 random bytes). The interface's
 * expireSession/refund get only the id, and the sessions table is under row-level security, so the id
 * must name the tenant to open the right scope. Tenant ids are not secret (they are in file URLs); the
 * 24 random bytes make the id unguessable, and every query still filters on the tenant.
 */
const SESSION_ID = /^cs_test_[A-Za-z0-9_-]{54}$/;

export function newSessionId(tenantId: string): string {
  const tenant = Buffer.from(tenantId.replace(/-/g, ''), 'hex');
  if (tenant.length !== 16) throw new Error(`Not a tenant id: ${tenantId}`);
  return `cs_test_${Buffer.concat([tenant, randomBytes(24)]).toString('base64url')}`;
}

/** The tenant a well-formed session id names, or null for anything else. */
export function tenantOfSessionId(sessionId: string): string | null {
  if (!SESSION_ID.test(sessionId)) return null;
  const hex = Buffer.from(sessionId.slice('cs_test_'.length), 'base64url').subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const isTestSessionId = (value: string): boolean => SESSION_ID.test(value);

const eventSchema = z.object({
  id: z.string().startsWith('evt_test_').max(100),
  object: z.literal('event'),
  type: z.string().max(100),
  created: z.number().int(),
  data: z
    .object({
      // One of this gateway's own session ids, and it must name the event's tenant.
      session_id: z.string().regex(SESSION_ID),
      tenant_id: z.guid(),
      order_id: z.guid(),
      amount_total: z.number().int().nonnegative(),
      payment_reference: z.string().max(100).nullable(),
    })
    .refine((d) => tenantOfSessionId(d.session_id) === d.tenant_id.toLowerCase()),
});

const EVENT_TYPES: Record<string, PaymentEventType> = {
  'checkout.session.completed': 'checkout.completed',
  'checkout.session.expired': 'checkout.expired',
};

/**
 * The built-in payment gateway (DESIGN rule 7): no account, no network. Sessions live in
 * test_payment_sessions; the shopper pays on the store's own /pay/:id page (test-gateway-routes.ts),
 * which sends a signed webhook to the app's webhook route just as a real provider would.
 */
export class TestGateway implements PaymentProvider {
  readonly name = 'test' as const;
  readonly connect: TestConnect;
  /** Quote deposits' sessions (decision 029): their own table, pay page and refunds. */
  readonly deposits: TestDepositSessions;

  constructor(
    private readonly scopes: UnitOfWork,
    private readonly webhookSecret: string,
  ) {
    this.connect = new TestConnect(scopes, webhookSecret);
    this.deposits = new TestDepositSessions(scopes, webhookSecret);
  }

  async createSession(input: CreateSessionInput): Promise<PaymentSession> {
    assertSessionInput(input);
    const sessionId = newSessionId(input.tenantId);
    await this.scoped(input.tenantId, (tx) =>
      tx.insert(testPaymentSessions).values({
        id: sessionId,
        tenantId: input.tenantId,
        orderId: input.orderId,
        amountTotal: input.amountTotal,
        currency: input.currency,
        lines: input.lines.map((l) => ({ name: l.name, quantity: l.quantity, unit_amount: l.unit_amount })),
        customerEmail: input.customerEmail,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        expiresAt: input.expiresAt,
        destinationAccount: input.destinationAccount ?? null,
        orderNumber: input.orderNumber,
        shippingName: input.shippingName,
      }),
    );
    return { sessionId, url: payPageUrl(input.successUrl, sessionId) };
  }

  /** A quote's deposit (decisions 028, 029): a session of its own kind, paid on the same /pay page. */
  createDepositSession(input: DepositSessionInput): Promise<PaymentSession> {
    return this.deposits.create(input);
  }

  /**
   * Expires an open session. No webhook: the caller asked for it. Already expired: nothing to do.
   * Already paid: PaymentSessionCompleteError. A deposit's session the same way (a newer one replaced it).
   */
  async expireSession(sessionId: string): Promise<void> {
    const tenantId = tenantOfSessionId(sessionId);
    const result = isDepositSessionId(sessionId) ? await this.deposits.expire(sessionId) : tenantId ? await this.expire(tenantId, sessionId) : null;
    if (!result) throw new PaymentSessionUnknownError(sessionId);
    if (result.session.status === 'complete') throw new PaymentSessionCompleteError(sessionId);
  }

  /** The built-in gateway keeps the shopper's name and email for its pay page: blanked here. */
  async forgetCustomerDetails(tenantId: string, sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    await this.scopes.run({ tenantId, userId: null }, ({ tx }) =>
      tx
        .update(testPaymentSessions)
        .set({ shippingName: null, customerEmail: null })
        .where(and(eq(testPaymentSessions.tenantId, tenantId), inArray(testPaymentSessions.id, [...sessionIds]))),
    );
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent {
    verifyTestSignature(this.webhookSecret, rawBody, headers[TEST_SIGNATURE_HEADER]);
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookPayloadError('Signed webhook body is not a test gateway event.');
    }
    const accountEvent = testAccountEventSchema.safeParse(body);
    if (accountEvent.success) {
      const e = accountEvent.data;
      return { provider: 'test', eventId: e.id, type: 'account.updated', sessionId: null, tenantId: e.data.tenant_id, orderId: null, paymentReference: null, amountTotal: null, account: testAccountEvent(e) };
    }
    const deposit = this.deposits.eventOf(body);
    if (deposit) return deposit;
    const parsed = eventSchema.safeParse(body);
    if (!parsed.success) throw new WebhookPayloadError('Signed webhook body is not a test gateway event.');
    const event = parsed.data;
    return {
      provider: 'test',
      eventId: event.id,
      type: EVENT_TYPES[event.type] ?? 'ignored',
      sessionId: event.data.session_id,
      tenantId: event.data.tenant_id,
      orderId: event.data.order_id,
      paymentReference: event.data.payment_reference,
      amountTotal: event.data.amount_total,
    };
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    if (isDepositSessionId(input.sessionId)) return this.deposits.refund(input);
    const tenantId = tenantOfSessionId(input.sessionId);
    if (!tenantId) throw new RefundError('refund_not_paid', 'There is no payment for this order to refund.');
    const one = (sessionId: string) => and(eq(testPaymentSessions.id, sessionId), eq(testPaymentSessions.tenantId, tenantId));
    const ledger: RefundLedger = {
      book: tenantId,
      findByKey: async (tx, key) => {
        const [row] = await tx
          .select({ id: testPaymentRefunds.id, sessionId: testPaymentRefunds.sessionId, amount: testPaymentRefunds.amount })
          .from(testPaymentRefunds)
          .where(and(eq(testPaymentRefunds.tenantId, tenantId), eq(testPaymentRefunds.idempotencyKey, key)));
        return row ?? null;
      },
      take: async (tx, sessionId, amount) => {
        const rows = await tx
          .update(testPaymentSessions)
          .set({ refundedAmount: sql`${testPaymentSessions.refundedAmount} + ${amount}` })
          .where(and(one(sessionId), eq(testPaymentSessions.status, 'complete'), sql`${testPaymentSessions.refundedAmount} + ${amount} <= ${testPaymentSessions.amountTotal}`))
          .returning({ id: testPaymentSessions.id });
        return rows.length > 0;
      },
      session: async (tx, sessionId) => {
        const [row] = await tx.select().from(testPaymentSessions).where(one(sessionId));
        return row ? { status: row.status, amountTotal: row.amountTotal, refundedAmount: row.refundedAmount } : null;
      },
      insert: async (tx, row) => {
        await tx.insert(testPaymentRefunds).values({ ...row, tenantId });
      },
    };
    return this.scoped(tenantId, (tx) => refundOnce(tx, input, ledger));
  }

  // ---- used by the pay page routes ----

  /** The tenant's session with its order's number and delivery name, or null (unknown or another tenant's). */
  async findSession(tenantId: string, sessionId: string): Promise<TestSessionView | null> {
    if (!isTestSessionId(sessionId)) return null;
    const rows = await this.scoped(tenantId, (tx) =>
      tx
        .select({ session: testPaymentSessions })
        .from(testPaymentSessions)
        .where(and(eq(testPaymentSessions.id, sessionId), eq(testPaymentSessions.tenantId, tenantId))),
    );
    const row = rows[0];
    return row ? { ...row.session, shippingMethodName: row.session.shippingName } : null;
  }

  /**
   * Open and in time -> complete, exactly once, with a new payment reference. `changed` says whether
   * this call did it (a double submit finds it already complete). Null when there is no such session.
   */
  async complete(tenantId: string, sessionId: string): Promise<{ session: TestSessionRow; changed: boolean } | null> {
    return this.transition(tenantId, sessionId, { status: 'complete', paymentReference: `pi_test_${randomBytes(18).toString('base64url')}` }, sql`${testPaymentSessions.expiresAt} > now()`);
  }

  /** Open -> expired (cancelled, or only once its time has run out when `timedOutOnly`). */
  async expire(tenantId: string, sessionId: string, opts: { timedOutOnly?: boolean } = {}): Promise<{ session: TestSessionRow; changed: boolean } | null> {
    return this.transition(tenantId, sessionId, { status: 'expired' }, opts.timedOutOnly ? lte(testPaymentSessions.expiresAt, sql`now()`) : undefined);
  }

  /** The signed webhook for a session's state, ready to POST. Its id is fixed per session and type. */
  signedEvent(session: TestSessionRow, type: TestEventType): { payload: string; signature: string; eventId: string } {
    const eventId = `evt_test_${createHmac('sha256', this.webhookSecret).update(`${type}:${session.id}`).digest('base64url').slice(0, 32)}`;
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: {
        session_id: session.id,
        tenant_id: session.tenantId,
        order_id: session.orderId,
        amount_total: session.amountTotal,
        payment_reference: session.paymentReference,
      },
    });
    return { payload, signature: signTestWebhook(this.webhookSecret, payload), eventId };
  }

  private async transition(
    tenantId: string,
    sessionId: string,
    set: Partial<Pick<TestSessionRow, 'status' | 'paymentReference'>>,
    extra?: SQL,
  ): Promise<{ session: TestSessionRow; changed: boolean } | null> {
    if (!isTestSessionId(sessionId)) return null;
    return this.scoped(tenantId, async (tx) => {
      const where = and(eq(testPaymentSessions.id, sessionId), eq(testPaymentSessions.tenantId, tenantId));
      const [changed] = await tx
        .update(testPaymentSessions)
        .set(set)
        .where(and(where, eq(testPaymentSessions.status, 'open'), extra))
        .returning();
      if (changed) return { session: changed, changed: true };
      const [session] = await tx.select().from(testPaymentSessions).where(where);
      return session ? { session, changed: false } : null;
    });
  }

  private scoped<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.scopes.run({ tenantId, userId: null }, ({ tx }) => fn(tx));
  }
}

/** The pay page on the store's own host (the success URL's origin), or a path when that is not absolute. */
function payPageUrl(successUrl: string, sessionId: string): string {
  try {
    return new URL(`/pay/${sessionId}`, new URL(successUrl).origin).toString();
  } catch {
    return `/pay/${sessionId}`;
  }
}
