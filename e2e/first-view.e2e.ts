import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, newPage, snap, toastWith, url } from './browser';
import { runTag } from './run-data';
import { api } from './store';

// Issue 29: the storefront's first view comes as HTML rendered on the server. Without JavaScript a
// phone (or a crawler, or a link preview) still reads the shop and follows its links; with JavaScript
// the page is taken over without asking the API again for what it shows, and then works as before.
// Every journey also fails on a hydration error (e2e/setup.ts).

const PHONE = { width: 390, height: 844 };
const MUG = '/p/enamel-camping-mug';

describe('the storefront’s first view as HTML', () => {
  it('without JavaScript: a category’s products as links, the listing’s next page, a product’s name, price, picture, description and breadcrumbs', async () => {
    const { context, page } = await newPage(PHONE, { javaScript: false });
    await page.goto(url('demo.localhost', '/c/living-room'));
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Living Room');
    await page.getByText('12 products', { exact: true }).waitFor();
    const lamp = page.getByRole('link', { name: 'Ceramic Table Lamp with Linen Shade' });
    expect(await lamp.getAttribute('href')).toBe('/p/ceramic-table-lamp');
    // The header's menu is there too, as links.
    expect(await page.locator('a[href="/c/garden"]').count()).toBeGreaterThan(0);
    await snap(page, 'first-view-no-js-category');

    // The listing pages on with a plain link.
    await page.goto(url('demo.localhost', '/products'));
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' });
    expect(await next.getAttribute('href')).toMatch(/page=2/);
    await next.click();
    await page.waitForURL(/\/products\?(.*&)?page=2/);
    await page.getByRole('navigation', { name: 'Pagination' }).getByText(/^Page 2 of \d+$/).waitFor();

    // A product, as a shared link opens it.
    await page.goto(url('demo.localhost', MUG));
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Enamel Camping Mug');
    await page.getByText('£12.00').first().waitFor();
    const picture = page.locator('main img').first();
    expect(await picture.getAttribute('alt')).toBeTruthy();
    expect(await picture.getAttribute('loading')).toBe('eager');
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await breadcrumb.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(await breadcrumb.getByRole('link').count()).toBeGreaterThan(1);
    expect((await page.locator('main').innerText()).length).toBeGreaterThan(200);
    await snap(page, 'first-view-no-js-product');
    await context.close();
  });

  it('with JavaScript: the product page asks the API nothing it came with, then a variant is picked and added to the cart', async () => {
    const { context, page } = await newPage(PHONE);
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) asked.push(path);
    });
    await page.goto(url('demo.localhost', MUG));
    await page.getByRole('heading', { name: 'Enamel Camping Mug', level: 1 }).waitFor();
    // What is the shopper's own fills in after hydration; the store, menu and product came with the page.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Cart', exact: true }).waitFor();
    expect(asked).toContain('/api/cart');
    expect(asked.filter((path) => !['/api/cart', '/api/auth/session'].includes(path))).toEqual([]);

    await page.getByRole('button', { name: /^Mustard/ }).click();
    await page.getByText('SKU: DS-MUG-MUSTARD').waitFor();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await toastWith(page, 'Added to cart', 'Enamel Camping Mug (Mustard)').waitFor();
    const cart = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Cart, 1 item', exact: true });
    await cart.waitFor();
    // The page came with only the style rules its first view uses; the whole stylesheet was turned on
    // before the app started, so what the app draws later is styled too: the cart's count badge.
    expect(await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.disabled))).toEqual([false]);
    expect(await cart.locator('span.absolute').evaluate((badge) => [getComputedStyle(badge).fontSize, getComputedStyle(badge).position])).toEqual(['10px', 'absolute']);

    // Signed in, the same page (made for everyone) is taken over, then shows what is the shopper's own.
    // A new account (signing up signs in), so no other journey's cart is touched.
    expect((await api(page, 'POST', '/api/auth/sign-up', { email: `first-view-${runTag()}@example.co.uk`, password: DEMO_PASSWORD })).status).toBe(201);
    await page.reload();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My orders' }).waitFor();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Cart, 1 item', exact: true }).waitFor();

    // Moving on inside the app fetches as before.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(url('demo.localhost', '/'));
    await page.getByRole('heading', { name: 'Featured products' }).waitFor();
    await snap(page, 'first-view-hydrated-home');
    await context.close();
  });
});
