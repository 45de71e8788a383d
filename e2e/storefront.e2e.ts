import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, productNames, signInThroughForm, snap, toastWith, url } from './browser';
import { adminApiPage, adminCreatesProduct, runTag, type MadeProduct } from './run-data';
import { api } from './store';

// The demo catalogue (src/server/seed/demo-catalogue.json) as the shopper sees it: its categories,
// which no journey adds to, are counted as seeded. Other journeys add live products, so the paging of
// /products is counted on 26 coasters this file makes, found by their tag through the header search.
const LIVING_ROOM_BY_NAME = [
  'Ceramic Table Lamp with Linen Shade', 'Chunky Knit Cushion Cover', 'Herringbone Wool Throw', 'Oak Picture Frame', 'Rattan Lounge Chair',
  'Ribbed Glass Vase', 'Round Brass Wall Mirror, 60cm', 'Seagrass Storage Basket', 'Silent Sweep Wall Clock, 30cm', 'Solid Ash Bookcase',
  'Waffle Cotton Throw', 'Washed Linen Cushion, 45cm',
];
// Highest price first, a sale price counting as the price (the Chunky Knit cover is £18 in the sale).
const LIVING_ROOM_BY_PRICE_DESC = [
  'Solid Ash Bookcase', 'Rattan Lounge Chair', 'Round Brass Wall Mirror, 60cm', 'Herringbone Wool Throw', 'Ceramic Table Lamp with Linen Shade',
  'Waffle Cotton Throw', 'Silent Sweep Wall Clock, 30cm', 'Washed Linen Cushion, 45cm', 'Seagrass Storage Basket', 'Ribbed Glass Vase',
  'Oak Picture Frame', 'Chunky Knit Cushion Cover',
];
const TAG = runTag();
/** Coaster 1 at £6 up to coaster 26 at £31: a page of 24 and a second of 2. */
const coasters: MadeProduct[] = [];

const REVIEW = {
  title: 'Survived a week on Dartmoor',
  body: 'Kept my tea hot at dawn and took a knock on the granite without a chip.',
  email: 'e2e.walker@example.co.uk',
};
// Storefront spec §9: the first two characters, then asterisks.
const masked = (email: string) => `${email.slice(0, 2)}${'*'.repeat(email.length - 2)}`;
const MODERATION_NOTICE = 'Thank you! Your review has been submitted and will appear once it has been approved.';

const names = (page: Page) => () => productNames(page);
const poll = { timeout: 10_000 };
/** The review summary's figure, e.g. 3 for "Based on 3 reviews". */
async function reviewCount(page: Page): Promise<number> {
  const summary = page.getByRole('tabpanel', { name: 'Reviews' }).getByText(/^Based on \d+ reviews?$/);
  return Number((await summary.innerText()).match(/\d+/)![0]);
}

describe('storefront catalogue', () => {
  beforeAll(async () => {
    const admin = await adminApiPage();
    for (let n = 1; n <= 26; n++) coasters.push(await adminCreatesProduct(admin.page, { name: `Coaster ${TAG} ${String(n).padStart(2, '0')}`, price: 5 + n }));
    await admin.context.close();
  });

  it('home, category, sort, page 2, product, variant, review, moderation notice; approved in admin it shows with the masked email', async () => {
    const { context, page } = await newPage();

    // Home: the store's welcome, its featured categories and products.
    await page.goto(url('demo.localhost', '/'));
    await page.getByRole('heading', { name: 'Demo Store', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Featured products' }).waitFor();
    const featured = page.getByRole('region', { name: 'Shop by category' });
    await featured.getByRole('link', { name: /^Kitchen & Dining/ }).waitFor();
    await featured.getByRole('link', { name: /^Living Room/ }).click();

    // Category: breadcrumb, heading, count, sub-categories, products by name; one page, so no pager.
    await page.waitForURL(url('demo.localhost', '/c/living-room'));
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await breadcrumb.getByRole('link', { name: 'Home' }).waitFor();
    expect(await breadcrumb.locator('[aria-current="page"]').innerText()).toBe('Living Room');
    await page.getByRole('heading', { name: 'Living Room', level: 1 }).waitFor();
    await page.getByText('12 products', { exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Living Room sub-categories' }).getByRole('link', { name: 'Cushions & Throws' }).waitFor();
    await expect.poll(names(page), poll).toEqual(LIVING_ROOM_BY_NAME);
    expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);

    // Sort: the order changes and the URL keeps it.
    await page.getByLabel('Sort by').selectOption({ label: 'Price High-Low' });
    await page.waitForURL(url('demo.localhost', '/c/living-room?sort=price_desc'));
    await expect.poll(names(page), poll).toEqual(LIVING_ROOM_BY_PRICE_DESC);
    await page.getByRole('button', { name: 'List view' }).click();
    await page.getByRole('button', { name: 'List view', pressed: true }).waitFor();
    await expect.poll(names(page), poll).toEqual(LIVING_ROOM_BY_PRICE_DESC);
    await snap(page, 'store-category');

    // All products: every live product, as many as the server counts now (other journeys add theirs).
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'All products', exact: true }).click();
    await page.waitForURL(url('demo.localhost', '/products'));
    await page.getByRole('heading', { name: 'All products', level: 1 }).waitFor();
    const live = (await api<{ total: number }>(page, 'GET', '/api/products?limit=1')).body.total;
    await page.getByText(`${live} products`, { exact: true }).waitFor();
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByText(`Page 1 of ${Math.ceil(live / 24)}`).waitFor();
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    // Two pages of 24, the sort kept when paging: this file's 26 coasters.
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill(TAG);
    await search.press('Enter');
    await page.waitForURL(url('demo.localhost', `/products?search=${TAG}`));
    await page.getByText('26 products', { exact: true }).waitFor();
    await pager.getByText('Page 1 of 2').waitFor();
    await page.getByLabel('Sort by').selectOption({ label: 'Price High-Low' });
    await page.waitForURL(url('demo.localhost', `/products?search=${TAG}&sort=price_desc`));
    const byPriceDesc = [...coasters].reverse().map((c) => c.name);
    await expect.poll(async () => (await productNames(page))[0], poll).toBe(byPriceDesc[0]);
    expect(await productNames(page)).toEqual(byPriceDesc.slice(0, 24));
    await pager.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(url('demo.localhost', `/products?search=${TAG}&sort=price_desc&page=2`));
    await pager.getByText('Page 2 of 2').waitFor();
    await expect.poll(names(page), poll).toEqual(byPriceDesc.slice(24));
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.goto(url('demo.localhost', '/c/kitchen-dining'));
    await page.getByRole('list', { name: 'Products', exact: true }).getByRole('link', { name: 'Enamel Camping Mug' }).click();

    // Product: breadcrumb to its first category, brand, SKU and stock, the first variant chosen.
    await page.waitForURL(url('demo.localhost', '/p/enamel-camping-mug'));
    await page.getByRole('heading', { name: 'Enamel Camping Mug', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Kitchen & Dining' }).waitFor();
    await page.getByText('by Fellside & Co').waitFor();
    await page.getByText('SKU: DS-MUG-SAGE').waitFor();
    await page.getByText('In Stock', { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Sage/, pressed: true }).waitFor();
    expect(await page.getByText(/^Save /).count()).toBe(0);
    await page.getByRole('heading', { name: 'You might also like' }).waitFor();

    // Pick a variant: its SKU and sale price replace the product's, with the saving.
    await page.getByRole('button', { name: /^Mustard/ }).click();
    await page.getByRole('button', { name: /^Mustard/, pressed: true }).waitFor();
    await page.getByRole('button', { name: /^Sage/, pressed: false }).waitFor();
    await page.getByText('Colour: Mustard').waitFor();
    await page.getByText('SKU: DS-MUG-MUSTARD').waitFor();
    await page.getByText('Save £2.50', { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Pillar Box Red/ }).click();
    await page.getByText('Out of Stock', { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Navy/ }).click();
    await page.getByText('SKU: DS-MUG-NAVY').waitFor();
    await page.getByText('In Stock', { exact: true }).waitFor();
    const quantity = page.getByLabel('Quantity', { exact: true });
    expect(await page.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => quantity.inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect.poll(() => quantity.inputValue()).toBe('1');
    expect(await page.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);

    // Reviews: the approved ones only, masked; write one; it waits for moderation.
    await page.getByRole('tab', { name: 'Reviews' }).click();
    const reviews = page.getByRole('tabpanel', { name: 'Reviews' });
    await reviews.getByRole('heading', { name: 'Lives in the campervan now' }).waitFor();
    // Approved reviews only, as many as are listed (other journeys may review the mug too): the seed's
    // pending one is neither shown nor counted.
    const approved = await reviewCount(page);
    expect(await reviews.getByRole('listitem').filter({ has: page.getByRole('heading') }).count()).toBe(approved);
    await reviews.getByText(masked('j.hughes@example.co.uk'), { exact: true }).waitFor();
    expect(await reviews.getByText('Small chip on arrival').count()).toBe(0);
    expect(await reviews.getByText('j.hughes@example.co.uk').count()).toBe(0);

    await reviews.getByRole('button', { name: 'Write Review' }).click();
    const form = reviews.locator('form').filter({ has: page.getByRole('heading', { name: 'Write a review' }) });
    await form.getByText('5 out of 5').waitFor();
    await form.getByRole('button', { name: 'Rate 4 stars' }).click();
    await form.getByText('4 out of 5').waitFor();
    await form.getByLabel('Title', { exact: true }).fill(REVIEW.title);
    await form.getByLabel('Review', { exact: true }).fill(REVIEW.body);
    expect(await form.getByLabel('Email', { exact: true }).getAttribute('type')).toBe('email');
    await form.getByLabel('Email', { exact: true }).fill(REVIEW.email);
    await form.getByText('Your email address is not published.', { exact: false }).waitFor();
    await form.getByRole('button', { name: 'Submit review' }).click();

    await reviews.getByRole('status').filter({ hasText: MODERATION_NOTICE }).waitFor();
    await toastWith(page, MODERATION_NOTICE).waitFor();
    expect(await form.count()).toBe(0);
    await reviews.getByRole('button', { name: 'Write Review' }).waitFor();
    expect(await reviews.getByText(REVIEW.title).count()).toBe(0);
    expect(await reviewCount(page)).toBe(approved);
    await snap(page, 'store-review-submitted');

    // A store admin approves it in Catalogue > Reviews.
    const admin = await newPage();
    await signInThroughForm(admin.page, url('demo.localhost', '/login?redirect=%2Fadmin'), 'admin@demo.test');
    await admin.page.waitForURL(url('demo.localhost', '/admin'));
    await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reviews', exact: true }).click();
    await admin.page.waitForURL(url('demo.localhost', '/admin/catalogue/reviews'));
    await admin.page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
    await admin.page.getByRole('tab', { name: 'Pending', selected: true }).waitFor();
    const pendingRow = admin.page.getByRole('listitem').filter({ hasText: REVIEW.title });
    await pendingRow.getByText(REVIEW.email).waitFor();
    await pendingRow.getByRole('link', { name: 'Enamel Camping Mug' }).waitFor();
    await pendingRow.getByRole('button', { name: `Approve review: ${REVIEW.title}` }).click();
    await toastWith(admin.page, 'Review approved').waitFor();
    await pendingRow.waitFor({ state: 'detached' });
    await admin.page.getByRole('tab', { name: 'Approved' }).click();
    await admin.page.getByRole('listitem').filter({ hasText: REVIEW.title }).getByText('approved', { exact: true }).waitFor();
    await snap(admin.page, 'admin-review-approved');
    await admin.context.close();

    // Back on the product: the review is published, with the email masked.
    await page.reload();
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await reviews.getByText(`Based on ${approved + 1} reviews`).waitFor();
    const mine = reviews.getByRole('listitem').filter({ has: page.getByRole('heading', { name: REVIEW.title }) });
    await mine.getByText(REVIEW.body).waitFor();
    await mine.getByText(masked(REVIEW.email), { exact: true }).waitFor();
    await mine.getByRole('img', { name: 'Rated 4 out of 5' }).waitFor();
    expect(await page.getByText(REVIEW.email).count()).toBe(0);
    await snap(page, 'store-review-published');
    await context.close();
  });

  it('the header search finds a product by a misspelt word, and Clear search shows everything again', async () => {
    const { context, page } = await newPage();
    await page.goto(url('demo.localhost', '/'));
    await page.getByRole('heading', { name: 'Demo Store', level: 1 }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('enamal');
    await search.press('Enter');

    await page.waitForURL(url('demo.localhost', '/products?search=enamal'));
    await page.getByRole('heading', { name: 'Search results', level: 1 }).waitFor();
    await page.getByText('Showing results for "enamal"').waitFor();
    await page.getByText('1 product', { exact: true }).waitFor();
    await expect.poll(names(page), poll).toEqual(['Enamel Camping Mug']);
    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('enamal');
    await snap(page, 'store-search');

    await page.getByRole('link', { name: 'Clear search' }).click();
    await page.waitForURL(url('demo.localhost', '/products'));
    await page.getByRole('heading', { name: 'All products', level: 1 }).waitFor();
    const live = (await api<{ total: number }>(page, 'GET', '/api/products?limit=1')).body.total;
    await page.getByText(`${live} products`, { exact: true }).waitFor();
    expect(await page.getByText('Showing results for').count()).toBe(0);
    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('');

    // Back to the results, then into the product found.
    await page.goBack();
    await page.waitForURL(url('demo.localhost', '/products?search=enamal'));
    await page.getByRole('list', { name: 'Products', exact: true }).getByRole('link', { name: 'Enamel Camping Mug' }).click();
    await page.getByRole('heading', { name: 'Enamel Camping Mug', level: 1 }).waitFor();
    await context.close();
  });
});
