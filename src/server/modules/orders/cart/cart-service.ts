import type { StoreCtx } from '../../../http/context';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { hashToken, newSessionToken } from '../../accounts';
import { isLiveProduct } from '../../catalogue';
import { pictureSizes, type PictureSize } from '../../media';
import { CART_MAX_QUANTITY, shippingCost, type Cart, type ShippingMethod } from '../../../../shared/cart';
import type { VatBreakdown } from '../../../../shared/vat';
import { basketVat, isVatRegistered, vatPartsView } from '../vat/store-vat';
import { heldOrdersOfCart } from '../checkout-holds';
import { fewLeftText } from '../../../../shared/catalog';
import { isUuid } from '../../../../shared/ids';
import { penceToPounds } from '../../../../shared/money';
import { evaluateCode, type AppliedDiscount, type CartDiscount } from '../../discounts';
import { DISCOUNT_TEXT, discountValueText, normaliseDiscountCode } from '../../../../shared/discounts';
import * as repo from './cart-repo';
import { lineDisplayName, lineLimits, priceLines, type LineRef, type PricedLine } from './pricing';

/** The cart a request is working on, and a new cookie token when the cart changed hands. */
export interface CartHandle {
  cart: repo.CartRow | null;
  /** Set when the browser must store a new cart cookie. */
  newToken: string | null;
}

/**
 * Finds the request's cart from its cookie token. A signed-in shopper's guest cart is joined to the
 * account (and any older cart of theirs merged into it); with no cookie cart, their account's cart is
 * picked up, so a cart follows the shopper across sign-ins. A cart belonging to someone else is never used.
 */
export async function resolveCart(ctx: StoreCtx, token: string | null, create: boolean): Promise<CartHandle> {
  const userId = ctx.actor?.userId ?? null;
  let cart = token ? await repo.findCartByToken(ctx, hashToken(token)) : null;
  if (cart && cart.userId && cart.userId !== userId) cart = null;
  if (cart && userId && !cart.userId) {
    const older = await repo.findUserCart(ctx, userId, cart.id);
    if (older) {
      await repo.mergeLines(ctx, older.id, cart.id, CART_MAX_QUANTITY);
      await repo.deleteCart(ctx, older.id);
    }
    await repo.updateCart(ctx, cart.id, { userId });
    cart = { ...cart, userId };
  }
  if (cart) return { cart, newToken: null };
  if (userId) {
    const mine = await repo.findUserCart(ctx, userId, null);
    if (mine) {
      // Only the hash is stored, so picking the cart up on this browser means giving it a new token.
      const fresh = newSessionToken();
      await repo.updateCart(ctx, mine.id, { tokenHash: hashToken(fresh) });
      return { cart: mine, newToken: fresh };
    }
  }
  if (!create) return { cart: null, newToken: null };
  const fresh = newSessionToken();
  return { cart: await repo.insertCart(ctx, hashToken(fresh), userId), newToken: fresh };
}

export const toShippingMethod = (m: repo.ShippingMethodRow): ShippingMethod => ({
  id: m.id,
  name: m.name,
  description: m.description,
  flat_rate: penceToPounds(m.flatRate),
  free_over: m.freeOver === null ? null : penceToPounds(m.freeOver),
  delivery_min_days: m.deliveryMinDays,
  delivery_max_days: m.deliveryMaxDays,
});

export async function listShippingMethods(ctx: StoreCtx): Promise<ShippingMethod[]> {
  return (await repo.listShippingMethods(ctx)).map(toShippingMethod);
}

/** Cart totals in pence, from priced lines and the chosen (or first) delivery method. */
export interface Totals {
  subtotal: number;
  /** Off the goods (a discount code); `lineDiscounts` is each line's share, in the lines' order. */
  discount: number;
  lineDiscounts: number[];
  /** What the shopper pays for delivery, after a free-delivery code (`shippingDiscount` waived). */
  shipping: number;
  shippingDiscount: number;
  tax: number;
  total: number;
  vatIncluded: number;
  /** VAT by rate and per line (all empty when the store is not VAT registered), on what is paid. */
  vat: VatBreakdown;
  method: repo.ShippingMethodRow | null;
  /** Pence the goods (after the discount) are short of the method's free delivery; null: nothing to reach. */
  freeDeliveryShort: number | null;
}

/**
 * `registered`: the store charges VAT (Settings > Store Info); otherwise no VAT is worked out at all.
 * `discount`: a code that applies (issue 28). UK prices include VAT: the discount comes off them and the
 * VAT is what is inside each line's price less its share; delivery is free once the goods after the
 * discount reach the method's amount, or with a free-delivery code.
 */
export function computeTotals(lines: PricedLine[], methods: repo.ShippingMethodRow[], chosenId: string | null, registered: boolean, discount: AppliedDiscount | null = null): Totals {
  const subtotal = lines.reduce((sum, l) => sum + l.line_total, 0);
  const lineDiscounts = lines.map((_, i) => discount?.allocation[i] ?? 0);
  const goodsDiscount = lineDiscounts.reduce((a, b) => a + b, 0);
  const goods = subtotal - goodsDiscount;
  const method = methods.find((m) => m.id === chosenId) ?? methods[0] ?? null;
  const charge = method && lines.length > 0 ? shippingCost({ flat_rate: method.flatRate, free_over: method.freeOver }, goods) : 0;
  const shippingDiscount = discount?.freeDelivery ? charge : 0;
  const shipping = charge - shippingDiscount;
  const tax = 0;
  const total = goods + shipping + tax;
  const paid = lines.map((l, i) => ({ ...l, line_total: l.line_total - lineDiscounts[i] }));
  const vat = basketVat(registered, paid, shipping, method?.vatMode ?? 'standard');
  const freeDeliveryShort = method && lines.length > 0 && charge > 0 && !discount?.freeDelivery && method.freeOver !== null ? method.freeOver - goods : null;
  return { subtotal, discount: goodsDiscount, lineDiscounts, shipping, shippingDiscount, tax, total, vatIncluded: vat.total, vat, method, freeDeliveryShort };
}

/**
 * The cart's code checked against its lines now: applied, or refused with the reason (the cart keeps
 * the code and says why it takes nothing off). `email`: the checkout's email; otherwise the signed-in
 * shopper's, for "one use per customer".
 */
export async function cartDiscount(ctx: StoreCtx, cart: repo.CartRow, lines: PricedLine[], email: string | null = null, ownOrderIds?: string[]): Promise<CartDiscount | null> {
  if (!cart.discountCode || lines.length === 0) return null;
  const own = ownOrderIds ?? (async () => (await heldOrdersOfCart(ctx, cart.id)).map((o) => o.id));
  return evaluateCode(ctx, cart.discountCode, lines, { email: email ?? ctx.actor?.email ?? null, ownOrderIds: own });
}

/** The priced lines of a cart; lines whose product left the shop are removed from it. */
export async function currentLines(ctx: StoreCtx, cart: repo.CartRow): Promise<PricedLine[]> {
  const { priced, gone } = await priceLines(ctx, await repo.listLines(ctx, cart.id), cart.id);
  if (gone.length > 0) await repo.deleteLines(ctx, cart.id, gone.map((l) => l.id));
  return priced;
}

const EMPTY_CART: Cart = {
  items: [],
  item_count: 0,
  sub_total: 0,
  discount_total: 0,
  shipping_total: 0,
  tax_total: 0,
  total: 0,
  vat_included: 0,
  vat_breakdown: [],
  shipping_selection: null,
  discount: null,
  free_delivery_remaining: null,
};

function discountView(found: CartDiscount | null, totals: Totals): Cart['discount'] {
  if (!found) return null;
  if (found.refused) return { code: found.refused.code, description: '', amount: 0, free_delivery: false, problem: found.refused.message };
  const d = found.applied;
  return {
    code: d.code,
    description: discountValueText(d.kind, d.kind === 'fixed' ? penceToPounds(d.value) : d.value),
    amount: penceToPounds(totals.discount),
    free_delivery: d.freeDelivery,
    problem: null,
  };
}

export async function viewCart(ctx: StoreCtx, cart: repo.CartRow | null): Promise<Cart> {
  if (!cart) return EMPTY_CART;
  const lines = await currentLines(ctx, cart);
  return cartView(ctx, cart, lines, await cartDiscount(ctx, cart, lines));
}

/** The cart's answer from its priced lines and its code as checked against them. */
async function cartView(ctx: StoreCtx, cart: repo.CartRow, lines: PricedLine[], found: CartDiscount | null): Promise<Cart> {
  const totals = computeTotals(lines, await repo.listShippingMethods(ctx), cart.shippingMethodId, await isVatRegistered(ctx), found?.applied ?? null);
  const limits = lineLimits(lines);
  const pictures = lines.length ? await pictureSizes(ctx, lines.flatMap((l) => (l.image_url ? [l.image_url] : []))) : new Map<string, PictureSize>();
  return {
    items: lines.map((l) => ({
      id: l.id,
      product_id: l.product_id,
      variant_id: l.variant_id,
      name: l.name,
      slug: l.slug,
      sku: l.sku,
      image_url: l.image_url,
      image_size: (l.image_url && pictures.get(l.image_url)) || null,
      variant_options: l.variant_options,
      quantity: l.quantity,
      unit_price: penceToPounds(l.unit_price),
      original_unit_price: l.original_unit_price === null ? null : penceToPounds(l.original_unit_price),
      line_total: penceToPounds(l.line_total),
      in_stock: limits.get(l.id) == null || l.quantity <= limits.get(l.id)!,
      available: limits.get(l.id) ?? null,
    })),
    item_count: lines.reduce((n, l) => n + l.quantity, 0),
    sub_total: penceToPounds(totals.subtotal),
    discount_total: penceToPounds(totals.discount),
    shipping_total: penceToPounds(totals.shipping),
    tax_total: penceToPounds(totals.tax),
    total: penceToPounds(totals.total),
    vat_included: penceToPounds(totals.vatIncluded),
    vat_breakdown: vatPartsView(totals.vat.parts),
    shipping_selection: totals.method && lines.length > 0 ? { shipping_method_id: totals.method.id, name: totals.method.name, cost: penceToPounds(totals.shipping) } : null,
    discount: discountView(found, totals),
    free_delivery_remaining: totals.freeDeliveryShort === null ? null : penceToPounds(totals.freeDeliveryShort),
  };
}

/**
 * Applies a discount code to the cart (one per order: a new one replaces the last). A code that does not
 * apply to the basket as it is now is refused with its reason and not kept: answers the refusal, which
 * the route turns into 409 once the try has been counted (guessing is rate limited).
 */
export async function applyDiscountCode(ctx: StoreCtx, cart: repo.CartRow, typed: string): Promise<{ refused: { message: string }; cart?: undefined } | { cart: Cart; refused?: undefined }> {
  const code = normaliseDiscountCode(typed);
  if (code === '') throw badRequest(DISCOUNT_TEXT.empty, { code: DISCOUNT_TEXT.empty });
  const lines = await currentLines(ctx, cart);
  const found = await cartDiscount(ctx, { ...cart, discountCode: code }, lines);
  if (!found) throw badRequest('Your cart is empty', { code: 'Add something to your cart first' });
  if (found.refused) return { refused: { message: found.refused.message } };
  await repo.updateCart(ctx, cart.id, { discountCode: found.applied.code });
  cart.discountCode = found.applied.code;
  // Priced once: the answer is built from the same lines and check.
  return { cart: await cartView(ctx, cart, lines, found) };
}

export async function removeDiscountCode(ctx: StoreCtx, cart: repo.CartRow | null): Promise<void> {
  if (!cart?.discountCode) return;
  await repo.updateCart(ctx, cart.id, { discountCode: null });
  cart.discountCode = null;
}

/**
 * Refuses a change that would take a line past the stock it can have (decision 010): 409
 * out_of_stock, as checkout answers, saying how many are left. `lines` are the cart's lines as they
 * are; `line` is the one changing (an existing line, or a new one with id 'new') at its new total.
 * Lowering a line that is already over is always allowed: it moves towards what can be bought.
 */
async function refuseOversell(ctx: StoreCtx, cartId: string, lines: LineRef[], line: LineRef): Promise<void> {
  const before = lines.find((l) => l.id === line.id)?.quantity ?? 0;
  if (line.quantity <= before) return;
  const { priced } = await priceLines(ctx, [...lines.filter((l) => l.id !== line.id), line], cartId);
  const mine = priced.find((l) => l.id === line.id);
  const limit = mine ? lineLimits(priced).get(mine.id) : null;
  if (!mine || limit == null || line.quantity <= limit) return;
  const name = lineDisplayName(mine);
  const message =
    limit === 0 ? (before > 0 ? `Sorry, there are no more of ${name} left.` : `Sorry, ${name} is out of stock.`)
    : `Sorry, only ${limit} of ${name} left${before > 0 ? ` and your cart already has ${before}` : ''}.`;
  throw conflict('out_of_stock', message, { quantity: limit === 0 ? 'Out of stock' : fewLeftText(limit) });
}

/**
 * Adds a product (or one of its variants) to the cart. The product must be on sale in this store and
 * a product with variants needs one of them: otherwise 404 or 400, and nothing is written. More than
 * the stock left is refused (409), the line's earlier quantity included.
 */
export async function addItem(ctx: StoreCtx, cart: repo.CartRow, input: { product_id: string; variant_id?: string | null; quantity: number }): Promise<void> {
  if (!isUuid(input.product_id) || (input.variant_id && !isUuid(input.variant_id))) throw notFound('Product not found');
  const variantId = input.variant_id ?? null;
  const { priced, gone } = await priceLines(ctx, [{ id: 'new', product_id: input.product_id, variant_id: variantId, quantity: input.quantity }]);
  if (priced.length === 0) {
    if (gone.length > 0 && !variantId && (await productHasVariants(ctx, input.product_id))) {
      throw badRequest('Please select a variant before adding to your cart.', { variant_id: 'Choose an option' });
    }
    throw notFound(variantId ? 'Product option not found' : 'Product not found');
  }
  const lines = await repo.listLines(ctx, cart.id);
  const existing = lines.find((l) => l.product_id === input.product_id && l.variant_id === variantId);
  const total = Math.min((existing?.quantity ?? 0) + input.quantity, CART_MAX_QUANTITY);
  await refuseOversell(ctx, cart.id, lines, { id: existing?.id ?? 'new', product_id: input.product_id, variant_id: variantId, quantity: total });
  await repo.addToLine(ctx, cart.id, input.product_id, variantId, input.quantity, CART_MAX_QUANTITY);
  await repo.updateCart(ctx, cart.id, {});
}

async function productHasVariants(ctx: StoreCtx, productId: string): Promise<boolean> {
  // Live, yet not priceable without a variant: it is sold as one of its variants.
  return isLiveProduct(ctx.tx, ctx.tenantId, productId);
}

export async function setQuantity(ctx: StoreCtx, cart: repo.CartRow | null, lineId: string, quantity: number): Promise<void> {
  if (!cart || !isUuid(lineId)) throw notFound('Cart item not found');
  const lines = await repo.listLines(ctx, cart.id);
  const line = lines.find((l) => l.id === lineId);
  if (!line) throw notFound('Cart item not found');
  await refuseOversell(ctx, cart.id, lines, { ...line, quantity });
  await repo.setLineQuantity(ctx, cart.id, lineId, quantity);
}

export async function removeItem(ctx: StoreCtx, cart: repo.CartRow | null, lineId: string): Promise<void> {
  if (!cart || !isUuid(lineId) || (await repo.deleteLines(ctx, cart.id, [lineId])) === 0) throw notFound('Cart item not found');
}

export async function chooseShipping(ctx: StoreCtx, cart: repo.CartRow, methodId: string): Promise<void> {
  const methods = await repo.listShippingMethods(ctx);
  if (!isUuid(methodId) || !methods.some((m) => m.id === methodId)) throw notFound('Shipping method not found');
  await repo.updateCart(ctx, cart.id, { shippingMethodId: methodId });
  // The handle is viewed next in the same request: keep it in step with the row.
  cart.shippingMethodId = methodId;
}
