import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Cart } from '../../shared/cart';
import type { ProductCard } from '../../shared/catalog';
import { call, DEMO_HOST } from './harness';
import type { FakePayments } from './fake-payments';

/** The `name=value` pairs a response sets, as a browser would keep them. */
export function cookiesSet(res: LightMyRequestResponse): Record<string, string> {
  const raw = res.headers['set-cookie'];
  const pairs: Record<string, string> = {};
  for (const c of Array.isArray(raw) ? raw : raw ? [raw] : []) {
    const [pair] = c.split(';');
    const at = pair.indexOf('=');
    pairs[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return pairs;
}

let shoppers = 0;
/**
 * A client address of its own for each test shopper (198.18.0.0/15, the benchmarking range), as
 * different shoppers have: unpaid checkouts are limited per address (decision 033).
 */
export function nextShopperAddress(): string {
  const n = shoppers++;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 0xff}.${n & 0xff}`;
}

/** A browser with its own cookies (cart, session) and address on one store, for API tests. */
export function shopper(app: FastifyInstance, host = DEMO_HOST, remoteAddress = nextShopperAddress()) {
  const jar: Record<string, string> = {};
  return {
    jar,
    remoteAddress,
    async send(method: string, url: string, body?: unknown): Promise<LightMyRequestResponse> {
      const cookie = Object.entries(jar).map(([k, v]) => `${k}=${v}`).join('; ') || null;
      const res = await call(app, method, url, { host, cookie, body, remoteAddress });
      Object.assign(jar, cookiesSet(res));
      return res;
    },
    async cart(): Promise<Cart> {
      return (await this.send('GET', '/api/cart')).json().cart as Cart;
    },
  };
}

/** What POST /api/checkout answers: the order waiting for its payment. */
export interface PlacedOrder {
  session_id: string;
  order_number: string;
  url: string;
}

/**
 * A new shopper puts `quantity` of the first in-stock product without variants in the cart and checks
 * out to a London address: the order waits for payment. Throws with the answer when a step is refused.
 */
export async function placeOrder(app: FastifyInstance, opts: { email?: string; quantity?: number } = {}): Promise<PlacedOrder> {
  const items = (await call(app, 'GET', '/api/products?limit=48')).json().items as ProductCard[];
  const product = items.find((p) => !p.has_variants && p.in_stock);
  if (!product) throw new Error('no in-stock product without variants to order');
  const buyer = shopper(app);
  const added = await buyer.send('POST', '/api/cart/items', { product_id: product.id, quantity: opts.quantity ?? 1 });
  if (added.statusCode !== 200) throw new Error(`adding to the cart answered ${added.statusCode}: ${added.body}`);
  const placed = await buyer.send('POST', '/api/checkout', {
    contact: { email: opts.email ?? 'shopper@example.com' },
    shippingAddress: { first_name: 'Ada', last_name: 'Lovelace', address_line1: '1 Analytical Way', city: 'London', postcode: 'SW1A 1AA' },
    billingSameAsShipping: true,
  });
  if (placed.statusCode !== 200) throw new Error(`checkout answered ${placed.statusCode}: ${placed.body}`);
  return placed.json() as PlacedOrder;
}

export interface Buyer {
  first: string;
  last: string;
  line1?: string;
  phone?: string;
}

/**
 * A paid order in `host`'s store: a browser (signed in with `cookie`, or a guest's, from `remoteAddress`)
 * puts the first in-stock product without variants in its cart, checks out as `buyer` to a London
 * address, and the test provider's webhook says it was paid. Answers the order's number and session.
 */
export async function buyAndPay(
  t: { app: FastifyInstance; payments: FakePayments },
  opts: { email: string; buyer: Buyer; host?: string; cookie?: string; remoteAddress?: string },
): Promise<{ number: string; sessionId: string }> {
  const host = opts.host ?? DEMO_HOST;
  const items = (await call(t.app, 'GET', '/api/products?limit=48', { host })).json().items as ProductCard[];
  const product = items.find((p) => !p.has_variants && p.in_stock);
  if (!product) throw new Error('no in-stock product without variants to order');
  const browser = shopper(t.app, host, opts.remoteAddress);
  if (opts.cookie) Object.assign(browser.jar, cookiesFrom(opts.cookie));
  const added = await browser.send('POST', '/api/cart/items', { product_id: product.id });
  if (added.statusCode !== 200) throw new Error(`adding to the cart answered ${added.statusCode}: ${added.body}`);
  const placed = await browser.send('POST', '/api/checkout', {
    contact: { email: opts.email, ...(opts.buyer.phone ? { phone: opts.buyer.phone } : {}) },
    shippingAddress: { first_name: opts.buyer.first, last_name: opts.buyer.last, address_line1: opts.buyer.line1 ?? '1 Analytical Way', city: 'London', postcode: 'SW1A 1AA' },
    billingSameAsShipping: true,
  });
  if (placed.statusCode !== 200) throw new Error(`checkout answered ${placed.statusCode}: ${placed.body}`);
  const { session_id: sessionId, order_number: number } = placed.json() as PlacedOrder;
  const { payload, headers } = t.payments.webhook(sessionId, 'checkout.completed');
  const paid = await t.app.inject({ method: 'POST', url: '/api/webhooks/payments/test', headers: { ...headers, host }, payload });
  if (paid.statusCode !== 200) throw new Error(`the payment webhook answered ${paid.statusCode}: ${paid.body}`);
  return { number, sessionId };
}

/** `name=value; name2=value2` as a cookie jar's entries. */
function cookiesFrom(header: string): Record<string, string> {
  return Object.fromEntries(header.split(/;\s*/).filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}
