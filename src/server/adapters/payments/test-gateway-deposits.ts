import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { assertDepositInput } from './checkout-urls';
import { PaymentInputError } from './errors';
import { signTestWebhook } from './test-gateway-signing';
import type { DepositSessionInput, PaymentEvent } from './payments';

/**
 * The built-in gateway's quote deposits (decision 028). Its sessions table belongs to orders (each row
 * names an order and a store), and a platform quote has neither, so a deposit session keeps no row:
 * its id IS the session, signed with the webhook secret: the quote, the amount, the deadline and the
 * page to return to. The signature also covers the book (the store, or none) without carrying it, so
 * the id verifies only on its own book's host, and the id stays within a route parameter's 100
 * characters. Whether it was paid is the quote's own state (paid once, by the CRM's webhook).
 */
const PREFIX = 'cq_test_';
const MAX_ID = 100;
const MAC_BYTES = 10;
const HEAD = 25; // version 1, quote 16, amount 4, expires 4

export interface DepositSession {
  id: string;
  tenantId: string | null;
  quoteId: string;
  amount: number;
  expiresAt: Date;
  /** The page on its host the payment returns to (paid: with paid=1 and the session id). */
  returnPath: string;
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (b: Buffer) => {
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
const mac = (secret: string, tenantId: string | null, body: Buffer) =>
  createHmac('sha256', `quote-deposit:${secret}`).update(tenantId ?? 'platform').update(body).digest().subarray(0, MAC_BYTES);

export const isDepositSessionId = (id: string): boolean => id.startsWith(PREFIX);

export function newDepositSession(secret: string, input: DepositSessionInput): DepositSession & { origin: string } {
  assertDepositInput(input);
  const quote = uuidBytes(input.quoteId);
  if (quote.length !== 16 || (input.tenantId !== null && uuidBytes(input.tenantId).length !== 16)) throw new PaymentInputError('A deposit needs a quote id and a tenant id (or none).');
  if (input.amount > 0xffffffff) throw new PaymentInputError('A deposit is too large for the test gateway.');
  const url = new URL(input.returnUrl);
  const head = Buffer.alloc(HEAD);
  head[0] = 1;
  quote.copy(head, 1);
  head.writeUInt32BE(input.amount, 17);
  head.writeUInt32BE(Math.floor(input.expiresAt.getTime() / 1000), 21);
  const body = Buffer.concat([head, Buffer.from(`${url.pathname}${url.search}`)]);
  const id = PREFIX + Buffer.concat([body, mac(secret, input.tenantId?.toLowerCase() ?? null, body)]).toString('base64url');
  if (id.length > MAX_ID) throw new PaymentInputError('The deposit\'s return URL is too long for the test gateway.');
  return { ...readDepositSession(secret, id, input.tenantId?.toLowerCase() ?? null)!, origin: url.origin };
}

/** The session an id names in this book (a store, or null), or null when it is not one signed for it. */
export function readDepositSession(secret: string, id: string, tenantId: string | null): DepositSession | null {
  if (!isDepositSessionId(id) || id.length > MAX_ID || !/^[A-Za-z0-9_-]+$/.test(id.slice(PREFIX.length))) return null;
  const raw = Buffer.from(id.slice(PREFIX.length), 'base64url');
  if (raw.length < HEAD + 2 + MAC_BYTES) return null;
  const body = raw.subarray(0, raw.length - MAC_BYTES);
  if (!timingSafeEqual(raw.subarray(raw.length - MAC_BYTES), mac(secret, tenantId, body)) || body[0] !== 1) return null;
  const returnPath = body.subarray(HEAD).toString();
  if (!returnPath.startsWith('/') || returnPath.startsWith('//')) return null;
  return {
    id,
    tenantId,
    quoteId: uuidOf(body.subarray(1, 17)),
    amount: body.readUInt32BE(17),
    expiresAt: new Date(body.readUInt32BE(21) * 1000),
    returnPath,
  };
}

const depositEventSchema = z.object({
  id: z.string().startsWith('evt_test_').max(100),
  object: z.literal('event'),
  type: z.string().max(100),
  created: z.number().int(),
  data: z.strictObject({
    session_id: z.string().max(MAX_ID),
    purpose: z.literal('quote_deposit'),
    tenant_id: z.guid().nullable(),
    quote_id: z.guid(),
    amount_total: z.number().int().nonnegative(),
    payment_reference: z.string().max(100),
  }),
});

/** The payment reference a paid deposit session gets: fixed per session, so a repeat is the same payment. */
const referenceOf = (secret: string, id: string) => `pi_test_${createHmac('sha256', secret).update(`deposit-ref:${id}`).digest('base64url').slice(0, 24)}`;

/** The signed checkout.session.completed for a paid deposit; its id is fixed per session. */
export function signedDepositEvent(secret: string, s: DepositSession): { payload: string; signature: string; eventId: string } {
  const type = 'checkout.session.completed';
  const eventId = `evt_test_${createHmac('sha256', secret).update(`${type}:${s.id}`).digest('base64url').slice(0, 32)}`;
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { session_id: s.id, purpose: 'quote_deposit', tenant_id: s.tenantId, quote_id: s.quoteId, amount_total: s.amount, payment_reference: referenceOf(secret, s.id) },
  });
  return { payload, signature: signTestWebhook(secret, payload), eventId };
}

/** A verified body as a deposit event, or null when it is not one (an order's event, say). */
export function depositEventOf(secret: string, body: unknown): PaymentEvent | null {
  const parsed = depositEventSchema.safeParse(body);
  if (!parsed.success) return null;
  const e = parsed.data;
  // The session must be one this gateway signed, naming the same quote, book and amount.
  const session = readDepositSession(secret, e.data.session_id, e.data.tenant_id?.toLowerCase() ?? null);
  const matches = session && session.quoteId === e.data.quote_id.toLowerCase() && session.amount === e.data.amount_total;
  if (!matches) return null;
  return {
    provider: 'test',
    eventId: e.id,
    type: e.type === 'checkout.session.completed' ? 'checkout.completed' : 'ignored',
    sessionId: session.id,
    tenantId: session.tenantId,
    orderId: null,
    quoteId: session.quoteId,
    paymentReference: e.data.payment_reference,
    amountTotal: e.data.amount_total,
  };
}
