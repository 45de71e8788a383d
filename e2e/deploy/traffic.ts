import https from 'node:https';
import { httpsRequest, type Answer } from './cluster';

// Steady shopping through Caddy for the rolling restart test: storefront reads, add to cart, and
// checkouts paid on the built-in test gateway's pay page. Every answer is counted; any status other
// than the one its step expects, and any connection error, is a failure.

const CHECKOUT = {
  contact: { email: 'rolling@example.com' },
  shippingAddress: { first_name: 'Ada', last_name: 'Rolling', address_line1: '1 Restart Street', city: 'Leeds', postcode: 'LS2 7EQ' },
  billingSameAsShipping: true,
};
/** The test gateway's card that pays. */
const SUCCESS_CARD = '4242424242424242';

export interface Product {
  id: string;
  slug: string;
}

export class Traffic {
  readonly counts = new Map<string, number>();
  readonly failures: string[] = [];
  paid = 0;
  private stopped = false;
  private readonly agent = new https.Agent({ keepAlive: true, maxSockets: 64 });

  constructor(
    private readonly caddyPort: number,
    private readonly host: string,
    private readonly ca: string,
    private readonly products: Product[],
  ) {}

  get total(): number {
    let n = 0;
    for (const c of this.counts.values()) n += c;
    return n;
  }

  /** Runs `shoppers` loops until stop(); `checkouts` of them also check out every third round. */
  async run(shoppers: number, checkouts: number): Promise<void> {
    await Promise.all(Array.from({ length: shoppers }, (_, i) => this.shop(i, i < checkouts)));
    this.agent.destroy();
  }

  stop(): void {
    this.stopped = true;
  }

  /** As a browser asks: compressed answers welcome (the cached pages are kept compressed). */
  private send(request: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
    return httpsRequest(this.caddyPort, this.host, this.ca, { ...request, headers: { 'accept-encoding': 'br, gzip', ...request.headers }, agent: this.agent });
  }

  /** One request; counted, and a failure noted when it errs or answers anything but `expected`. */
  private async step(kind: string, expected: number, request: Parameters<Traffic['send']>[0]): Promise<Answer | null> {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    try {
      const answer = await this.send(request);
      if (answer.status === expected) return answer;
      this.failures.push(`${kind} ${request.method ?? 'GET'} ${request.path}: ${answer.status} ${answer.body.slice(0, 300)}`);
    } catch (err) {
      this.failures.push(`${kind} ${request.method ?? 'GET'} ${request.path}: ${(err as Error).message}`);
    }
    return null;
  }

  private async shop(shopper: number, checksOut: boolean): Promise<void> {
    let cart: string | null = null;
    for (let round = 0; !this.stopped; round++) {
      const product = this.products[(shopper + round) % this.products.length];
      await this.step('product list', 200, { path: '/api/products?limit=12' });
      // The product as the app asks for it, and every fifth round its server-rendered page (the costlier
      // read: every paid order clears the store's cached pages).
      await this.step('product', 200, { path: `/api/products/by-slug/${product.slug}` });
      if (round % 5 === 0) await this.step('product page', 200, { path: `/p/${product.slug}` });
      const added = await this.step('add to cart', 200, {
        method: 'POST',
        path: '/api/cart/items',
        headers: { 'content-type': 'application/json', ...(cart ? { cookie: cart } : {}) },
        body: JSON.stringify({ product_id: product.id, quantity: 1 }),
      });
      cart ??= cartCookie(added);
      if (checksOut && round % 3 === 2 && cart) {
        await this.checkOut(cart);
        cart = null;
      } else if (round % 10 === 9) cart = null;
    }
  }

  /** Checkout, the payment page's redirect, and paying with the test card on the gateway's page. */
  private async checkOut(cart: string): Promise<void> {
    const checkout = await this.step('checkout', 200, { method: 'POST', path: '/api/checkout', headers: { 'content-type': 'application/json', cookie: cart }, body: JSON.stringify(CHECKOUT) });
    if (!checkout) return;
    const { url } = JSON.parse(checkout.body) as { url: string };
    const toPayPage = await this.step('payment page', 303, { path: new URL(url, `https://${this.host}`).pathname });
    const location = toPayPage?.headers.location;
    if (typeof location !== 'string') return;
    const paid = await this.step('pay', 303, {
      method: 'POST',
      path: new URL(location, `https://${this.host}`).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `card_number=${SUCCESS_CARD}`,
    });
    if (paid) this.paid += 1;
  }
}

function cartCookie(answer: Answer | null): string | null {
  const raw = answer?.headers['set-cookie'];
  const cookie = (Array.isArray(raw) ? raw : raw ? [raw] : []).find((c) => c.startsWith('cart='));
  return cookie ? cookie.split(';')[0] : null;
}
