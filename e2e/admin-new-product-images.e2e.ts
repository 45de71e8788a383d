import { describe, expect, it } from 'vitest';
import { fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { STORE } from './store';
import { makePng } from '../src/server/test/images';

// Pictures on a product not saved yet, and a variant's own picture (issue 11, item 8; decision 010).

const png = (name: string, rgb: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: makePng(48, 48, rgb) });

describe('new product with pictures', () => {
  it('an admin chooses pictures before the first save, removes one, saves, and the product has them; a variant then shows its own', async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, url(STORE, '/login?redirect=%2Fadmin'), 'admin@demo.test');
    await page.waitForURL(url(STORE, '/admin'));
    await page.goto(url(STORE, '/admin/catalogue/products/new'));
    await page.getByRole('heading', { name: 'Add Product', level: 1 }).waitFor();
    await page.getByText('No images yet').waitFor();

    const n = Date.now() % 1_000_000;
    const name = `Glazed Water Jug ${n}`;
    await page.getByLabel('Product Name*').fill(name);
    await page.getByLabel('SKU*').fill(`GWJ-${n}`);
    await page.getByLabel('Base Price (£)*').fill('34');
    await page.getByLabel('Product Status*').selectOption('active');

    // Three chosen, shown at once from the browser's copy; nothing is uploaded yet.
    const uploads: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/admin/media') uploads.push(req.url());
    });
    await page.getByLabel('Choose images to add').setInputFiles([png('teal-jug.png', [20, 140, 140]), png('blurry.png', [90, 90, 90]), png('ochre-jug.png', [200, 140, 30])]);
    const tiles = page.getByRole('list', { name: 'Product images' }).getByRole('listitem');
    await expect.poll(() => tiles.count()).toBe(3);
    const first = page.getByRole('listitem', { name: 'Image 1 (thumbnail)' });
    await first.getByText('Thumbnail', { exact: true }).waitFor();
    expect(await first.locator('img').getAttribute('src')).toMatch(/^blob:/);
    await page.getByLabel('Alt text for image 1').fill('Teal glazed jug');
    await page.getByRole('button', { name: 'Remove image 2' }).click();
    await expect.poll(() => tiles.count()).toBe(2);
    await page.getByRole('listitem', { name: 'Image 2' }).getByText('ochre-jug.png').waitFor();
    await page.getByLabel('Alt text for image 2').fill('Ochre glazed jug');
    expect(uploads).toEqual([]);
    await snap(page, 'admin-new-product-pictures');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'admin-new-product-pictures-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Save' }).click();
    await toastWith(page, 'Product created successfully').waitFor();
    await page.waitForURL(url(STORE, '/admin/catalogue/products'));
    expect(uploads).toHaveLength(2);

    // The product has both pictures, in order, with their alt text: in the admin and for shoppers.
    const product = await page.evaluate(async (sku) => {
      const list = await (await fetch(`/api/admin/products?search=${sku}`)).json();
      return list.products[0] as { id: string; slug: string };
    }, `GWJ-${n}`);
    await page.goto(url(STORE, `/admin/catalogue/products/${product.id}/edit`));
    await page.getByRole('heading', { name: 'Edit Product', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Alt text for image 1').inputValue()).toBe('Teal glazed jug');
    expect(await page.getByLabel('Alt text for image 2').inputValue()).toBe('Ochre glazed jug');

    // Two variants; the second shows the ochre picture.
    await page.getByRole('button', { name: 'Add variant' }).click();
    await page.getByLabel('Variant 1 option 1 name').fill('Colour');
    await page.getByLabel('Variant 1 option 1 value').fill('Teal');
    await page.getByLabel('Variant 1 SKU').fill(`GWJ-${n}-T`);
    await page.getByLabel('Variant 1 price (£)').fill('34');
    await page.getByRole('button', { name: 'Add variant' }).click();
    await page.getByLabel('Variant 2 option 1 name').fill('Colour');
    await page.getByLabel('Variant 2 option 1 value').fill('Ochre');
    await page.getByLabel('Variant 2 SKU').fill(`GWJ-${n}-O`);
    await page.getByLabel('Variant 2 price (£)').fill('34');
    await page.getByLabel('Variant 2 picture').selectOption({ label: 'Picture 2: Ochre glazed jug' });
    await page.getByTestId('variant-2-picture').waitFor();
    await snap(page, 'admin-variant-picture');
    await page.getByRole('button', { name: 'Save' }).click();
    await toastWith(page, 'Product updated successfully').waitFor();

    const shopper = await newPage();
    await shopper.page.goto(url(STORE, `/p/${product.slug}`));
    await shopper.page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(await shopper.page.getByRole('list', { name: 'Product pictures' }).getByRole('button').count()).toBe(2);
    await shopper.page.getByRole('img', { name: 'Teal glazed jug', exact: true }).waitFor();
    await shopper.page.getByRole('button', { name: /^Ochre/ }).click();
    const ochre = shopper.page.getByRole('img', { name: 'Ochre glazed jug', exact: true });
    await ochre.waitFor();
    expect(await ochre.getAttribute('src')).toMatch(/^\/files\/tenants\/[0-9a-f-]{36}\/media\/[0-9a-f-]{36}\.png$/);
    await snap(shopper.page, 'product-new-with-pictures');
    await shopper.context.close();
    await context.close();
  });
});
