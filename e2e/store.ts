import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, signInThroughForm, url } from './browser';

// Shopping on the demo store for journeys. The cart is filled through the API from inside the page, so
// the call carries the browser's own cart cookie (Node's resolver does not know *.localhost, so
// page.request cannot reach the store).

export const STORE = 'demo.localhost';
export const SUCCESS_CARD = '4242 4242 4242 4242';
export const DECLINE_CARD = '4000 0000 0000 0002';
// £28.00 + 2 × £16.50 = £61.00; Standard Delivery £3.99, Next Day £7.99.
export const BOWL = 'Hand-thrown Serving Bowl';
export const POT = 'Terracotta Plant Pot, 21cm';
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

/**
 * Deletes a product a journey created, as the store's admin (the page is signed in as one), so the
 * catalogue counts other journeys check hold whatever order the files run in.
 */
export async function adminDeletesProduct(page: Page, productId: string): Promise<void> {
  const { status } = await api(page, 'DELETE', `/api/admin/products/${productId}`);
  if (status !== 204) throw new Error(`deleting product ${productId} answered ${status}`);
}

type CartBody = { cart: { items: { name: string; quantity: number }[] } };

/** Puts the bowl and two pots in this browser's cart (the page must be on the store already). */
export async function fillCart(page: Page): Promise<void> {
  const { body } = await api<{ items: { id: string; name: string }[] }>(page, 'GET', '/api/products?limit=50');
  const id = (name: string) => body.items.find((p) => p.name === name)!.id;
  expect((await api(page, 'POST', '/api/cart/items', { product_id: id(BOWL), quantity: 1 })).status).toBe(200);
  expect((await api(page, 'POST', '/api/cart/items', { product_id: id(POT), quantity: 2 })).status).toBe(200);
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


/**
 * As the store's admin, in a browser of its own: sets a product's stock to `quantity` through the stock
 * ledger, as the Adjust Stock dialog does. Answers the stock it had, so a journey can put it back.
 */
export async function adminSetsStock(productName: string, quantity: number): Promise<number> {
  const { context, page } = await newPage();
  try {
    await signInThroughForm(page, url(STORE, '/login?redirect=%2Fadmin'), 'admin@demo.test');
    await page.waitForURL(url(STORE, '/admin'));
    const { body } = await api<{ items: { id: string; name: string }[] }>(page, 'GET', '/api/products?limit=50');
    const id = body.items.find((p) => p.name === productName)!.id;
    const before = (await api<{ product: { stock_quantity: number } }>(page, 'GET', `/api/admin/products/${id}/stock`)).body.product.stock_quantity;
    if (quantity !== before) {
      const res = await api(page, 'POST', '/api/admin/stock/movements', { product_id: id, quantity_change: quantity - before, reason: 'recount' });
      expect(res.status).toBe(201);
    }
    return before;
  } finally {
    await context.close();
  }
}
