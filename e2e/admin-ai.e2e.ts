import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, signInThroughForm, snap, toastWith, url } from './browser';

async function adminDashboard(viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(viewport);
  await signInThroughForm(page, url('demo.localhost', '/login?redirect=%2Fadmin'), 'admin@demo.test');
  await page.getByRole('heading', { name: 'Good morning!' }).waitFor();
  return page;
}

/** Fills step 1 of the wizard with a complete product. */
async function fillEssentials(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'AI Product Wizard' });
  await dialog.getByLabel('Product name').fill('Oak Chopping Board');
  await dialog.getByLabel('SKU').fill(`OAK-E2E-${Date.now()}`);
  await dialog.getByLabel('Price (£)').fill('35.50');
  await dialog.getByLabel('Brand').fill('Timberline');
  await dialog.getByLabel('Seed description').fill('Solid oak board, oiled by hand in Yorkshire, with a juice groove.');
  await dialog.getByLabel('Key specifications').fill('Size: 40 x 30 cm\nWood = English oak');
  return dialog;
}

describe('Store Brain', () => {
  it("opens with suggestions from the store's data, closes, and loads them again on reopening", async () => {
    const page = await adminDashboard();
    const asks: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/ai/assistant')) asks.push(r.postData() ?? '');
    });
    await page.getByRole('button', { name: 'Store Brain' }).click();
    const panel = page.getByRole('dialog', { name: 'Store Brain' });
    const list = panel.getByRole('list', { name: 'Suggestions' });
    // The demo store really has low stock and products without SEO details.
    const lowStock = list.getByRole('listitem').filter({ hasText: /running low on stock/ });
    await lowStock.waitFor();
    expect(await lowStock.innerText()).toMatch(/\(\d+ left\)/);
    const badge = lowStock.getByLabel(/% confidence$/);
    expect(await badge.innerText()).toBe('95%');
    expect(await badge.getAttribute('data-colour')).toBe('green');
    await list.getByRole('listitem').filter({ hasText: /missing SEO details/ }).getByRole('link', { name: 'Add SEO details' }).waitFor();
    expect(JSON.parse(asks[0])).toMatchObject({ intent: 'insights.quick_wins', horizon: '30d' });
    await snap(page, 'store-brain');

    await panel.getByRole('button', { name: 'Close Store Brain' }).click();
    await panel.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Store Brain' }).click();
    await list.getByRole('listitem').filter({ hasText: /running low on stock/ }).waitFor();
    expect(asks).toHaveLength(2);

    // A suggestion's link goes to its screen and closes the panel.
    await list.getByRole('link', { name: 'Restock now' }).click();
    await page.waitForURL(url('demo.localhost', '/admin/catalogue/products'));
    await panel.waitFor({ state: 'hidden' });
  });

  it('shows the two built-in suggestions when suggestions cannot be loaded', async () => {
    const page = await adminDashboard({ width: 375, height: 740 });
    await page.route('**/api/ai/assistant', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"Something went wrong."}}' }));
    await page.getByRole('button', { name: 'Store Brain' }).click();
    const list = page.getByRole('dialog', { name: 'Store Brain' }).getByRole('list', { name: 'Suggestions' });
    await list.getByText('Complete your store setup').waitFor();
    await list.getByText('Improve your SEO').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);
    expect(await list.getByLabel('85% confidence').count()).toBe(2);
    await snap(page, 'store-brain-fallback-375');
  });
});

describe('AI Product Wizard', () => {
  it('checks step 1, generates, regenerates with a fresh seed, accepts and edits on step 3', async () => {
    const page = await adminDashboard();
    const bodies: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/ai/content')) bodies.push(JSON.parse(r.postData() ?? '{}'));
    });
    await page.getByRole('button', { name: 'AI Product Wizard' }).click();
    const dialog = page.getByRole('dialog', { name: 'AI Product Wizard' });
    await dialog.getByText('Step 1 of 3: Product Essentials').waitFor();
    expect(await dialog.getByLabel('Audience').inputValue()).toBe('trade');
    expect(await dialog.getByLabel('Tone').inputValue()).toBe('friendly');
    expect(await dialog.getByRole('option', { name: 'Professionals' }).count()).toBe(1);

    await dialog.getByRole('button', { name: 'Generate copy' }).click();
    await dialog.getByText('Name, SKU and price are required before generating copy.').waitFor();
    await dialog.getByLabel('Product name').fill('Oak Chopping Board');
    await dialog.getByLabel('SKU').fill('OAK-1');
    await dialog.getByLabel('Price (£)').fill('35');
    await dialog.getByRole('button', { name: 'Generate copy' }).click();
    await dialog.getByText('Provide a short summary so AI knows what to emphasise.').waitFor();
    expect(bodies).toHaveLength(0);

    await fillEssentials(page);
    await dialog.getByRole('button', { name: 'Generate copy' }).click();
    await dialog.getByText('Step 2 of 3: AI Copy').waitFor();
    await dialog.getByText('Attempt 1').waitFor();
    await dialog.getByRole('heading', { name: 'Timberline Oak Chopping Board' }).waitFor();
    expect(bodies[0]).toMatchObject({
      intent: 'product.generate',
      productDraft: { name: 'Oak Chopping Board', price: 35.5, brand: 'Timberline', tone: 'friendly', target_audience: 'trade', specs: [{ name: 'Size', value: '40 x 30 cm' }, { name: 'Wood', value: 'English oak' }] },
      guidelines: {},
    });
    expect(bodies[0].seed).toBeUndefined();
    await snap(page, 'wizard-step-2');

    await dialog.getByRole('button', { name: 'Regenerate' }).click();
    await dialog.getByText('Attempt 2').waitFor();
    expect(typeof bodies[1].seed).toBe('string');
    const description = dialog.getByLabel('Description', { exact: true });
    expect(await description.inputValue()).toContain('Solid oak board, oiled by hand in Yorkshire, with a juice groove.');
    await description.fill('Edited in step two. A board for life.');
    await dialog.getByRole('button', { name: 'Accept and continue' }).click();

    await dialog.getByText('Everything remains local until you hit publish.').waitFor();
    await dialog.getByRole('heading', { name: 'Review & publish' }).waitFor();
    expect(await dialog.getByLabel('Description', { exact: true }).inputValue()).toBe('Edited in step two. A board for life.');
    expect(await dialog.getByTestId('slug-preview').innerText()).toBe('/p/oak-chopping-board');
    await dialog.getByLabel('Product name').fill('Oak Chopping Board, Large');
    expect(await dialog.getByTestId('slug-preview').innerText()).toBe('/p/oak-chopping-board-large');
    expect((await dialog.getByLabel('Meta title').inputValue()).length).toBeLessThanOrEqual(60);
    expect(await dialog.getByLabel('Suggested bullets').inputValue()).toContain('Size: 40 x 30 cm');
    await dialog.getByRole('button', { name: 'Publish product' }).waitFor();
    await snap(page, 'wizard-step-3');

    // Back keeps the generated copy; closing starts afresh.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByText('Attempt 2').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'AI Product Wizard' }).click();
    expect(await dialog.getByLabel('Product name').inputValue()).toBe('');
  });

  it('shows the failure inline and in a toast, clears the copy, and lets you write it manually', async () => {
    const page = await adminDashboard({ width: 375, height: 740 });
    await page.route('**/api/ai/content', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'missing_api_key', message: 'x' } }) }),
    );
    await page.getByRole('button', { name: 'AI Product Wizard' }).click();
    const dialog = await fillEssentials(page);
    await dialog.getByRole('button', { name: 'Generate copy' }).click();
    const keyText = 'AI key not configured. Add OPENAI_API_KEY and redeploy before trying again.';
    await dialog.getByText(keyText).waitFor();
    await toastWith(page, 'AI generation failed', keyText).waitFor();
    await dialog.getByText('No AI content available. You can move on and craft the copy manually.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Accept and continue' }).isDisabled()).toBe(true);
    await snap(page, 'wizard-failure-375');

    await dialog.getByRole('button', { name: "I'll write it manually" }).click();
    await dialog.getByText('Everything remains local until you hit publish.').waitFor();
    expect(await dialog.getByLabel('Description', { exact: true }).inputValue()).toBe('Solid oak board, oiled by hand in Yorkshire, with a juice groove.');
  });

  it('publishes the product from step 3; it is live in the catalogue', async () => {
    const page = await adminDashboard();
    const name = `Oak Chopping Board ${Date.now()}`;
    await page.getByRole('button', { name: 'AI Product Wizard' }).click();
    const dialog = await fillEssentials(page);
    await dialog.getByRole('button', { name: 'Generate copy' }).click();
    await dialog.getByRole('button', { name: 'Accept and continue' }).click();
    await dialog.getByLabel('Product name').fill(name);
    await dialog.getByRole('button', { name: 'Publish product' }).click();
    await toastWith(page, 'Product created successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Created active with stock 0 and tracking on (admin spec §4). It stays: journeys that count
    // products count the ones they made (run-data.ts).
    const found = await page.evaluate(async (search) => (await fetch(`/api/admin/products?search=${encodeURIComponent(search)}`)).json(), name);
    expect(found.products).toHaveLength(1);
    expect(found.products[0]).toMatchObject({ name, status: 'active', stock_quantity: 0, track_inventory: true });
  });
});
