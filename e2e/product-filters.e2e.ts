import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fitsWidth, newPage, productNames, snap, url } from './browser';
import { STORE } from './store';

// Product filters on category and search pages (issue 27 item 8): brand, variant option, price and
// stock, each value with its count, kept in the URL (the back button undoes a choice), chips to remove
// one, and a phone's Filters button. Only seeded brands and options are read: no journey changes them.

const poll = { timeout: 10_000 };
const KILN_LANE = ['Hand-thrown Serving Bowl', 'Speckled Stoneware Teapot, 1 Litre', 'Stoneware Dinner Plates, Set of 4'];

const names = async (page: Page) => [...(await productNames(page))].sort();
const filters = (page: Page) => page.getByRole('complementary', { name: 'Filters' });

describe('product filters', () => {
  it('narrows a category by brand, option and price with counts, in the URL, and clears', async () => {
    const { context, page } = await newPage();
    await page.goto(url(STORE, '/c/kitchen-dining'));
    const panel = filters(page);
    const kiln = panel.getByRole('checkbox', { name: /^Kiln Lane Pottery/ });
    await kiln.waitFor();
    expect(await panel.getByText('Kiln Lane Pottery').locator('..').innerText()).toContain('3');

    await kiln.click();
    await page.waitForURL(/brand=Kiln\+Lane\+Pottery/);
    await expect.poll(() => names(page), poll).toEqual(KILN_LANE);
    await page.getByRole('list', { name: 'Chosen filters' }).getByRole('button', { name: 'Remove filter Kiln Lane Pottery' }).waitFor();

    // Within the brand only the plates have colours: Sage (the mug's, the towels') is not offered.
    const slate = panel.getByRole('checkbox', { name: /^Slate Blue/ });
    await slate.waitFor();
    await expect.poll(() => panel.getByRole('checkbox', { name: /^Sage/ }).count(), poll).toBe(0);
    await slate.click();
    await expect.poll(() => names(page), poll).toEqual(['Stoneware Dinner Plates, Set of 4']);
    await snap(page, 'filters-category');

    // Back undoes the last choice.
    await page.goBack();
    await expect.poll(() => names(page), poll).toEqual(KILN_LANE);

    await panel.getByLabel('Minimum price (£)').fill('28.50');
    await panel.getByLabel('Maximum price (£)').fill('30');
    await panel.getByRole('button', { name: 'Apply price' }).click();
    await expect.poll(() => names(page), poll).toEqual(['Speckled Stoneware Teapot, 1 Litre', 'Stoneware Dinner Plates, Set of 4']);
    await page.getByRole('button', { name: 'Remove filter £28.50 – £30.00' }).waitFor();

    await panel.getByRole('button', { name: 'Clear all filters' }).click();
    await expect.poll(async () => (await names(page)).length, poll).toBeGreaterThan(KILN_LANE.length);
    expect(page.url()).not.toContain('brand=');
    await context.close();
  });

  it('filters search results by an option, and a filter that leaves nothing says so', async () => {
    const { context, page } = await newPage();
    await page.goto(url(STORE, '/products?search=linen'));
    const panel = filters(page);
    await panel.getByRole('checkbox', { name: /^Rust/ }).click();
    await expect.poll(() => names(page), poll).toEqual(['Stonewashed Linen Tea Towels, Pair']);
    await page.goto(url(STORE, '/products?search=linen&option=Colour:Rust&brand=No%20such%20brand'));
    await page.getByText('No products match these filters. Remove one or clear them all.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(async () => (await names(page)).length, poll).toBeGreaterThan(1);
    await context.close();
  });

  it('fits a phone: the panel opens from the Filters button', async () => {
    const { context, page } = await newPage({ width: 375, height: 800 });
    await page.goto(url(STORE, '/c/kitchen-dining'));
    const panel = filters(page);
    const forge = panel.getByRole('checkbox', { name: /^Forge & Hearth/ });
    expect(await forge.isVisible()).toBe(false);
    await panel.getByRole('button', { name: 'Filters' }).click();
    await forge.click();
    await expect.poll(() => names(page), poll).toEqual(['Pre-seasoned Cast Iron Skillet']);
    await panel.getByRole('button', { name: 'Filters (1)' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'filters-category-375');
    await context.close();
  });
});
