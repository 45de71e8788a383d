import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { url } from './browser';

// Shopping on the demo store for journeys. The cart is filled through the API from inside the page, so
// the call carries the browser's own cart cookie (Node's resolver does not know *.localhost, so
// page.request cannot reach the store).

export const STORE = 'demo.localhost';
export const SUCCESS_CARD = '4242 4242 4242 4242';
export const DECLINE_CARD = '4000 0000 0000 0002';
// £28.00 + 2 × £16.50 = £61.00; Standard Delivery £3.99, Next Day £7.99.
export const BOWL = 'Hand-thrown Serving Bowl';
export const POT = 'Terracotta Plant Pot, 21cm';
const BOWL_SLUG = 'hand-thrown-serving-bowl';
const POT_SLUG = 'terracotta-plant-pot-21cm';

/** A JSON call from the page itself: same origin, same cookies as the app's own calls. */
export async function api<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    },
    { method, path, body },
  );
}

type CartBody = { cart: { items: { name: string; quantity: number }[] } };

/** A demo product's id, found by its slug (a list could push it off its first page). */
export async function productIdOf(page: Page, slug: string): Promise<string> {
  const { status, body } = await api<{ product: { id: string } }>(page, 'GET', `/api/products/by-slug/${slug}`);
  if (status !== 200) throw new Error(`product ${slug} answered ${status}`);
  return body.product.id;
}

/** Puts the bowl and two pots in this browser's cart (the page must be on the store already). */
export async function fillCart(page: Page): Promise<void> {
  expect((await api(page, 'POST', '/api/cart/items', { product_id: await productIdOf(page, BOWL_SLUG), quantity: 1 })).status).toBe(200);
  expect((await api(page, 'POST', '/api/cart/items', { product_id: await productIdOf(page, POT_SLUG), quantity: 2 })).status).toBe(200);
}

/**
 * Empties this browser's cart. A signed-in account's cart follows the account, so a journey that buys
 * as the shopper or the admin starts here: whatever another journey left in it is not in the sum.
 */
export async function emptyCart(page: Page): Promise<void> {
  for (const item of (await api<{ cart: { items: { id: string }[] } }>(page, 'GET', '/api/cart')).body.cart.items) {
    expect((await api(page, 'DELETE', `/api/cart/items/${item.id}`)).status).toBe(200);
  }
}

export const cartItems = async (page: Page) => (await api<CartBody>(page, 'GET', '/api/cart')).body.cart.items;

export async function openStore(page: Page): Promise<void> {
  await page.goto(url(STORE, '/'));
  await page.getByRole('heading', { name: 'Demo Store', level: 1 }).waitFor();
}

export async function fillAddress(page: Page, who: { email?: string; first: string; last: string; postcode?: string }): Promise<void> {
  if (who.email) await page.getByLabel('Email', { exact: true }).fill(who.email);
  const shipping = page.getByRole('region', { name: 'Shipping address' });
  await shipping.getByLabel('First name').fill(who.first);
  await shipping.getByLabel('Last name').fill(who.last);
  await shipping.getByLabel('Address line 1').fill('14 Wharf Street');
  await shipping.getByLabel('City').fill('Leeds');
  await shipping.getByLabel('Postcode').fill(who.postcode ?? 'LS2 7EQ');
}

export async function payWith(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

