import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { fitsWidth, newPage, signInThroughForm, snap, snapIfFailed, toastWith, url } from './browser';
import { newJourneyStore } from './run-data';
import { PRODUCT_CSV_COLUMNS } from '../src/shared/product-csv';

// Catalogue > Import (issue 15, first slice): the sample template, a CSV upload with progress, the
// import history and an import's summary. The journey opens a store of its own, so its history starts empty.

const poll = { timeout: 10_000 };

afterEach(snapIfFailed);

describe('product import journey', () => {
  it('an admin downloads the template, uploads it, sees it in the history with Map Fields, opens it; a .txt file is refused', async () => {
    const host = await newJourneyStore('Import Journey Shop');
    const { context, page } = await newPage();
    await signInThroughForm(page, url(host, `/login?redirect=${encodeURIComponent('/admin/import')}`), 'admin@demo.test');
    await page.getByRole('heading', { name: 'Import Products', level: 1 }).waitFor();
    await page.getByText('No imports yet').waitFor();
    await snap(page, 'import-empty');

    // The sample template is a real file with the shared columns.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Template' }).click()]);
    expect(download.suggestedFilename()).toBe('product-import-template.csv');
    const template = readFileSync((await download.path())!);
    const parsed = Papa.parse<Record<string, string>>(template.toString('utf8'), { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual(PRODUCT_CSV_COLUMNS.map((c) => c.header));

    // A file that is not .csv is refused in the browser with the spec's toast.
    const input = page.getByLabel('Choose a CSV file to import');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just notes') });
    await toastWith(page, 'Invalid File', 'Please upload a CSV file').waitFor();

    // A CSV that is really a picture is refused by the server, with its reason, and shows as failed.
    await input.setInputFiles({ name: 'photo.csv', mimeType: 'text/csv', buffer: Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1') });
    await toastWith(page, 'Upload Failed', 'not a CSV text file').waitFor();

    // The template goes in.
    await input.setInputFiles({ name: 'product-import-template.csv', mimeType: 'text/csv', buffer: template });
    await toastWith(page, 'File Uploaded').waitFor();
    const rows = page.getByRole('list', { name: 'Import history' }).getByRole('listitem');
    await expect.poll(() => rows.count(), poll).toBe(2);
    const uploaded = rows.filter({ hasText: 'product-import-template.csv' });
    await uploaded.getByText('Uploaded', { exact: true }).waitFor();
    const failed = rows.filter({ hasText: 'photo.csv' });
    await failed.getByText('Failed', { exact: true }).waitFor();
    await failed.getByRole('link', { name: 'View Details' }).waitFor();
    await snap(page, 'import-history');

    await uploaded.getByRole('link', { name: 'Map Fields' }).click();
    await page.waitForURL(new RegExp(`/admin/import/[0-9a-f-]{36}$`));
    await page.getByRole('heading', { name: 'product-import-template.csv', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Map Fields' }).waitFor();
    await page.getByText(`${(template.length / 1024).toFixed(0)} KB`).or(page.getByText(`${template.length} B`)).first().waitFor();
    await snap(page, 'import-batch');

    // The failed one says why.
    await page.getByRole('link', { name: 'Import Products' }).first().click();
    await failed.getByRole('link', { name: 'View Details' }).click();
    await page.getByText('This import failed.').waitFor();
    await page.getByRole('main').getByText('not a CSV text file').waitFor();
    await context.close();

    // A phone.
    const phone = await newPage({ width: 375, height: 740 });
    await signInThroughForm(phone.page, url(host, `/login?redirect=${encodeURIComponent('/admin/import')}`), 'admin@demo.test');
    await phone.page.getByRole('list', { name: 'Import history' }).getByRole('listitem').first().waitFor();
    expect(await fitsWidth(phone.page)).toBe(true);
    await snap(phone.page, 'import-history-375');
    await phone.page.getByRole('link', { name: 'Map Fields' }).click();
    await phone.page.getByRole('heading', { name: 'Map Fields' }).waitFor();
    expect(await fitsWidth(phone.page)).toBe(true);
    await snap(phone.page, 'import-batch-375');
    await phone.context.close();
  });
});
