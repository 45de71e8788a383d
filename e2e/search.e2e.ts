import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fitsWidth, newPage, productNames, snap, url } from './browser';

// Storefront search (issue 11 item 9): the start of a word while typing, and a word with two letters
// swapped, both find the demo store's British Wildflower Seed Mix, on a desktop and on a phone.

const WILDFLOWER = 'British Wildflower Seed Mix';
const poll = { timeout: 10_000 };

async function searchFor(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.fill(text);
  await box.press('Enter');
  await page.waitForURL(url('demo.localhost', `/products?search=${encodeURIComponent(text)}`));
  await page.getByRole('heading', { name: 'Search results', level: 1 }).waitFor();
  await page.getByText(`Showing results for "${text}"`).waitFor();
}

describe('storefront search', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    it(`a shopper types "wildf", then "Widlflower", and finds ${WILDFLOWER} (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(viewport);
      await page.goto(url('demo.localhost', '/'));
      await page.getByRole('heading', { name: 'Demo Store', level: 1 }).waitFor();

      // The start of a word: the shopper has not finished typing it.
      await searchFor(page, 'wildf');
      await expect.poll(() => productNames(page), poll).toEqual([WILDFLOWER]);
      await page.getByText('1 product', { exact: true }).waitFor();

      // Two letters swapped: the shop's own word is found for it.
      await searchFor(page, 'Widlflower');
      await expect.poll(() => productNames(page), poll).toEqual([WILDFLOWER]);
      await page.getByText('1 product', { exact: true }).waitFor();
      expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('Widlflower');
      expect(await fitsWidth(page)).toBe(true);
      await snap(page, `store-search-misspelt-${viewport.width}`);

      await page.getByRole('list', { name: 'Products', exact: true }).getByRole('link', { name: WILDFLOWER }).click();
      await page.getByRole('heading', { name: WILDFLOWER, level: 1 }).waitFor();
      await context.close();
    });
  }
});
