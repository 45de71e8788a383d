import { describe, expect, it } from 'vitest';
import { fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { makePng } from '../src/server/test/images';
import { UPLOAD_MESSAGES } from '../src/shared/media';

const SLUG = 'speckled-stoneware-teapot';
const ALT = 'Red teapot on a kitchen shelf';

describe('product images journey', () => {
  it('an admin uploads a picture, describes it, makes it the thumbnail and sees it on the product page; a text file named .png is refused', async () => {
    const { page } = await newPage();
    await signInThroughForm(page, url('demo.localhost', '/login?redirect=%2Fadmin'), 'admin@demo.test');
    await page.waitForURL(url('demo.localhost', '/admin'));
    const product = await page.evaluate(async (slug) => (await (await fetch(`/api/products/by-slug/${slug}`, { cache: 'no-store' })).json()).product as { id: string; name: string }, SLUG);

    await page.goto(url('demo.localhost', `/admin/catalogue/products/${product.id}/images`));
    await page.getByRole('heading', { name: `Images: ${product.name}` }).waitFor();
    const tiles = page.getByRole('list', { name: 'Product images' }).getByRole('listitem');
    await tiles.first().waitFor();
    const before = await tiles.count();

    await page.getByLabel('Choose images to upload').setInputFiles({ name: 'red-teapot.png', mimeType: 'image/png', buffer: makePng(64, 64, [190, 40, 30]) });
    await toastWith(page, 'Image uploaded', 'red-teapot.png').waitFor();
    await expect.poll(() => tiles.count()).toBe(before + 1);

    const n = before + 1;
    const alt = page.getByLabel(`Alt text for image ${n}`);
    await alt.fill(ALT);
    await alt.press('Tab');
    await toastWith(page, 'Alt text saved').waitFor();

    for (let at = n; at > 1; at--) {
      await page.getByRole('button', { name: `Move image ${at} left` }).click();
      await expect.poll(() => page.getByLabel(`Alt text for image ${at - 1}`).inputValue()).toBe(ALT);
    }
    const first = page.getByRole('listitem', { name: 'Image 1 (thumbnail)' });
    await first.getByText('Thumbnail', { exact: true }).waitFor();
    expect(await first.getByLabel('Alt text for image 1').inputValue()).toBe(ALT);
    await toastWith(page, 'Thumbnail changed').waitFor();

    // A text file renamed .png passes the browser's check (its declared type) and is refused by the server's.
    await page.getByLabel('Choose images to upload').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('These are my notes, not a picture.') });
    const refused = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'notes.png' });
    await refused.getByRole('alert').filter({ hasText: UPLOAD_MESSAGES.notImage }).waitFor();
    await toastWith(page, 'Failed to upload image', UPLOAD_MESSAGES.notImage).waitFor();
    expect(await tiles.count()).toBe(before + 1);
    await snap(page, 'admin-product-images');

    await page.setViewportSize({ width: 375, height: 800 });
    await first.waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'admin-product-images-375');

    // A shopper's product page opens on the new picture, with its alt text.
    const shopper = (await newPage()).page;
    await shopper.goto(url('demo.localhost', `/p/${SLUG}`));
    const main = shopper.getByRole('img', { name: ALT }).first();
    await main.waitFor();
    expect(await main.getAttribute('src')).toMatch(/^\/files\/tenants\/[0-9a-f-]{36}\/media\/[0-9a-f-]{36}\.png$/);
    // Loaded (its copies may be ready already: a srcset's w descriptor then sets its natural width).
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Its resized copies are made in the background (decision 052); once they are, a shopper's fresh
    // page gets a <picture> whose AVIF copy Chromium takes, sized before it loads, fetched first.
    await expect
      .poll(async () => (await page.evaluate(async (slug) => (await (await fetch(`/api/products/by-slug/${slug}`, { cache: 'no-store' })).json()).product.image.widths as number[] | undefined, SLUG)) ?? [], { timeout: 15_000 })
      .toEqual([64]);
    const fresh = (await newPage()).page;
    await fresh.goto(url('demo.localhost', `/p/${SLUG}`));
    const lcp = fresh.getByRole('img', { name: ALT }).first();
    await lcp.waitFor();
    await expect.poll(() => lcp.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/\.w64\.avif$/);
    expect(await lcp.evaluate((img: HTMLImageElement) => [img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading'), img.getAttribute('fetchpriority'), img.parentElement?.tagName])).toEqual(['64', '64', 'eager', 'high', 'PICTURE']);
    await fresh.context().close();

    // Deleting asks first, then the product is back to its own pictures.
    await page.getByRole('button', { name: 'Delete image 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this image?' });
    await dialog.getByRole('button', { name: 'Delete image' }).click();
    await toastWith(page, 'Image deleted').waitFor();
    await expect.poll(() => tiles.count()).toBe(before);
    await page.getByRole('listitem', { name: 'Image 1 (thumbnail)' }).getByText('Thumbnail', { exact: true }).waitFor();
  });
});
