import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Cart } from '../../shared/cart';
import { call, DEMO_HOST } from './harness';

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
