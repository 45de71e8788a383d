import { describe, expect, it } from 'vitest';
import { fitsWidth, newPage, openInApp, productNames, snap, toastWith, url } from './browser';
import { adminApiPage, adminCreatesProduct, runTag } from './run-data';

// The storefront's empty, not-found, failure and validation states, and its fit on a phone.

/** As seeded: no journey puts products in the demo's categories (they make their own, run-data.ts). */
const KITCHEN_DINING_COUNT = 9;
const poll = { timeout: 10_000 };

describe('storefront states', () => {
  it('an unknown category says Category Not Found with a way home, and an unknown product says Product Not Found', async () => {
    const { context, page } = await newPage();
    await page.goto(url('demo.localhost', '/c/no-such-category'));
    await page.getByRole('heading', { name: 'Category Not Found', level: 1 }).waitFor();
    await page.getByText('The requested category could not be found.').waitFor();
    // A missing category is not a failure: no error toast.
    expect(await toastWith(page, 'Error').count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL(url('demo.localhost', '/'));
    await page.getByRole('heading', { name: 'Demo Store', level: 1 }).waitFor();

    await page.goto(url('demo.localhost', '/p/no-such-product'));
    await page.getByRole('heading', { name: 'Product Not Found', level: 1 }).waitFor();
    await page.getByText('The requested product could not be found.').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Return Home' }).waitFor();
    expect(await toastWith(page, 'Error').count()).toBe(0);
    await snap(page, 'store-product-not-found');
    await context.close();
  });

  it('a category search with no matches says so, and Clear search brings the products back', async () => {
    const { context, page } = await newPage();
    await page.goto(url('demo.localhost', '/c/kitchen-dining'));
    await page.getByRole('heading', { name: 'Kitchen & Dining', level: 1 }).waitFor();
    await expect.poll(async () => (await productNames(page)).length, poll).toBe(KITCHEN_DINING_COUNT);

    const search = page.getByRole('searchbox', { name: 'Search this category' });
    await search.fill('zzzz');
    await search.press('Enter');
    await page.waitForURL(url('demo.localhost', '/c/kitchen-dining?search=zzzz'));
    await page.getByText('No products found').waitFor();
    await page.getByText('No products match "zzzz" in this category.').waitFor();
    await page.getByText('0 products', { exact: true }).waitFor();
    await snap(page, 'store-category-no-match');

    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL(url('demo.localhost', '/c/kitchen-dining'));
    await expect.poll(async () => (await productNames(page)).length, poll).toBe(KITCHEN_DINING_COUNT);
    expect(await page.getByText('No products found').count()).toBe(0);
    expect(await page.getByRole('searchbox', { name: 'Search this category' }).inputValue()).toBe('');

    // A search that does match narrows the category to it.
    await search.fill('enamal');
    await search.press('Enter');
    await page.waitForURL(url('demo.localhost', '/c/kitchen-dining?search=enamal'));
    await expect.poll(() => productNames(page), poll).toEqual(['Enamel Camping Mug']);
    await context.close();
  });

  it('the products listing shows the search in force with a Clear search link, and odd page numbers land on real pages', async () => {
    const { context, page } = await newPage();
    await page.goto(url('demo.localhost', '/products?search=terracotta'));
    await page.getByRole('heading', { name: 'Search results', level: 1 }).waitFor();
    await page.getByText('Showing results for "terracotta"').waitFor();
    await expect.poll(() => productNames(page), poll).toEqual(['Terracotta Plant Pot, 21cm']);
    await page.getByRole('main').getByRole('link', { name: 'Clear search' }).click();
    await page.waitForURL(url('demo.localhost', '/products'));
    await page.getByRole('heading', { name: 'All products', level: 1 }).waitFor();
    // A full first page: the demo alone has 32 live products, and journeys only add to them.
    await expect.poll(async () => (await productNames(page)).length, poll).toBe(24);
    expect(await page.getByText('Showing results for').count()).toBe(0);

    // A page that is not a positive whole number is page 1; one past the end is the last page. Counted
    // on 26 trays of this journey's own: two pages, 2 on the second.
    const tag = runTag();
    const admin = await adminApiPage();
    for (let n = 1; n <= 26; n++) await adminCreatesProduct(admin.page, { name: `Tray ${tag} ${n}`, price: 10 });
    await admin.context.close();
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await page.goto(url('demo.localhost', `/products?search=${tag}&page=abc`));
    await page.getByText('26 products', { exact: true }).waitFor();
    await pager.getByText('Page 1 of 2').waitFor();
    await page.goto(url('demo.localhost', `/products?search=${tag}&page=9`));
    await page.waitForURL(url('demo.localhost', `/products?search=${tag}&page=2`));
    await pager.getByText('Page 2 of 2').waitFor();
    await expect.poll(async () => (await productNames(page)).length, poll).toBe(2);
    await context.close();
  });

  it('the review form asks for the missing fields and sends nothing', async () => {
    const { context, page } = await newPage();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/reviews')) posts.push(request.url());
    });
    await page.goto(url('demo.localhost', '/p/enamel-camping-mug'));
    await page.getByRole('heading', { name: 'Enamel Camping Mug', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Reviews' }).click();
    const reviews = page.getByRole('tabpanel', { name: 'Reviews' });
    await reviews.getByRole('button', { name: 'Write Review' }).click();
    const form = reviews.locator('form').filter({ has: page.getByRole('heading', { name: 'Write a review' }) });

    // The route's own schema (reviewBody) in the browser: each empty field says the spec's words.
    const missing = form.getByText('Please fill in all required fields');
    const invalid = async (label: string) => form.getByLabel(label, { exact: true }).getAttribute('aria-invalid');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await toastWith(page, 'Missing Information', 'Please fill in all required fields').waitFor();
    await missing.nth(2).waitFor();
    expect([await invalid('Title'), await invalid('Review'), await invalid('Email')]).toEqual(['true', 'true', 'true']);
    await snap(page, 'store-review-missing');

    // Spaces are not an answer either.
    await form.getByLabel('Title', { exact: true }).fill('Good mug');
    await form.getByLabel('Review', { exact: true }).fill('   ');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await missing.nth(2).waitFor({ state: 'detached' });
    expect(await missing.count()).toBe(2);
    expect([await invalid('Title'), await invalid('Review'), await invalid('Email')]).toEqual([null, 'true', 'true']);
    expect(posts).toEqual([]);

    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    await reviews.getByRole('button', { name: 'Write Review' }).waitFor();
    expect(posts).toEqual([]);
    await context.close();
  });

  it('the product page fits a 375 px phone with nothing to scroll sideways', async () => {
    const { context, page } = await newPage({ width: 375, height: 740 });
    await page.goto(url('demo.localhost', '/p/enamel-camping-mug'));
    await page.getByRole('heading', { name: 'Enamel Camping Mug', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'You might also like' }).waitFor();
    await expect.poll(async () => (await productNames(page, 'You might also like')).length, poll).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Mustard/ }).click();
    await page.getByText('Save £2.50', { exact: true }).waitFor();
    expect(await fitsWidth(page)).toBe(true);

    // The tabs and the review form too.
    await page.getByRole('tab', { name: 'Reviews' }).click();
    const reviews = page.getByRole('tabpanel', { name: 'Reviews' });
    await reviews.getByRole('button', { name: 'Write Review' }).click();
    await reviews.getByRole('heading', { name: 'Write a review' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('tab', { name: 'Delivery & Returns' }).click();
    await page.getByRole('tabpanel', { name: 'Delivery & Returns' }).getByText('30-day return policy').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'store-product-mobile');
    await context.close();
  });

  it('a product or a category that fails to load says so with the toast, and Try again recovers', async () => {
    const { context, page } = await newPage();
    const failure = { status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'The shop is busy. Please try again.' } }) };

    const productCall = /\/api\/products\/by-slug\/enamel-camping-mug$/;
    await page.route(productCall, (route) => route.fulfill(failure));
    await openInApp(page, 'demo.localhost', '/p/enamel-camping-mug');
    await page.getByRole('heading', { name: 'Unable to load product', level: 1 }).waitFor();
    // The server's message is shown in preference to the generic one (storefront spec §8).
    await page.getByRole('main').getByText('The shop is busy. Please try again.').waitFor();
    await toastWith(page, 'Error', 'Failed to load product details').waitFor();
    await snap(page, 'store-product-load-failed');
    await page.unroute(productCall);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Enamel Camping Mug', level: 1 }).waitFor();

    const categoryCall = /\/api\/categories\/living-room$/;
    await page.route(categoryCall, (route) => route.fulfill(failure));
    await openInApp(page, 'demo.localhost', '/c/living-room');
    const categoryFailure = page.getByRole('alert').filter({ hasText: 'Failed to load categories' });
    await categoryFailure.waitFor();
    await toastWith(page, 'Error', 'Failed to load categories').waitFor();
    await page.unroute(categoryCall);
    await categoryFailure.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Living Room', level: 1 }).waitFor();
    await context.close();
  });

  it('a category whose products fail to load shows the error state and toast, and Try again recovers', async () => {
    const { context, page } = await newPage();
    const productList = /\/api\/products(\?.*)?$/;
    await page.route(productList, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal_error', message: 'Something went wrong on our side.' } }) }),
    );
    await openInApp(page, 'demo.localhost', '/c/kitchen-dining');
    // The category itself loads; its products do not.
    await page.getByRole('heading', { name: 'Kitchen & Dining', level: 1 }).waitFor();
    const failure = page.getByRole('alert').filter({ hasText: 'Failed to load products' });
    await failure.waitFor();
    await failure.getByText('Something went wrong on our side.').waitFor();
    await toastWith(page, 'Error', 'Failed to load products').waitFor();
    expect(await page.getByRole('list', { name: 'Products', exact: true }).count()).toBe(0);
    await snap(page, 'store-category-load-failed');

    await page.unroute(productList);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(async () => (await productNames(page)).length, poll).toBe(KITCHEN_DINING_COUNT);
    await page.getByText(`${KITCHEN_DINING_COUNT} products`, { exact: true }).waitFor();
    expect(await failure.count()).toBe(0);
    await context.close();
  });
});
