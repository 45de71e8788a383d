import type { StoreCtx } from '../../../http/context';
import { hashToken } from '../../accounts';
import { unsubscribe } from '../../emails';
import { CART_MAX_QUANTITY } from '../../../../shared/cart';
import type { RestoreOutcome } from '../../../../shared/cart-restore';
import * as cartRepo from '../cart/cart-repo';
import { resolveCart } from '../cart/cart-service';
import { priceLines } from '../cart/pricing';
import * as orders from '../orders-repo';
import { emailForUnsubscribeToken, findByToken, markRestored } from './recovery-repo';

/** Tokens are 43 characters (newSessionToken); anything much longer is not one. */
const MAX_TOKEN = 100;

/**
 * "Return to your cart" (GET /cart/restore?token=…, decision 048). The link's checkout is found by its
 * token's hash in this store only (another store's token is unknown here), and, while in time, its
 * lines that are still on sale go into this browser's cart: the cart the cookie names, or a new one.
 * A line already there keeps the larger quantity, so opening the link twice adds nothing. The cart
 * holds no prices: the shopper sees today's. Answers how it went and, for a new cart, its cookie token.
 */
export async function restoreCheckout(ctx: StoreCtx, token: string | null, cartToken: string | null, now = new Date()): Promise<{ outcome: RestoreOutcome; newToken: string | null }> {
  if (!token || token.length > MAX_TOKEN) return { outcome: 'invalid', newToken: null };
  const recovery = await findByToken(ctx, hashToken(token));
  if (!recovery) return { outcome: 'invalid', newToken: null };
  if (!recovery.expiresAt || recovery.expiresAt <= now) return { outcome: 'expired', newToken: null };
  const items = await orders.listItems(ctx, [recovery.orderId]);
  const kept = items.filter((i) => i.productId !== null);
  const { priced } = await priceLines(ctx, kept.map((i) => ({ id: i.id, product_id: i.productId!, variant_id: i.variantId, quantity: i.quantity })));
  if (priced.length === 0) return { outcome: 'unavailable', newToken: null };
  const { cart, newToken } = await resolveCart(ctx, cartToken, true);
  for (const line of priced) await cartRepo.raiseLine(ctx, cart!.id, line.product_id, line.variant_id, line.quantity, CART_MAX_QUANTITY);
  await cartRepo.updateCart(ctx, cart!.id, {});
  await markRestored(ctx, recovery.id, cart!.id);
  return { outcome: priced.length < items.length ? 'partial' : 'restored', newToken };
}

/** The address an unsubscribe link was sent to in this store, or null for a link that is not one. */
export async function unsubscribeAddress(ctx: StoreCtx, token: string): Promise<string | null> {
  return token && token.length <= MAX_TOKEN ? emailForUnsubscribeToken(ctx, hashToken(token)) : null;
}

/**
 * The unsubscribe page's form (or a mail client's one-click POST to the same address): the address the
 * link was sent to wants no more recovery emails from this store; every later one to it is skipped.
 * Answers the address (the page shows it: whoever holds the link received the email there), or null.
 * A second time is the same.
 */
export async function unsubscribeByToken(ctx: StoreCtx, token: string): Promise<string | null> {
  const email = await unsubscribeAddress(ctx, token);
  if (email) await unsubscribe(ctx, email, 'checkout_recovery');
  return email;
}
