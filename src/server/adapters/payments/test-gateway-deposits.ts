import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import type { UnitOfWork } from '../../db/unit-of-work';
import { salesBookScope } from '../../db/privileged-scopes';
import { testDepositRefunds, testDepositSessions } from '../../db/schema/index';
import { assertDepositInput } from './checkout-urls';
import { PaymentInputError, RefundError } from './errors';
import { signTestWebhook } from './test-gateway-signing';
import { refundOnce, type RefundLedger } from './test-gateway-refunds';
import type { DepositSessionInput, PaymentEvent, PaymentSession, RefundInput, RefundResult } from './payments';

/**
 * The built-in gateway's quote deposits (decisions 028 and 029). Each session is a row, open until it
 * is paid once (complete) or closed (expired: replaced by a newer session of the quote, or out of
 * time), so a superseded session can no longer be paid and a paid one can be refunded, as at a real
 * provider. A platform quote has no store, so the rows belong to a sales book: the store's, or the
 * platform's (tenant_id null, reached in the platform-sales scope). The id names its book, because
 * expireSession and refund get only the id: cq_test_ + base64url(book's 16 bytes, zeros for the
 * platform, + 24 random bytes). The random part makes it unguessable; every query filters on the book.
 */
const PREFIX = 'cq_test_';
const SESSION_ID = /^cq_test_[A-Za-z0-9_-]{54}$/;
const PLATFORM_BOOK = Buffer.alloc(16);

export type DepositSessionRow = typeof testDepositSessions.$inferSelect;
export type Transition = { session: DepositSessionRow; changed: boolean };

export const isDepositSessionId = (id: string): boolean => id.startsWith(PREFIX);

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');

function newDepositSessionId(tenantId: string | null): string {
  const book = tenantId === null ? PLATFORM_BOOK : uuidBytes(tenantId);
  if (book.length !== 16) throw new PaymentInputError(`Not a tenant id: ${tenantId}`);
  return PREFIX + Buffer.concat([book, randomBytes(24)]).toString('base64url');
}

/** The book a well-formed deposit session id names: a store's id, null for the platform's; undefined when it is not one. */
export function bookOfDepositSession(id: string): string | null | undefined {
  if (!SESSION_ID.test(id)) return undefined;
  const book = Buffer.from(id.slice(PREFIX.length), 'base64url').subarray(0, 16);
  if (book.equals(PLATFORM_BOOK)) return null;
  const hex = book.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const depositEventSchema = z.object({
  id: z.string().startsWith('evt_test_').max(100),
  object: z.literal('event'),
  type: z.string().max(100),
  created: z.number().int(),
  data: z.strictObject({
    session_id: z.string().regex(SESSION_ID),
    purpose: z.literal('quote_deposit'),
    tenant_id: z.guid().nullable(),
    quote_id: z.guid(),
    amount_total: z.number().int().positive(),
    payment_reference: z.string().max(100),
  }),
});

export class TestDepositSessions {
  constructor(
    private readonly scopes: UnitOfWork,
    private readonly webhookSecret: string,
  ) {}

  /** A new open session for the quote's deposit, on the book's own host (the return URL's origin). */
  async create(input: DepositSessionInput): Promise<PaymentSession> {
    assertDepositInput(input);
    if (uuidBytes(input.quoteId).length !== 16) throw new PaymentInputError('A deposit needs a quote id.');
    const tenantId = input.tenantId?.toLowerCase() ?? null;
    const url = new URL(input.returnUrl);
    const id = newDepositSessionId(tenantId);
    await this.inBook(tenantId, (tx) =>
      tx.insert(testDepositSessions).values({
        id,
        tenantId,
        quoteId: input.quoteId,
        amount: input.amount,
        currency: input.currency,
        description: input.description.slice(0, 300),
        returnPath: `${url.pathname}${url.search}`,
        destinationAccount: input.destinationAccount ?? null,
        expiresAt: input.expiresAt,
      }),
    );
    return { sessionId: id, url: `${url.origin}/pay/${id}` };
  }

  /** The session when its id names this host's book (a store, or null for the platform), else null. */
  async find(sessionId: string, hostTenantId: string | null): Promise<DepositSessionRow | null> {
    if (bookOfDepositSession(sessionId) !== hostTenantId) return null;
    const [row] = await this.inBook(hostTenantId, (tx) => tx.select().from(testDepositSessions).where(this.one(sessionId, hostTenantId)));
    return row ?? null;
  }

  /** Open and in time -> complete, exactly once, with a new payment reference; `changed` says whether this call did it. */
  complete(sessionId: string): Promise<Transition | null> {
    return this.transition(sessionId, { status: 'complete', paymentReference: `pi_test_${randomBytes(18).toString('base64url')}` }, sql`${testDepositSessions.expiresAt} > now()`);
  }

  /** Open -> expired: replaced by a newer session, or (timedOutOnly) its time ran out. Null when there is no such session. */
  expire(sessionId: string, opts: { timedOutOnly?: boolean } = {}): Promise<Transition | null> {
    return this.transition(sessionId, { status: 'expired' }, opts.timedOutOnly ? lte(testDepositSessions.expiresAt, sql`now()`) : undefined);
  }

  /** The signed checkout.session.completed of a paid session; its event id is fixed per session, so a repeat is the same event. */
  signedEvent(s: DepositSessionRow): { payload: string; signature: string; eventId: string } {
    const type = 'checkout.session.completed';
    const eventId = `evt_test_${createHmac('sha256', this.webhookSecret).update(`${type}:${s.id}`).digest('base64url').slice(0, 32)}`;
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { session_id: s.id, purpose: 'quote_deposit', tenant_id: s.tenantId, quote_id: s.quoteId, amount_total: s.amount, payment_reference: s.paymentReference },
    });
    return { payload, signature: signTestWebhook(this.webhookSecret, payload), eventId };
  }

  /** A verified body as a deposit event, or null when it is not one (an order's event, say). The id must name the event's book. */
  eventOf(body: unknown): PaymentEvent | null {
    const parsed = depositEventSchema.safeParse(body);
    if (!parsed.success) return null;
    const e = parsed.data;
    const tenantId = e.data.tenant_id?.toLowerCase() ?? null;
    if (bookOfDepositSession(e.data.session_id) !== tenantId) return null;
    return {
      provider: 'test',
      eventId: e.id,
      type: e.type === 'checkout.session.completed' ? 'checkout.completed' : 'ignored',
      sessionId: e.data.session_id,
      tenantId,
      orderId: null,
      quoteId: e.data.quote_id.toLowerCase(),
      paymentReference: e.data.payment_reference,
      amountTotal: e.data.amount_total,
    };
  }

  /** Part or all of a paid deposit back, once per idempotency key (refundOnce). */
  async refund(input: RefundInput): Promise<RefundResult> {
    const tenantId = bookOfDepositSession(input.sessionId);
    if (tenantId === undefined) throw new RefundError('refund_not_paid', 'There is no payment for this deposit to refund.');
    const one = (sessionId: string) => this.one(sessionId, tenantId);
    const ledger: RefundLedger = {
      book: tenantId ?? 'platform',
      findByKey: async (tx, key) => {
        const [row] = await tx
          .select({ id: testDepositRefunds.id, sessionId: testDepositRefunds.sessionId, amount: testDepositRefunds.amount })
          .from(testDepositRefunds)
          .where(and(tenantId === null ? sql`${testDepositRefunds.tenantId} is null` : eq(testDepositRefunds.tenantId, tenantId), eq(testDepositRefunds.idempotencyKey, key)));
        return row ?? null;
      },
      take: async (tx, sessionId, amount) => {
        const rows = await tx
          .update(testDepositSessions)
          .set({ refundedAmount: sql`${testDepositSessions.refundedAmount} + ${amount}` })
          .where(and(one(sessionId), eq(testDepositSessions.status, 'complete'), sql`${testDepositSessions.refundedAmount} + ${amount} <= ${testDepositSessions.amount}`))
          .returning({ id: testDepositSessions.id });
        return rows.length > 0;
      },
      session: async (tx, sessionId) => {
        const [row] = await tx.select().from(testDepositSessions).where(one(sessionId));
        return row ? { status: row.status, amountTotal: row.amount, refundedAmount: row.refundedAmount } : null;
      },
      insert: async (tx, row) => {
        await tx.insert(testDepositRefunds).values({ ...row, tenantId });
      },
    };
    return this.inBook(tenantId, (tx) => refundOnce(tx, input, ledger));
  }

  private one(sessionId: string, tenantId: string | null): SQL {
    const book = tenantId === null ? sql`${testDepositSessions.tenantId} is null` : eq(testDepositSessions.tenantId, tenantId);
    return and(eq(testDepositSessions.id, sessionId), book)!;
  }

  private async transition(sessionId: string, set: Partial<Pick<DepositSessionRow, 'status' | 'paymentReference'>>, extra?: SQL): Promise<Transition | null> {
    const tenantId = bookOfDepositSession(sessionId);
    if (tenantId === undefined) return null;
    return this.inBook(tenantId, async (tx) => {
      const where = this.one(sessionId, tenantId);
      const [changed] = await tx
        .update(testDepositSessions)
        .set(set)
        .where(and(where, eq(testDepositSessions.status, 'open'), extra))
        .returning();
      if (changed) return { session: changed, changed: true };
      const [session] = await tx.select().from(testDepositSessions).where(where);
      return session ? { session, changed: false } : null;
    });
  }

  /** A store's book is its tenant scope; the platform's is the platform-sales scope (decision 029: the gateway acts as the provider). */
  private inBook<T>(tenantId: string | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.scopes.run(salesBookScope(tenantId), ({ tx }) => fn(tx));
  }
}
