import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fitsWidth, newPage, snap, toastWith, url } from './browser';
import { adminApiPage, adminCreatesProduct, adminMovesStock, runTag } from './run-data';
import { api, STORE } from './store';

// The product page and the cart as a shopper meets them (issue 11, item 8; decision 010): a variant's
// own picture, a quantity that stops at the stock with 'Only N left', a cart that will not go to
// checkout while a line asks for more than there is, and tabs that fit a 375 px phone.

const MUG = '/p/enamel-camping-mug';
const poll = { timeout: 10_000 };

/** The gallery's large picture: the only product picture on the page with alt text (thumbnails have none). */
const mainPicture = (page: Page, alt: string) => page.getByRole('img', { name: alt, exact: true });

describe('product page and cart know the stock', () => {
  it("choosing a variant shows that variant's own picture", async () => {
    const { context, page } = await newPage();
    await page.goto(url(STORE, MUG));
    await page.getByRole('heading', { name: 'Enamel Camping Mug', level: 1 }).waitFor();
    const { body } = await api<{ product: { product_variants: { options_json: { value: string }[]; image: { image_url: string; alt_text: string } }[] } }>(page, 'GET', '/api/products/by-slug/enamel-camping-mug');
    const pictureOf = (colour: string) => body.product.product_variants.find((v) => v.options_json[0].value === colour)!.image;

    // Sage is chosen first and its picture is on show.
    await mainPicture(page, pictureOf('Sage').alt_text).waitFor();
    for (const colour of ['Navy', 'Mustard', 'Pillar Box Red']) {
      await page.getByRole('button', { name: new RegExp(`^${colour}`) }).click();
      const main = mainPicture(page, pictureOf(colour).alt_text);
      await main.waitFor();
      expect(await main.getAttribute('src')).toBe(pictureOf(colour).image_url);
    }
    // The thumbnails follow: the red mug's is the pressed one, and a thumbnail still switches by hand.
    const thumbs = page.getByRole('list', { name: 'Product pictures' });
    expect(await thumbs.getByRole('button', { name: 'Show picture 4 of 4' }).getAttribute('aria-pressed')).toBe('true');
    await thumbs.getByRole('button', { name: 'Show picture 1 of 4' }).click();
    await mainPicture(page, pictureOf('Sage').alt_text).waitFor();
    await page.getByRole('button', { name: /^Navy/ }).click();
    await mainPicture(page, pictureOf('Navy').alt_text).waitFor();
    await snap(page, 'product-variant-picture');
    await context.close();
  });

  it("the quantity stops at the stock with 'Only N left'; when stock falls after adding, the cart holds checkout until the line fits", async () => {
    // A product of this journey's own: no other journey changes its stock.
    const admin = await adminApiPage();
    const dish = await adminCreatesProduct(admin.page, { name: `Stoneware Butter Dish ${runTag()}`, price: 18, stock: 3 });

    const { context, page } = await newPage();
    await page.goto(url(STORE, `/p/${dish.slug}`));
    await page.getByRole('heading', { name: dish.name, level: 1 }).waitFor();
    await page.getByText('Only 3 left', { exact: true }).waitFor();
    const quantity = page.getByLabel('Quantity', { exact: true });
    const plus = page.getByRole('button', { name: 'Increase quantity' });
    await plus.click();
    await plus.click();
    await expect.poll(() => quantity.inputValue()).toBe('3');
    expect(await plus.isDisabled()).toBe(true);
    // Typing more than there is comes back to the stock.
    await quantity.fill('12');
    await expect.poll(() => quantity.inputValue()).toBe('3');
    await quantity.blur();
    await snap(page, 'product-only-n-left');
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await toastWith(page, 'Added to cart', `3 × ${dish.name}`).waitFor();

    // The shop finds one broken: stock 2, the cart still asks for 3.
    await adminMovesStock(admin.page, dish.id, -1, 'damage', 'Chipped in the stockroom');

    await page.goto(url(STORE, '/cart'));
    const line = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem', { name: dish.name });
    await line.getByText('Only 2 left. Lower the quantity to check out.').waitFor();
    const checkout = page.getByRole('button', { name: 'Proceed to Checkout' });
    expect(await checkout.isDisabled()).toBe(true);
    expect(await line.getByRole('button', { name: `Increase quantity of ${dish.name}` }).isDisabled()).toBe(true);
    await page.getByText('Some items have less stock than your cart asks for. Update them to check out.').waitFor();
    await snap(page, 'cart-line-over-stock');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'cart-line-over-stock-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    await line.getByRole('button', { name: `Decrease quantity of ${dish.name}` }).click();
    await line.getByText('Quantity 2', { exact: true }).waitFor();
    await line.getByText('Only 2 left', { exact: true }).waitFor();
    await expect.poll(() => checkout.isEnabled(), poll).toBe(true);

    // Back on the product page (its copy may be 30 s old, spec §9), the two left are both in the cart:
    // the server says so, and the page reads the product again.
    await page.goto(url(STORE, `/p/${dish.slug}`));
    await page.getByRole('heading', { name: dish.name, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await toastWith(page, 'Unable to add to cart', `Sorry, only 2 of ${dish.name} left and your cart already has 2.`).waitFor();
    await page.getByText('Only 2 left', { exact: true }).waitFor();

    // Sold out: nothing to choose, nothing to add.
    await adminMovesStock(admin.page, dish.id, -2, 'damage');
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await toastWith(page, 'Unable to add to cart', `Sorry, there are no more of ${dish.name} left.`).waitFor();
    const soldOut = page.getByRole('button', { name: 'Out of stock', exact: true });
    await soldOut.waitFor();
    expect(await soldOut.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Buy Now' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Quantity', { exact: true }).isDisabled()).toBe(true);
    await page.goto(url(STORE, '/cart'));
    await line.getByText('Out of stock. Remove it to check out.').waitFor();
    expect(await checkout.isDisabled()).toBe(true);
    await line.getByRole('button', { name: `Remove ${dish.name} from cart` }).click();
    await page.getByText('Your cart is empty').waitFor();
    await context.close();
    await admin.context.close();
  });

  it('every product tab fits a 375 px phone, Delivery & Returns included: nothing scrolls sideways', async () => {
    const { context, page } = await newPage({ width: 375, height: 800 });
    await page.goto(url(STORE, MUG));
    await page.getByRole('heading', { name: 'Enamel Camping Mug', level: 1 }).waitFor();
    const tabs = page.getByRole('tablist');
    const panels: [string, string][] = [
      ['Specifications', 'Enamelled carbon steel, stainless rim'],
      ['Reviews', 'Customer reviews'],
      ['Delivery & Returns', 'Refunds within 5-7 business days'],
      ['Details', 'Product details'],
    ];
    for (const [tab, text] of panels) {
      await tabs.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel').getByText(text, { exact: true }).first().waitFor();
      await tabs.scrollIntoViewIfNeeded();
      const fit = await page.evaluate(() => {
        const page = document.scrollingElement!;
        const list = document.querySelector('[role="tablist"]')!;
        const outside = [...document.querySelectorAll('[role="tab"], [role="tabpanel"] *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !el.closest('.sr-only'));
        return { page: page.scrollWidth <= page.clientWidth, list: list.scrollWidth <= list.clientWidth, outside: outside.length };
      });
      expect(fit, tab).toEqual({ page: true, list: true, outside: 0 });
      if (tab === 'Delivery & Returns') await snap(page, 'product-delivery-returns-375');
    }
    await context.close();
  });
});
