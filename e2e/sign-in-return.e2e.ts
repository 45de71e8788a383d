import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, newPage, snap, url } from './browser';
import { STORE } from './store';

// Issue 11 item 8: signing in from a store brings a shopper back to where they were, never to the
// admin's "Access Denied"; staff still go to the admin (decision 009).

const PRODUCT_PATH = '/p/terracotta-plant-pot-21cm';

async function signInHere(page: Page, email: string): Promise<void> {
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

describe('signing in from a store', () => {
  it('a shopper on a product page signs in from the header and is back on that page, signed in', async () => {
    const { context, page } = await newPage();
    await page.goto(url(STORE, `${PRODUCT_PATH}?ref=journey`));
    await page.getByRole('heading', { name: 'Terracotta Plant Pot, 21cm', level: 1 }).waitFor();
    const account = page.getByRole('navigation', { name: 'Account' });
    await account.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(url(STORE, `/login?redirect=${encodeURIComponent(`${PRODUCT_PATH}?ref=journey`)}`));
    await signInHere(page, 'shopper@demo.test');
    await page.waitForURL(url(STORE, `${PRODUCT_PATH}?ref=journey`));
    await page.getByRole('heading', { name: 'Terracotta Plant Pot, 21cm', level: 1 }).waitFor();
    await account.getByRole('link', { name: 'My orders' }).waitFor();
    expect(await page.getByText('Access Denied').count()).toBe(0);
    await snap(page, 'sign-in-back-on-product');
    await context.close();
  });

  it('from the footer on a category page, and from /login with nowhere to return to: the page, else the store home', async () => {
    const { context, page } = await newPage();
    await page.goto(url(STORE, '/products'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(url(STORE, '/login?redirect=%2Fproducts'));
    await signInHere(page, 'shopper@demo.test');
    await page.waitForURL(url(STORE, '/products'));
    await page.goto(url(STORE, '/logout'));
    await page.waitForURL(url(STORE, '/login'));
    await signInHere(page, 'shopper@demo.test');
    await page.waitForURL(url(STORE, '/'));
    await page.getByRole('heading', { name: 'Demo Store', level: 1 }).waitFor();
    await context.close();
  });

  it('the store admin signing in from the same product page still lands in the admin', async () => {
    const { context, page } = await newPage();
    await page.goto(url(STORE, PRODUCT_PATH));
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    await signInHere(page, 'admin@demo.test');
    await page.waitForURL(url(STORE, '/admin'));
    await page.getByRole('heading', { name: 'Good morning!' }).waitFor();
    await context.close();
  });
});
