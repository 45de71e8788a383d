import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, url } from './browser';

// The product page's first download leaves out what it needs only on use (docs/decisions/004):
// these journeys check that what moved behind a click still works, and that it did move.

/** The file names of the scripts the page has requested so far. */
function recordScripts(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') names.push(new URL(request.url()).pathname.split('/').pop() ?? '');
  });
  return names;
}

/**
 * A demo product with every tab filled in. Named, not the list's first: which product comes first
 * depends on what other journeys have added to the store.
 */
const PRODUCT_SLUG = 'enamel-camping-mug';

describe('storefront bundle', () => {
  it('a product page loads no admin, sign-in or form code, and its tabs and review form still work', async () => {
    const { context, page } = await newPage();
    const scripts = recordScripts(page);
    await page.goto(url('demo.localhost', `/p/${PRODUCT_SLUG}`));
    await page.getByRole('tab', { name: 'Details', selected: true }).waitFor();
    expect(scripts.filter((name) => /^(AdminApp|LoginPage|MarketingSite|ReviewsPanel|ReviewForm|MobileCategorySheet|forms|schemas)-/.test(name))).toEqual([]);

    // Tabs: a click selects; arrow keys move along and wrap; only the selected panel is shown.
    await page.getByRole('tab', { name: 'Specifications' }).click();
    await page.getByRole('tabpanel', { name: 'Specifications' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('tabpanel', { name: 'Details' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('tabpanel', { name: 'Delivery & Returns' }).waitFor();
    await page.keyboard.press('Home');
    await page.getByRole('tab', { name: 'Details', selected: true }).waitFor();
    expect(await page.getByRole('tabpanel').count()).toBe(1);

    // The review form checks with the server's own schema (Zod Mini, in the form's bundle), in its words.
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await page.getByRole('button', { name: 'Write Review' }).click();
    await page.getByRole('button', { name: 'Submit review' }).click();
    await page.getByRole('listitem').getByText('Missing Information').waitFor();
    await page.locator('form').getByText('Please fill in all required fields').first().waitFor();
    await page.getByLabel('Title').fill('Lovely');
    await page.getByRole('textbox', { name: 'Review' }).fill('Does what it says.');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Submit review' }).click();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByLabel('Email').fill(' Jo.Hughes@Example.co.uk ');
    await page.getByRole('button', { name: 'Submit review' }).click();
    await page.getByRole('listitem').getByText(/will appear once it has been approved/).waitFor();
    expect(scripts.some((name) => name.startsWith('ReviewForm-'))).toBe(true);
    await context.close();
  });

  it('the phone menu still opens the category sheet and follows a link', async () => {
    const { context, page } = await newPage({ width: 375, height: 740 });
    await page.goto(url('demo.localhost', `/p/${PRODUCT_SLUG}`));
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('link', { name: 'All products' }).waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await sheet.getByRole('link', { name: 'All products' }).click();
    await page.waitForURL(url('demo.localhost', '/products'));
    await sheet.waitFor({ state: 'detached' });
    await context.close();
  });
});
