import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fitsWidth, newPage, signInThroughForm, snap, snapIfFailed, toastWith, url } from './browser';
import { adminCreatesProduct, newJourneyStore, runTag } from './run-data';
import { makePdf, makePng } from '../src/server/test/images';
import { UPLOAD_MESSAGES } from '../src/shared/media';

// Content > Media (issue 14 item 3). The journey opens a store of its own (the platform owner creates
// it, with admin@demo.test as its owner), so its library starts empty and what it counts is its own.

const poll = { timeout: 10_000 };

const tiles = (page: Page) => page.getByRole('list', { name: 'Media files' }).getByRole('listitem');
const tileNames = (page: Page) => tiles(page).locator('p[title]').allInnerTexts();

afterEach(snapIfFailed);

describe('media library journey', () => {
  it('an admin uploads pictures and a PDF (wrong files refused with their reason), searches and filters, sets alt text, copies the URL, uses a picture on a product, and cannot delete it while a product and a category show it', async () => {
    const host = await newJourneyStore('Media Journey Shop');
    const { context, page } = await newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url(host, '').replace(/\/$/, '') });
    await signInThroughForm(page, url(host, `/login?redirect=${encodeURIComponent('/admin/media')}`), 'admin@demo.test');
    await page.getByRole('heading', { name: 'Media Library', level: 1 }).waitFor();

    // Empty library.
    await page.getByText('Your media library is empty').waitFor();
    await snap(page, 'media-library-empty');

    // Several files at once: two pictures and a PDF go in; a text file named .pdf is refused by the
    // server (its bytes), a zip and an 11 MB picture by the browser (type, size).
    const input = page.getByLabel('Choose files to upload');
    await input.setInputFiles([
      { name: 'Blue mug.png', mimeType: 'image/png', buffer: makePng(120, 120, [40, 90, 200]) },
      { name: 'Oak shelf.png', mimeType: 'image/png', buffer: makePng(120, 80, [150, 110, 60]) },
      { name: 'Mug care guide.pdf', mimeType: 'application/pdf', buffer: makePdf('Mug care') },
      { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><body>Not really a PDF</body></html>') },
      { name: 'photos.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\x03\x04 zip') },
      { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([makePng(), Buffer.alloc(11 * 1024 * 1024)]) },
    ]);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await uploads.getByRole('listitem').filter({ hasText: 'photos.zip' }).getByRole('alert').filter({ hasText: UPLOAD_MESSAGES.unsupported }).waitFor();
    await uploads.getByRole('listitem').filter({ hasText: 'huge.png' }).getByRole('alert').filter({ hasText: UPLOAD_MESSAGES.tooLarge }).waitFor();
    await uploads.getByRole('listitem').filter({ hasText: 'invoice.pdf' }).getByRole('alert').filter({ hasText: UPLOAD_MESSAGES.unsupported }).waitFor(poll);
    await expect.poll(() => tiles(page).count(), poll).toBe(3);
    await toastWith(page, 'Upload failed', 'invoice.pdf').waitFor();
    expect((await tileNames(page)).sort()).toEqual(['Blue mug.png', 'Mug care guide.pdf', 'Oak shelf.png']);
    await snap(page, 'media-library-upload-errors');
    for (const name of ['photos.zip', 'huge.png', 'invoice.pdf']) await page.getByRole('button', { name: `Dismiss ${name}` }).click();
    await snap(page, 'media-library-files');

    // Search (debounced, 2+ characters) and the type filter.
    const search = page.getByLabel('Search media files');
    await search.fill('mug');
    await expect.poll(async () => (await tileNames(page)).sort(), poll).toEqual(['Blue mug.png', 'Mug care guide.pdf']);
    const filter = page.getByRole('group', { name: 'Filter by type' });
    await filter.getByRole('button', { name: 'Documents' }).click();
    await expect.poll(() => tileNames(page), poll).toEqual(['Mug care guide.pdf']);
    await filter.getByRole('button', { name: 'Images' }).click();
    await expect.poll(() => tileNames(page), poll).toEqual(['Blue mug.png']);
    await search.fill('nothing like this');
    await page.getByText('No files match').waitFor();
    await search.fill('');
    await filter.getByRole('button', { name: 'All' }).click();
    await expect.poll(() => tiles(page).count(), poll).toBe(3);

    // Details: alt text, and the URL copied with a 2-second indicator.
    await page.getByRole('button', { name: 'Open details of Blue mug.png' }).click();
    const details = page.getByRole('dialog', { name: 'Blue mug.png' });
    await details.getByLabel('Alt text').fill('Blue enamel mug on an oak shelf');
    await details.getByRole('button', { name: 'Save alt text' }).click();
    await toastWith(page, 'Success', 'Alt text saved').waitFor();
    await details.getByRole('button', { name: 'Copy URL' }).click();
    await details.getByText('Copied', { exact: true }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^http://${host.replace('.', '\\.')}:\\d+/files/tenants/[0-9a-f-]{36}/media/[0-9a-f-]{36}\\.png$`));
    await details.getByRole('button', { name: 'Copy URL' }).waitFor({ timeout: 4000 });
    await snap(page, 'media-library-details');
    await details.locator('button', { hasText: 'Close' }).click();

    // Use the picture on a product, through the picker on the product's Images card.
    const product = await adminCreatesProduct(page, { name: `Library Mug ${runTag()}`, price: 14 });
    await page.goto(url(host, `/admin/catalogue/products/${product.id}/edit`));
    await page.getByText('No images yet').waitFor();
    await page.getByRole('button', { name: 'Choose from library' }).click();
    const picker = page.getByRole('dialog', { name: 'Media library' });
    await picker.getByRole('button', { name: 'Select Blue mug.png' }).waitFor();
    // Pictures only: the PDF is not offered.
    expect(await picker.getByRole('button', { name: 'Select Mug care guide.pdf' }).count()).toBe(0);
    await picker.getByRole('button', { name: 'Select Blue mug.png' }).click();
    // The dialog over the long form: the viewport is what people see.
    await page.screenshot({ path: 'test-results/e2e/media-picker-product.png' });
    await picker.getByRole('button', { name: 'Use selected file' }).click();
    await toastWith(page, 'Image added', 'Blue mug.png').waitFor();
    const image = page.getByRole('list', { name: 'Product images' }).getByRole('img', { name: 'Blue enamel mug on an oak shelf' });
    await image.waitFor();
    const src = await image.getAttribute('src');
    expect(copied.endsWith(src!)).toBe(true);

    // The same picture as a category's hero, picked in the Manual Create dialog.
    await page.goto(url(host, '/admin/catalogue/categories'));
    await page.getByRole('button', { name: 'Manual Create' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create New Category' });
    await form.getByLabel('Name *').fill('Mugs');
    await form.getByRole('button', { name: 'Choose from library' }).click();
    const heroPicker = page.getByRole('dialog', { name: 'Media library' });
    await heroPicker.getByRole('button', { name: 'Select Blue mug.png' }).click();
    await heroPicker.getByRole('button', { name: 'Use selected file' }).click();
    await expect.poll(() => form.getByLabel('Hero Image URL').inputValue(), poll).toBe(src);
    await form.getByRole('img', { name: 'Hero image preview' }).waitFor();
    await page.screenshot({ path: 'test-results/e2e/media-picker-category-hero.png' });
    await form.getByRole('button', { name: 'Create Category' }).click();
    await toastWith(page, 'Category created successfully').waitFor();

    // The library refuses to delete it while the product and the category show it, and says where.
    await page.goto(url(host, '/admin/media'));
    await page.getByRole('button', { name: 'Delete Blue mug.png' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete file' });
    await confirm.getByText('Are you sure you want to delete "Blue mug.png"?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const refusal = confirm.getByRole('alert');
    await refusal.getByText(`This file is still used by product "${product.name}" and category "Mugs". Remove it there first, then delete it.`).waitFor();
    await refusal.getByRole('link', { name: product.name }).waitFor();
    await refusal.getByRole('link', { name: 'Mugs' }).waitFor();
    await toastWith(page, 'Delete failed').waitFor();
    await snap(page, 'media-library-delete-refused');
    await confirm.locator('button', { hasText: 'Close' }).click();
    expect(await tiles(page).count()).toBe(3);

    // An unused file goes.
    await page.getByRole('button', { name: 'Delete Oak shelf.png' }).click();
    await page.getByRole('alertdialog', { name: 'Delete file' }).getByRole('button', { name: 'Delete' }).click();
    await toastWith(page, 'Success', 'Oak shelf.png deleted').waitFor();
    await expect.poll(() => tileNames(page), poll).not.toContain('Oak shelf.png');

    await page.setViewportSize({ width: 375, height: 800 });
    await tiles(page).first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'media-library-375');
    await context.close();
  });
});
