import type { CreateSessionInput, DepositSessionInput } from './payments';
import { PaymentInputError } from './errors';

const PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/**
 * success_url with `session_id={CHECKOUT_SESSION_ID}` added unless the placeholder is already there.
 * Built as a string: URLSearchParams would encode the braces and the provider would not find them.
 */
export function withSessionIdPlaceholder(successUrl: string): string {
  if (successUrl.includes(PLACEHOLDER) || successUrl.includes(encodeURIComponent(PLACEHOLDER))) return successUrl;
  const hashAt = successUrl.indexOf('#');
  const base = hashAt === -1 ? successUrl : successUrl.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : successUrl.slice(hashAt);
  const sep = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${sep}session_id=${PLACEHOLDER}${hash}`;
}

/** The success URL the shopper returns to, with the session id filled in (what Stripe does). */
export function successUrlFor(successUrl: string, sessionId: string): string {
  const url = withSessionIdPlaceholder(successUrl);
  return url.replace(PLACEHOLDER, encodeURIComponent(sessionId)).replace(encodeURIComponent(PLACEHOLDER), encodeURIComponent(sessionId));
}

/** The contract both providers rely on: every amount a whole number of pence, total = lines + delivery. */
export function assertSessionInput(input: CreateSessionInput): void {
  const pence = (n: number) => Number.isSafeInteger(n) && n >= 0;
  if (input.lines.length === 0) throw new PaymentInputError('A payment session needs at least one line.');
  for (const line of input.lines) {
    if (!pence(line.unit_amount) || !Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new PaymentInputError(`Payment line "${line.name}" has a bad amount or quantity.`);
    }
  }
  if (!pence(input.shippingAmount) || !pence(input.amountTotal)) throw new PaymentInputError('Payment amounts must be whole pence.');
  const sum = input.lines.reduce((s, l) => s + l.unit_amount * l.quantity, 0) + input.shippingAmount;
  if (sum !== input.amountTotal) {
    throw new PaymentInputError(`Payment total ${input.amountTotal} is not the lines plus delivery (${sum}).`);
  }
  if (input.currency !== 'gbp') throw new PaymentInputError('Only GBP payments are supported.');
}

/** A deposit is one whole, positive number of pence in GBP. */
export function assertDepositInput(input: DepositSessionInput): void {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new PaymentInputError('A deposit must be a whole number of pence above zero.');
  if (input.currency !== 'gbp') throw new PaymentInputError('Only GBP payments are supported.');
}
