import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { slugify } from '../src/shared/slugify';
import type { AdjustmentReason } from '../src/shared/stock';
import { DEMO_PASSWORD, newPage, url } from './browser';
import { api, STORE } from './store';

// The journey files share one server and may run in any order, alone or together. A journey that
// counts something counts rows it made itself, named with a tag of its own, so whatever another file
// made, changed or left behind cannot move its figures. Journeys leave what they make: a full run
// then shows that none of them counts on a clean catalogue.

/** A fresh tag for a journey's rows: ten lowercase letters, one word to the storefront's search. */
export function runTag(): string {
  return Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

/** A browser context of its own, signed in as the demo store's admin through the API (no dashboard). */
export async function adminApiPage(): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage();
  await page.goto(url(STORE, '/api/auth/session'));
  const signedIn = await api(page, 'POST', '/api/auth/sign-in', { email: 'admin@demo.test', password: DEMO_PASSWORD });
  expect(signedIn.status).toBe(200);
  return { context, page };
}

export interface NewProduct {
  name: string;
  /** Pounds. */
  price: number;
  status?: 'active' | 'draft';
  /** Left out: none set (no ledger line). */
  stock?: number;
  tracked?: boolean;
  featured?: boolean;
}

export interface MadeProduct {
  id: string;
  name: string;
  slug: string;
  price: number;
}

/** Creates a product through the admin API (live unless told otherwise); slug and SKU come from its name. */
export async function adminCreatesProduct(admin: Page, product: NewProduct): Promise<MadeProduct> {
  const slug = slugify(product.name);
  const body = {
    name: product.name,
    slug,
    sku: slug.toUpperCase(),
    base_price: product.price,
    status: product.status ?? 'active',
    track_inventory: product.tracked ?? true,
    is_featured: product.featured ?? false,
    ...(product.stock === undefined ? {} : { stock_quantity: product.stock }),
  };
  const res = await api<{ product: { id: string } }>(admin, 'POST', '/api/admin/products', body);
  expect(res.status, `creating ${product.name}`).toBe(201);
  return { id: res.body.product.id, name: product.name, slug, price: product.price };
}

/** A stock ledger line through the admin API, as the Adjust Stock dialog writes one. */
export async function adminMovesStock(admin: Page, productId: string, change: number, reason: AdjustmentReason, notes?: string): Promise<void> {
  const res = await api(admin, 'POST', '/api/admin/stock/movements', { product_id: productId, quantity_change: change, reason, ...(notes ? { notes } : {}) });
  expect(res.status).toBe(201);
}

/** The preview password of every journey store: a new store is "Opening soon" until launched (issue 25). */
export const JOURNEY_PREVIEW_PASSWORD = 'journey-preview';

/**
 * A store of the journey's own, made by the platform owner with admin@demo.test as its owner, so what
 * the journey counts (history, library, settings) starts empty and is its own. Like every new store it
 * is not launched: its admin gives it a preview password, so a journey's shopper can see it as its
 * shoppers will (previewStore). Answers its host.
 */
export async function newJourneyStore(name: string, host = `${runTag()}.localhost`): Promise<string> {
  const { context, page } = await newPage();
  await page.goto(url('localhost', '/api/auth/session'));
  expect((await api(page, 'POST', '/api/auth/sign-in', { email: 'owner@platform.test', password: DEMO_PASSWORD })).status).toBe(200);
  const created = await api(page, 'POST', '/api/tenants', { name, domain: host, admin_email: 'admin@demo.test' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await page.goto(url(host, '/api/auth/session'));
  expect((await api(page, 'POST', '/api/auth/sign-in', { email: 'admin@demo.test', password: DEMO_PASSWORD })).status).toBe(200);
  expect((await api(page, 'PUT', '/api/admin/setup/preview-password', { password: JOURNEY_PREVIEW_PASSWORD })).status).toBe(200);
  await context.close();
  return host;
}

/** A shopper's browser lets itself into a journey store before its launch, with the preview password. */
export async function previewStore(page: Page, host: string): Promise<void> {
  await page.goto(url(host, '/api/auth/session'));
  expect((await api(page, 'POST', '/api/store-preview', { password: JOURNEY_PREVIEW_PASSWORD })).status).toBe(204);
}
