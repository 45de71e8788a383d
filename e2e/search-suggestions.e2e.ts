import { describe, expect, it } from 'vitest';
import { fitsWidth, newPage, snap, url } from './browser';
import { STORE } from './store';

// Suggestions under the header's search box as a shopper types (issue 27 item 8): products and
// categories, the arrow keys and Enter, a click, and plain Enter still searching. Only seeded names.

describe('search suggestions', () => {
  it('suggests products and categories while typing; arrows and Enter or a click open one, plain Enter searches', async () => {
    const { context, page } = await newPage();
    await page.goto(url(STORE, '/'));
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' }).first();
    await box.click();
    await box.pressSequentially('enamel mu', { delay: 30 });
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    const mug = list.getByRole('option', { name: /Enamel Camping Mug/ });
    await mug.waitFor();
    await snap(page, 'search-suggestions');
    await box.press('ArrowDown');
    expect(await mug.getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await page.waitForURL(url(STORE, '/p/enamel-camping-mug'));

    await box.click();
    await box.fill('');
    await box.pressSequentially('kitch', { delay: 30 });
    await list.getByRole('option', { name: /Kitchen & Dining/ }).click();
    await page.waitForURL(url(STORE, '/c/kitchen-dining'));

    // From a clear box, as for 'kitch': on a slow machine the box can still hold the earlier text as the
    // category page settles, and 'kitchlinen' suggests nothing.
    await box.click();
    await box.fill('');
    await box.pressSequentially('linen', { delay: 30 });
    await list.waitFor();
    await box.press('Enter');
    await page.waitForURL(/\/products\?search=linen/);
    await expect.poll(() => list.count(), { timeout: 5_000 }).toBe(0);
    await context.close();
  });

  it('fits a phone: the box under the header suggests too', async () => {
    const { context, page } = await newPage({ width: 375, height: 800 });
    await page.goto(url(STORE, '/'));
    const box = page.getByRole('banner').getByLabel('Search products').last();
    await box.click();
    await box.pressSequentially('stonew', { delay: 30 });
    await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'search-suggestions-375');
    await context.close();
  });
});
