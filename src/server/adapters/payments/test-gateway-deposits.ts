import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { assertDepositInput } from './checkout-urls';
import { PaymentInputError } from './errors';
import { signTestWebhook } from './test-gateway-signing';
import type { DepositSessionInput, PaymentEvent } from './payments';

/**
 * The built-in gateway's quote deposits (decision 028). Its sessions table belongs to orders (each row
 * names an order and a store), and a platform quote has neither, so a deposit session keeps no row:
 * its id IS the session, signed with the webhook secret: the book (store or none), the quote, the
 * amount, the deadline and where to return. Nothing in it can be changed without breaking the
 * signature, and whether it was paid is the quote's own state (paid once, by the CRM's webhook).
 */
const PREFIX = 'cq_test_';
const MAX_ID = 255;
const MAC_BYTES = 16;
const ZERO_TENANT = Buffer.alloc(16);

export interface DepositSession {
  id: string;
  tenantId: string | null;
  quoteId: string;
  amount: number;
  expiresAt: Date;
  /** Paths on the host the session was made on (the pay page answers there only). */
  successPath: string;
  cancelPath: string;
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (b: Buffer) => {
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
const mac = (secret: string, body: Buffer) => createHmac('sha256', `quote-deposit:${secret}`).update(body).digest().subarray(0, MAC_BYTES);
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

export const isDepositSessionId = (id: string): boolean => id.startsWith(PREFIX) && id.length <= MAX_ID;

export function newDepositSession(secret: string, input: DepositSessionInput): DepositSession & { origin: string } {
  assertDepositInput(input);
  const tenant = input.tenantId === null ? ZERO_TENANT : uuidBytes(input.tenantId);
  const quote = uuidBytes(input.quoteId);
  if (tenant.length !== 16 || quote.length !== 16) throw new PaymentInputError('A deposit needs a quote id and a tenant id (or none).');
  const successPath = Buffer.from(pathOf(input.successUrl));
  const cancelPath = Buffer.from(pathOf(input.cancelUrl));
  if (successPath.length > 120 || cancelPath.length > 120) throw new PaymentInputError('Deposit return URLs are too long.');
  const head = Buffer.alloc(44);
  head[0] = 1;
  head[1] = input.tenantId === null ? 0 : 1;
  tenant.copy(head, 2);
  quote.copy(head, 18);
  head.writeUIntBE(input.amount, 34, 6);
  head.writeUInt32BE(Math.floor(input.expiresAt.getTime() / 1000), 40);
  const body = Buffer.concat([head, randomBytes(8), Buffer.from([successPath.length]), successPath, Buffer.from([cancelPath.length]), cancelPath]);
  const id = PREFIX + Buffer.concat([body, mac(secret, body)]).toString('base64url');
  if (id.length > MAX_ID) throw new PaymentInputError('Deposit return URLs are too long.');
  return { ...readDepositSession(secret, id)!, origin: new URL(input.successUrl).origin };
}

/** The session an id names, or null when it is not one of ours (bad shape or signature). */
export function readDepositSession(secret: string, id: string): DepositSession | null {
  if (!isDepositSessionId(id) || !/^[A-Za-z0-9_-]+$/.test(id.slice(PREFIX.length))) return null;
  const raw = Buffer.from(id.slice(PREFIX.length), 'base64url');
  if (raw.length < 44 + 8 + 2 + MAC_BYTES) return null;
  const body = raw.subarray(0, raw.length - MAC_BYTES);
  const given = raw.subarray(raw.length - MAC_BYTES);
  if (!timingSafeEqual(given, mac(secret, body)) || body[0] !== 1) return null;
  const successLen = body[52];
  const cancelAt = 53 + successLen;
  if (cancelAt >= body.length || cancelAt + 1 + body[cancelAt] !== body.length) return null;
  return {
    id,
    tenantId: body[1] === 1 ? uuidOf(body.subarray(2, 18)) : null,
    quoteId: uuidOf(body.subarray(18, 34)),
    amount: body.readUIntBE(34, 6),
    expiresAt: new Date(body.readUInt32BE(40) * 1000),
    successPath: body.subarray(53, cancelAt).toString(),
    cancelPath: body.subarray(cancelAt + 1).toString(),
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
  const session = readDepositSession(secret, e.data.session_id);
  const matches = session && session.quoteId === e.data.quote_id.toLowerCase() && session.tenantId === (e.data.tenant_id?.toLowerCase() ?? null) && session.amount === e.data.amount_total;
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
