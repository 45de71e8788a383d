import { sql } from 'drizzle-orm';
import type { StoreCtx } from '../../../http/context';
import { rateLimited, spendStoreAllowance, windowStates, type Limit } from '../../limits';
import { DISCOUNT_TEXT } from '../../../../shared/discounts';

// Guessing discount codes (issue 28 item 5): refused tries are counted per cart and per client address
// in the store's rate-limit table (every instance agrees). A code that applies costs nothing; past the
// limit every try is 429 with Retry-After until the oldest refused try leaves the window.

const WINDOW_MS = 15 * 60 * 1000;
export const DISCOUNT_TRIES_PER_CART = 10;
export const DISCOUNT_TRIES_PER_ADDRESS = 30;
const PER_CART: Limit = { bucket: 'discount_try_cart', max: DISCOUNT_TRIES_PER_CART, windowMs: WINDOW_MS, message: DISCOUNT_TEXT.tooManyTries };
const PER_ADDRESS: Limit = { bucket: 'discount_try_address', max: DISCOUNT_TRIES_PER_ADDRESS, windowMs: WINDOW_MS, message: DISCOUNT_TEXT.tooManyTries };

/** Who is trying: the cart (its cookie token's hash, when it has one) and the client address. */
export interface Trier {
  cartKey: string | null;
  address: string;
}

const limitsOf = (who: Trier): [Limit, string][] => [...(who.cartKey ? [[PER_CART, who.cartKey] as [Limit, string]] : []), [PER_ADDRESS, who.address]];

/** 429 before a try is even looked at, when either counter is full. */
export async function assertMayTryCode(ctx: StoreCtx, who: Trier): Promise<void> {
  const limits = limitsOf(who);
  // Both counters in one statement: this runs before every try, applied or not.
  const states = await windowStates(
    ctx.tx,
    limits.map(([limit, key]) => ({ table: 'rate_limit_events' as const, where: sql`tenant_id = ${ctx.tenantId} and bucket = ${limit.bucket} and key = ${key}`, limit })),
  );
  // The longest wait of the full ones: a try is refused until every counter has room.
  const full = limits.flatMap(([limit], i) => (states[i].count >= limit.max ? [{ limit, wait: states[i].retryAfterSeconds }] : []));
  if (full.length > 0) throw rateLimited(full[0].limit.message, Math.max(...full.map((f) => f.wait)));
}

/** Counts a refused try against both (in its own transaction: the refusal's 409 must not roll it back). */
export async function countRefusedTry(ctx: StoreCtx, who: Trier): Promise<void> {
  for (const [limit, key] of limitsOf(who)) await spendStoreAllowance(ctx.tx, ctx.tenantId, limit, key);
}
