import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { fitsWidth, newPage, signInThroughForm, snap, url } from './browser';

// Issue 15 item 5: 'Export products' on the products list downloads the catalogue as CSV.

describe('product export', () => {
  it('downloads the catalogue as a dated CSV from the products list', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page, url('demo.localhost', '/login'), 'admin@demo.test');
    await page.waitForURL(url('demo.localhost', '/admin'));
    await page.goto(url('demo.localhost', '/admin/catalogue/products'));
    const button = page.getByRole('button', { name: 'Export products' });
    await button.waitFor();
    await snap(page, 'product-export-list');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFFSKU,Name,Slug,')).toBe(true);
    expect(text).toContain('DS-MUG-SAGE');
    await context.close();
  });

  it('fits a phone screen', async () => {
    const { page, context } = await newPage({ width: 390, height: 800 });
    await signInThroughForm(page, url('demo.localhost', '/login'), 'admin@demo.test');
    await page.waitForURL(url('demo.localhost', '/admin'));
    await page.goto(url('demo.localhost', '/admin/catalogue/products'));
    await page.getByRole('button', { name: 'Export products' }).waitFor();
    await snap(page, 'product-export-list-phone');
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });
});
