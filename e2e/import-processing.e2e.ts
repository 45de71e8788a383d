import { afterEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { fitsWidth, newPage, signInThroughForm, snap, snapIfFailed, toastWith, url } from './browser';
import { newJourneyStore } from './run-data';

// Catalogue > Import, end to end (issue 15 item 3, decision 025): the sample template imported through
// the screens into a store of the journey's own (its rows are the template's examples: drafts named
// "Example: …", issue 27 item 5), then the merchant's own product made from it (its pictures at
// example.com cannot be fetched here, so they are warnings and the product still goes in), then the
// store's own export with one price changed (one update, the rest unchanged), then a file with a bad
// row imported by skipping it.

afterEach(snapIfFailed);

const FINISHED_MS = 45_000;
let host = '';

async function signedInAdmin(width = 1280) {
  const opened = await newPage({ width, height: width < 600 ? 740 : 800 });
  await signInThroughForm(opened.page, url(host, `/login?redirect=${encodeURIComponent('/admin/import')}`), 'admin@demo.test');
  await opened.page.getByRole('heading', { name: 'Import Products', level: 1 }).waitFor();
  return opened;
}

/** Uploads a CSV through the page's file input and opens its Map Fields. */
async function uploadAndOpen(page: Page, name: string, text: string | Buffer): Promise<void> {
  await page.getByLabel('Choose a CSV file to import').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.isBuffer(text) ? text : Buffer.from(text) });
  await toastWith(page, 'File Uploaded').waitFor();
  await page.getByRole('list', { name: 'Import history' }).getByRole('listitem').filter({ hasText: name }).first().getByRole('link', { name: 'Map Fields' }).click();
  await page.getByRole('heading', { name: 'Map Fields' }).waitFor();
}

async function waitForSucceeded(page: Page): Promise<void> {
  await page.getByText('Import finished.').waitFor({ timeout: FINISHED_MS });
  await page.getByRole('main').getByText('Succeeded', { exact: true }).first().waitFor();
}

const count = (page: Page, id: string) => page.getByTestId(id).first().textContent();

describe('product import processing journeys', () => {
  it('imports the sample template as example drafts, then the merchant’s own product from it: pictures that cannot be fetched are warnings, the product reaches the storefront', async () => {
    host = await newJourneyStore('Import Processing Shop');
    const { context, page } = await signedInAdmin();

    // The template as the merchant gets it: the page's Download Template button.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Template' }).click()]);
    const template = (await readFile((await download.path())!)).toString('utf8');
    await uploadAndOpen(page, 'product-import-template.csv', template);
    await page.getByRole('button', { name: 'Save mapping and check file' }).click();
    await toastWith(page, 'File checked', '3 to create, 0 to update, 0 rows rejected').waitFor();
    // Its rows are the template's examples (issue 27 item 5): the check says what becomes of them.
    await page.getByRole('status', { name: 'Example products' }).getByText('3 products are the template’s examples').waitFor();
    const importButton = page.getByRole('button', { name: 'Import 3 products', exact: true });
    await importButton.waitFor();
    await snap(page, 'import-ready');

    await importButton.click();
    await toastWith(page, 'Import started').waitFor();
    await waitForSucceeded(page);
    await toastWith(page, 'Import finished', '3 created').waitFor();
    expect(await count(page, 'import-created')).toBe('3');
    expect(await count(page, 'import-rejected')).toBe('0');
    // Imported without their placeholder pictures: nothing to warn about.
    expect(await count(page, 'import-images-failed')).toBe('0');
    await page.getByText('No rows were rejected').first().waitFor();
    expect(await page.getByRole('table', { name: 'Import problems' }).count()).toBe(0);

    // Drafts named as examples: in the product list, never on the storefront.
    await page.goto(url(host, '/admin/catalogue/products'));
    await page.getByText('Example: Stoneware Coffee Mug').first().waitFor();
    await page.goto(url(host, '/p/stoneware-coffee-mug'));
    await page.getByRole('heading', { name: 'Product Not Found', level: 1 }).waitFor();

    // The merchant's own file made from the template: the mug row is now their product.
    await page.goto(url(host, '/admin/import'));
    const own = template.replaceAll('MUG-STONE-01', 'OWN-MUG-01').replaceAll('Stoneware Coffee Mug', 'Glazed Breakfast Mug').replaceAll('stoneware-coffee-mug', 'glazed-breakfast-mug');
    await uploadAndOpen(page, 'our-products.csv', own);
    await page.getByRole('button', { name: 'Save mapping and check file' }).click();
    await toastWith(page, 'File checked', '1 to create, 2 to update, 0 rows rejected').waitFor();
    await page.getByRole('status', { name: 'Example products' }).getByText('2 products are the template’s examples').waitFor();
    await page.getByRole('button', { name: 'Import 3 products', exact: true }).click();
    await waitForSucceeded(page);
    expect(await count(page, 'import-created')).toBe('1');
    expect(await count(page, 'import-unchanged')).toBe('2');

    // Its pictures (at example.com, which cannot be fetched here) are warnings, one per address; nothing was rejected.
    const problems = page.getByRole('table', { name: 'Import problems' });
    await problems.getByText('example.com/images/mug-front.jpg').waitFor();
    await problems.getByText('example.com/images/mug-side.jpg').waitFor();
    expect(await problems.getByText('Warning', { exact: true }).count()).toBe(2);
    await page.getByTestId('import-problem-totals').getByText('No rows were rejected.').waitFor();
    expect(await page.getByRole('link', { name: 'Download rejected rows (CSV)' }).count()).toBe(0);
    expect(await count(page, 'import-images-failed')).toBe('2');
    await snap(page, 'import-details-warnings');

    // The history shows what the import wrote, and its View Details opens these details again.
    await page.getByRole('link', { name: 'Start a new import' }).click();
    const row = page.getByRole('list', { name: 'Import history' }).getByRole('listitem').filter({ hasText: 'our-products.csv' });
    await row.getByText('1 created · 0 updated · 2 unchanged · 0 rejected').waitFor();
    await snap(page, 'import-history-processed');
    await row.getByRole('link', { name: 'View Details' }).click();
    await page.getByRole('table', { name: 'Import problems' }).waitFor();

    // The storefront sells the merchant's mug.
    await page.goto(url(host, '/p/glazed-breakfast-mug'));
    await page.getByRole('heading', { name: 'Glazed Breakfast Mug', level: 1 }).waitFor();
    await page.getByRole('main').getByText('£14.00').first().waitFor();
    await context.close();

    // A phone: the details fit the screen.
    const phone = await signedInAdmin(375);
    await phone.page.getByRole('list', { name: 'Import history' }).getByRole('listitem').filter({ hasText: 'our-products.csv' }).getByRole('link', { name: 'View Details' }).click();
    await phone.page.getByRole('table', { name: 'Import problems' }).waitFor();
    expect(await fitsWidth(phone.page)).toBe(true);
    await snap(phone.page, 'import-details-warnings-375');
    await phone.context.close();
  });

  it('re-imports the store’s export with one price changed: one update, the rest unchanged, the new price on the storefront', async () => {
    expect(host, 'runs after the template journey').not.toBe('');
    const { context, page } = await signedInAdmin();
    // Fetched by the page itself: *.localhost resolves inside Chromium, not in Node.
    const exported = await page.evaluate(async () => {
      const res = await fetch('/api/admin/products/export.csv');
      return { status: res.status, text: await res.text() };
    });
    expect(exported.status).toBe(200);
    const lines = exported.text.split('\r\n');
    const mug = lines.findIndex((l) => l.startsWith('OWN-MUG-01,'));
    expect(mug).toBeGreaterThan(0);
    expect(lines[mug]).toContain(',14.00,');
    lines[mug] = lines[mug].replace(',14.00,', ',16.50,');
    await uploadAndOpen(page, 'products-price-change.csv', lines.join('\r\n'));
    await page.getByRole('button', { name: 'Save mapping and check file' }).click();
    await toastWith(page, 'File checked', '0 to create, 4 to update, 0 rows rejected').waitFor();
    expect(await count(page, 'dry-run-update')).toBe('4');
    await page.getByRole('button', { name: 'Import 4 products', exact: true }).click();
    await waitForSucceeded(page);
    expect(await count(page, 'import-updated')).toBe('1');
    expect(await count(page, 'import-unchanged')).toBe('3');
    expect(await count(page, 'import-created')).toBe('0');
    await page.getByText('No rows were rejected').first().waitFor();
    await snap(page, 'import-details-empty');

    await page.goto(url(host, '/p/glazed-breakfast-mug'));
    await page.getByRole('heading', { name: 'Glazed Breakfast Mug', level: 1 }).waitFor();
    await page.getByRole('main').getByText('£16.50').first().waitFor();
    await context.close();

    const phone = await signedInAdmin(375);
    await phone.page.getByRole('list', { name: 'Import history' }).getByRole('listitem').filter({ hasText: 'products-price-change.csv' }).getByRole('link', { name: 'View Details' }).click();
    await phone.page.getByText('No rows were rejected').first().waitFor();
    expect(await fitsWidth(phone.page)).toBe(true);
    await snap(phone.page, 'import-details-empty-375');
    await phone.context.close();
  });

  it('imports a file with a bad row only after confirming to skip it, lists it and offers it as a file; progress is shown while processing', async () => {
    expect(host, 'runs after the template journey').not.toBe('');
    for (const width of [1280, 375]) {
      const { context, page } = await signedInAdmin(width);
      const tag = width === 375 ? 'phone' : 'desk';
      const file = ['SKU,Name,Price', `SKIP-${tag}-1,Skip Journey Good ${tag},10.00`, `SKIP-${tag}-2,Skip Journey Bad ${tag},ten`].join('\r\n');
      await uploadAndOpen(page, `skip-${tag}.csv`, file);
      await page.getByRole('button', { name: 'Save mapping and check file' }).click();
      await toastWith(page, 'File checked: some rows have problems').waitFor();
      const skip = page.getByRole('button', { name: 'Import 1 product and skip 1 rejected row' });
      await skip.scrollIntoViewIfNeeded();
      expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({ path: `test-results/e2e/import-skip-button${width === 375 ? '-375' : ''}.png` });
      await skip.click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText('Skip 1 rejected row?').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await snap(page, `import-confirm-skip${width === 375 ? '-375' : ''}`);
      await dialog.getByRole('button', { name: 'Import and skip rejected rows' }).click();
      await toastWith(page, 'Import started').waitFor();
      await waitForSucceeded(page);
      expect(await count(page, 'import-created')).toBe('1');
      expect(await count(page, 'import-rejected')).toBe('1');
      await page.getByRole('table', { name: 'Import problems' }).getByRole('row').filter({ hasText: 'Price' }).first().waitFor();
      const link = page.getByRole('link', { name: 'Download rejected rows (CSV)' });
      const [rejected] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const text = await readFile((await rejected.path())!, 'utf8');
      expect(text).toContain('Import errors');
      expect(text).toContain(`SKIP-${tag}-2`);
      expect(text).not.toContain(`SKIP-${tag}-1`);
      expect(await fitsWidth(page)).toBe(true);
      await snap(page, `import-details-rejected${width === 375 ? '-375' : ''}`);

      // Progress: the batch is answered as processing part way through a large file, then as it is.
      const batchPath = new URL(page.url()).pathname.replace('/admin/import/', '/api/imports/products/batches/');
      const real = await page.evaluate(async (path) => ((await (await fetch(path)).json()) as { batch: Record<string, unknown> }).batch, batchPath);
      const result = { rows_done: 12_345, products_created: 10_020, products_updated: 2_000, products_unchanged: 300, images_saved: 8_410, images_failed: 12 };
      const processing = { ...real, status: 'processing', result, stats: { rows_total: 100_000, rows_ok: 12_320, rows_failed: 25 } };
      await page.route(`**${batchPath}`, (route) => route.fulfill({ json: { batch: processing } }));
      await page.reload();
      await page.getByTestId('import-progress-rows').getByText('12,345 of 100,000 rows').waitFor();
      await page.getByRole('progressbar', { name: 'Import progress' }).waitFor();
      expect(await page.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('12');
      expect(await fitsWidth(page)).toBe(true);
      await snap(page, `import-progress${width === 375 ? '-375' : ''}`);
      // Polling: once the server says it has ended, the page moves on to the details by itself.
      await page.unroute(`**${batchPath}`);
      await waitForSucceeded(page);
      await toastWith(page, 'Import finished').waitFor();
      await context.close();
    }
  });
});
