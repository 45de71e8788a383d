import { randomInt } from 'node:crypto';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { Actor, StoreCtx } from '../../http/context';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import type { PaymentProvider } from '../../adapters/payments/payments';
import type { PostalAddress } from '../../db/schema';
import { formatGBP, MAX_ORDER_TOTAL_PENCE, penceToPounds } from '../../../shared/money';
import { hashToken } from '../accounts';
import * as cartRepo from './cart/cart-repo';
import { cartDiscount, computeTotals, currentLines, resolveCart } from './cart/cart-service';
import { holdUse, refusal } from '../discounts';
import { paymentLines } from './payment-lines';
import { isVatRegistered } from './vat/store-vat';
import { lineDisplayName, type PricedLine } from './cart/pricing';
import type { AddressInput, CheckoutInput } from '../../../shared/checkout-schemas';
import { isAwaitingPayment, releaseUnpaid } from './lifecycle';
import { assertMayHoldStock, fullHoldEnd, heldOrdersOfCart, paymentPagePath, startHoldEnd } from './checkout-holds';
import * as repo from './orders-repo';
import * as stock from '../inventory';
import { paymentDestination } from '../payments';

export interface CheckoutRequest {
  scopes: UnitOfWork;
  payments: PaymentProvider;
  tenantId: string;
  shopName: string;
  actor: Actor | null;
  cartToken: string | null;
  /** The store's own origin (scheme and host of the request): success and cancel pages live there. */
  origin: string;
  /** The client's address as limits count it (clientAddressKey): unpaid checkouts per address. */
  clientAddress: string;
  input: CheckoutInput;
}

export interface CheckoutResult {
  url: string;
  order_number: string;
  session_id: string;
}

// No 0/O or 1/I/L: order numbers are read out on the phone.
const ORDER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export function newOrderNumber(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += ORDER_ALPHABET[randomInt(ORDER_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

const address = (a: AddressInput, phone: string | null): PostalAddress => ({
  first_name: a.first_name,
  last_name: a.last_name,
  company: a.company,
  line1: a.address_line1,
  line2: a.address_line2,
  city: a.city,
  postcode: a.postcode,
  country: a.country,
  phone,
});

/** What identifies a checkout's contents: checking out the same cart again unchanged reuses the order. */
const signature = (lines: { product_id: string | null; variant_id: string | null; quantity: number }[], email: string, methodId: string | null, discountCode: string | null) =>
  JSON.stringify([email, methodId, discountCode, lines.map((l) => `${l.product_id}/${l.variant_id}/${l.quantity}`).sort()]);

/** Refused before anything is written or held: no card payment can take it. */
const orderTooLarge = (total: number) =>
  conflict(
    'order_too_large',
    `This order comes to ${formatGBP(penceToPounds(total))}, more than the ${formatGBP(penceToPounds(MAX_ORDER_TOTAL_PENCE))} one card payment can take. Please reduce the quantities, or contact us to arrange payment.`,
  );

type Prepared = { kind: 'new'; order: repo.OrderRow; lines: PricedLine[]; lineDiscounts: number[] } | { kind: 'reuse'; order: repo.OrderRow };

/**
 * POST /api/checkout. Step 1, one transaction: price the server's cart, hold the stock, write a
 * pending order. Step 2, outside it: open the payment session (a network call must not hold row
 * locks). Step 3: remember the session on the order. Anything the client says about money is ignored.
 * The hold is short until the shopper reaches the payment page, a cart holds stock for one checkout
 * at most, and an address or account only for a few at once (checkout-holds.ts, decision 033).
 */
export async function checkout(req: CheckoutRequest): Promise<CheckoutResult> {
  const scope = { tenantId: req.tenantId, userId: req.actor?.userId ?? null };
  const released: repo.OrderRow[] = [];
  const prepared = await req.scopes.run(scope, async (work): Promise<Prepared> => {
    const ctx: StoreCtx = { ...work, tenantId: req.tenantId, actor: req.actor };
    const { cart } = await resolveCart(ctx, req.cartToken, false);
    if (!cart) throw badRequest('Your cart is empty');
    // Two checkouts of one cart at once: the second waits here, then finds the first one's order.
    await cartRepo.lockCart(ctx, cart.id);
    const lines = await currentLines(ctx, cart);
    if (lines.length === 0) throw badRequest('Your cart is empty');
    const methods = await cartRepo.listShippingMethods(ctx);
    // A method the shopper sends must be on offer; one the cart remembers may since have been switched
    // off or deleted in Settings > Shipping, and then the first active one applies, as the cart shows.
    const sent = req.input.shipping_method_id ?? req.input.shippingMethodId;
    if (sent && !methods.some((m) => m.id === sent)) throw notFound('Shipping method not found');
    const registered = await isVatRegistered(ctx);
    // The cart's code is checked again now, for this email (issue 28 item 5): one that expired, was
    // switched off or is used up since the cart showed it is refused with its reason, before anything is held.
    const held = await heldOrdersOfCart(ctx, cart.id);
    const discount = await cartDiscount(ctx, cart, lines, req.input.contact.email, held.map((o) => o.id));
    if (discount?.refused) throw refusal(discount.refused);
    const applied = discount?.applied ?? null;
    const totals = computeTotals(lines, methods, sent ?? cart.shippingMethodId, registered, applied);
    if (!totals.method) throw conflict('no_shipping', 'This shop has no delivery options yet.');
    if (totals.total > MAX_ORDER_TOTAL_PENCE) throw orderTooLarge(totals.total);
    // A 100% code with free delivery: nothing for a card to take, and no provider opens a £0 session.
    if (totals.total === 0) throw conflict('order_free', 'This order comes to £0.00, which cannot be paid by card. Please contact us and we will arrange it.');

    // The newest unpaid checkout of this cart, unchanged and still in time, is the answer again; every
    // other hold of the cart (one with other contents, or lapsed and not yet swept) is given back now.
    const newest = held[0];
    if (newest && isAwaitingPayment(newest) && newest.totalAmount === totals.total) {
      const heldItems = await repo.listItems(ctx, [newest.id]);
      const same = signature(heldItems.map((i) => ({ product_id: i.productId, variant_id: i.variantId, quantity: i.quantity })), newest.customerEmail, newest.shippingMethodId, newest.discountCode) ===
        signature(lines, req.input.contact.email, totals.method.id, applied?.code ?? null);
      if (same) {
        for (const older of held.slice(1)) if (await releaseUnpaid(ctx, older, 'expired', 'Replaced by a new checkout of the same cart')) released.push(older);
        return { kind: 'reuse', order: newest };
      }
    }
    for (const older of held) if (await releaseUnpaid(ctx, older, 'expired', 'Replaced by a new checkout of the same cart')) released.push(older);
    await assertMayHoldStock(ctx, { address: req.clientAddress, userId: req.actor?.userId ?? null });

    // Paid into the store's own connected account once it is ready; until then the platform's (decision 016).
    const destination = await paymentDestination(ctx, req.payments.name);
    const short = await stock.reserve(ctx, lines);
    if (short.length > 0) {
      throw new AppError(409, 'out_of_stock', `Sorry, not enough stock for: ${short.join(', ')}. Please update your cart.`, { items: short.join(', ') });
    }
    const shipping = address(req.input.shippingAddress, req.input.contact.phone);
    const billing = req.input.billingSameAsShipping || !req.input.billingAddress ? shipping : address(req.input.billingAddress, req.input.contact.phone);
    let order: repo.OrderRow | null = null;
    for (let attempt = 0; !order && attempt < 5; attempt++) {
      order = await repo.insertOrder(ctx, {
        orderNumber: newOrderNumber(),
        cartId: cart.id,
        userId: req.actor?.userId ?? null,
        browserTokenHash: cart.tokenHash,
        customerEmail: req.input.contact.email,
        customerName: `${shipping.first_name} ${shipping.last_name}`,
        customerPhone: req.input.contact.phone,
        shippingAddress: shipping,
        billingAddress: billing,
        shippingMethodId: totals.method.id,
        shippingMethodName: totals.method.name,
        deliveryMinDays: totals.method.deliveryMinDays,
        deliveryMaxDays: totals.method.deliveryMaxDays,
        subtotal: totals.subtotal,
        discountTotal: totals.discount,
        discountCode: applied?.code ?? null,
        shippingDiscount: totals.shippingDiscount,
        shippingTotal: totals.shipping,
        taxTotal: totals.tax,
        totalAmount: totals.total,
        vatIncluded: totals.vatIncluded,
        vatBreakdown: totals.vat.parts,
        paymentProvider: req.payments.name,
        paymentDestination: destination,
        reservationExpiresAt: startHoldEnd(),
        checkoutAddress: req.clientAddress,
        // A checkout recovery email links back to the address the shopper used (decision 048).
        checkoutOrigin: req.origin.length <= 300 ? req.origin : null,
      });
    }
    if (!order) throw new Error('could not draw a free order number');
    await repo.insertItems(
      ctx,
      order.id,
      lines.map((l, i) => ({
        productId: l.product_id,
        variantId: l.variant_id,
        productName: l.name,
        productSku: l.sku,
        productSlug: l.slug,
        imageUrl: l.image_url,
        variantOptions: l.variant_options,
        quantity: l.quantity,
        unitPrice: l.unit_price,
        totalAmount: l.line_total,
        discountAmount: totals.lineDiscounts[i],
        vatRate: registered ? l.vat_rate : null,
        vatAmount: totals.vat.lineVat[i] ?? 0,
        stockSource: l.stock_source,
      })),
    );
    // The code's use is taken last, with everything else of the checkout: refused (used up meanwhile),
    // the whole checkout rolls back, stock holds included.
    if (applied) {
      await holdUse(ctx, applied, { orderId: order.id, email: order.customerEmail, discountAmount: totals.discount, shippingDiscount: totals.shippingDiscount, orderTotal: totals.total });
    }
    await repo.addEvent(ctx, order.id, 'placed', applied ? `Order placed by ${order.customerEmail} with discount code ${applied.code}` : `Order placed by ${order.customerEmail}`);
    return { kind: 'new', order, lines, lineDiscounts: totals.lineDiscounts };
  });

  for (const old of released) if (old.paymentSessionId) await req.payments.expireSession(old.paymentSessionId).catch(() => undefined);
  if (prepared.kind === 'reuse') return waitForSession(req, prepared.order);
  return openSession(req, prepared.order, prepared.lines, prepared.lineDiscounts);
}

async function openSession(req: CheckoutRequest, order: repo.OrderRow, lines: PricedLine[], lineDiscounts: number[]): Promise<CheckoutResult> {
  const scope = { tenantId: req.tenantId, userId: req.actor?.userId ?? null };
  let session;
  try {
    session = await req.payments.createSession({
      tenantId: req.tenantId,
      shopName: req.shopName,
      orderId: order.id,
      orderNumber: order.orderNumber,
      currency: 'gbp',
      lines: paymentLines(lines.map((l, i) => ({ name: lineDisplayName(l), quantity: l.quantity, unit_amount: l.unit_price, discount: lineDiscounts[i] ?? 0 }))),
      shippingAmount: order.shippingTotal,
      shippingName: order.shippingMethodName,
      amountTotal: order.totalAmount,
      customerEmail: order.customerEmail,
      successUrl: `${req.origin}/order/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${req.origin}/cart`,
      // The whole hold a shopper on the payment page gets (the provider's own minimum is 30 minutes
      // too): a hold that lapses sooner expires the session when it is released (reservation-sweeper).
      expiresAt: fullHoldEnd(order),
      destinationAccount: order.paymentDestination,
    });
  } catch {
    await req.scopes.run(scope, (work) => releaseUnpaid({ ...work, tenantId: req.tenantId, actor: req.actor }, order, 'failed', 'The payment provider could not be reached'));
    throw new AppError(502, 'payment_unavailable', 'We could not reach the payment provider. Please try again.');
  }
  await req.scopes.run(scope, async (work) => {
    const ctx: StoreCtx = { ...work, tenantId: req.tenantId, actor: req.actor };
    await repo.updateOrder(ctx, order.id, { paymentSessionId: session.sessionId, paymentUrl: session.url });
    await repo.addEvent(ctx, order.id, 'payment_started', `Payment session opened with ${req.payments.name === 'stripe' ? 'Stripe' : 'the test gateway'}`);
  });
  return answer(req, order.orderNumber, session.sessionId);
}

/** The browser goes to the store's own payment page first: it marks the page reached, then sends it on. */
const answer = (req: CheckoutRequest, orderNumber: string, sessionId: string): CheckoutResult => ({
  url: `${req.origin}${paymentPagePath(sessionId)}`,
  order_number: orderNumber,
  session_id: sessionId,
});

/** The same cart was checked out again while its first checkout was opening its session: wait for it. */
async function waitForSession(req: CheckoutRequest, order: repo.OrderRow): Promise<CheckoutResult> {
  for (let i = 0; i < 100; i++) {
    const current = await req.scopes.run({ tenantId: req.tenantId, userId: null }, (work) => repo.findOrder({ ...work, tenantId: req.tenantId, actor: null }, { id: order.id }));
    if (current?.paymentUrl && current.paymentSessionId) return answer(req, current.orderNumber, current.paymentSessionId);
    if (!current || current.reservationState !== 'held') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw conflict('checkout_in_progress', 'Your checkout is already being prepared. Please try again in a moment.');
}

export const browserTokenHash = (token: string | null) => (token ? hashToken(token) : null);
