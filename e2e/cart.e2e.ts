import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { fitsWidth, newPage, snap, toastWith, url } from './browser';

// Add to cart and the cart page (storefront spec §2 Product page and Cart, §4, §5, §8). The demo mug
// costs £12, the Mustard one £9.50 in the sale; Standard Delivery is £3.99, free from £100 (seed/shipping.ts).

const MUG = '/p/enamel-camping-mug';
const MUSTARD = 'Enamel Camping Mug (Mustard)';
const ADD_ITEMS = '**/api/cart/items';
const poll = { timeout: 10_000 };

/** A route handler held until release() is called: a pending state stays on screen to be looked at. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await opened;
    await route.continue().catch(() => {});
  };
  return { hold, release };
}

/** The order summary as label/amount pairs, read in one go. */
function summaryRows(page: Page): Promise<string[][]> {
  return page.evaluate(() => {
    const region = document.querySelector('section[aria-labelledby="order-summary"]');
    if (!region) return [];
    const tidy = (el: Element) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
    return [...region.querySelectorAll('dl > div')].map((row) => [tidy(row.querySelector('dt')!), tidy(row.querySelector('dd')!)]);
  });
}

const cartLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name, exact: true });
const cartLines = (page: Page) => page.getByRole('list', { name: 'Items in your cart' });

describe('add to cart and the cart page', () => {
  it('adds a chosen variant twice, counts it in the header, and the cart changes quantities, delivery and empties', async () => {
    const { context, page } = await newPage();
    await page.goto(url('demo.localhost', MUG));
    await page.getByRole('heading', { name: 'Enamel Camping Mug', level: 1 }).waitFor();
    await cartLink(page, 'Cart').waitFor();

    // An out-of-stock variant cannot be added.
    await page.getByRole('button', { name: /^Pillar Box Red/ }).click();
    const outOfStock = page.getByRole('button', { name: 'Out of stock', exact: true });
    await outOfStock.waitFor();
    expect(await outOfStock.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Buy Now' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: /^Mustard/ }).click();
    await page.getByText('SKU: DS-MUG-MUSTARD').waitFor();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => page.getByLabel('Quantity', { exact: true }).inputValue()).toBe('2');

    // While the add is on its way the button says so and waits.
    const held = gate();
    await page.route(ADD_ITEMS, held.hold);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    const adding = page.getByRole('button', { name: 'Adding…', exact: true });
    await adding.waitFor();
    expect(await adding.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Buy Now' }).isDisabled()).toBe(true);
    held.release();
    const added = toastWith(page, 'Added to cart', `2 × ${MUSTARD}`);
    await added.waitFor();
    await page.unroute(ADD_ITEMS);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).waitFor();
    await cartLink(page, 'Cart, 2 items').waitFor();
    expect(await page.getByTestId('cart-count').innerText()).toBe('2');
    await snap(page, 'cart-added-toast');

    // The toast's View cart opens the cart; a fresh load shows the same (it is the payment page's cancel target).
    await added.getByRole('button', { name: 'View cart' }).click();
    await page.waitForURL(url('demo.localhost', '/cart'));
    await page.reload();
    await page.getByRole('heading', { name: 'Your cart', level: 1 }).waitFor();
    expect(await page.title()).toBe('Cart | Demo Store');
    const line = cartLines(page).getByRole('listitem', { name: MUSTARD });
    await line.getByRole('link', { name: 'Enamel Camping Mug' }).waitFor();
    expect(await line.getByRole('link', { name: 'Enamel Camping Mug' }).getAttribute('href')).toBe(MUG);
    await line.getByText('Colour: Mustard').waitFor();
    await line.getByText('SKU DS-MUG-MUSTARD').waitFor();
    await line.getByText('Sale price £9.50', { exact: true }).waitFor();
    await line.locator('s').filter({ hasText: 'Was £12.00' }).waitFor();
    await line.getByText('Line total £19.00').waitFor();
    await expect.poll(() => summaryRows(page), poll).toEqual([
      ['Subtotal', '£19.00'],
      ['Shipping Standard Delivery', '£3.99'],
      ['Total', '£22.99'],
    ]);
    await page.getByText('Includes £3.83 VAT').waitFor();
    expect(await page.getByRole('button', { name: 'Proceed to Checkout' }).isEnabled()).toBe(true);
    await snap(page, 'cart-one-line');

    // Plus and minus; at 1 the minus is a remove button.
    const quantity = (n: number) => line.getByText(`Quantity ${n}`, { exact: true });
    await line.getByRole('button', { name: `Increase quantity of ${MUSTARD}` }).click();
    await quantity(3).waitFor();
    await line.getByText('Line total £28.50').waitFor();
    await cartLink(page, 'Cart, 3 items').waitFor();
    await line.getByRole('button', { name: `Decrease quantity of ${MUSTARD}` }).click();
    await quantity(2).waitFor();
    await line.getByRole('button', { name: `Decrease quantity of ${MUSTARD}` }).click();
    await quantity(1).waitFor();
    expect(await line.getByRole('button', { name: `Decrease quantity of ${MUSTARD}` }).count()).toBe(0);
    await line.getByRole('button', { name: `Remove ${MUSTARD}`, exact: true }).waitFor();
    await expect.poll(() => summaryRows(page), poll).toEqual([
      ['Subtotal', '£9.50'],
      ['Shipping Standard Delivery', '£3.99'],
      ['Total', '£13.49'],
    ]);

    // Past £100 delivery is free: 11 × £9.50 = £104.50.
    for (let n = 2; n <= 11; n++) {
      await line.getByRole('button', { name: `Increase quantity of ${MUSTARD}` }).click();
      await quantity(n).waitFor();
    }
    await expect.poll(() => summaryRows(page), poll).toEqual([
      ['Subtotal', '£104.50'],
      ['Shipping Standard Delivery', 'Free'],
      ['Total', '£104.50'],
    ]);
    await page.getByText('Includes £17.42 VAT').waitFor();
    await cartLink(page, 'Cart, 11 items').waitFor();
    await snap(page, 'cart-free-delivery');

    // Remove: the cart is empty and offers the products.
    await line.getByRole('button', { name: `Remove ${MUSTARD} from cart` }).click();
    await page.getByText('Your cart is empty').waitFor();
    expect(await page.getByRole('region', { name: 'Order summary' }).count()).toBe(0);
    await cartLink(page, 'Cart').waitFor();
    expect(await page.getByTestId('cart-count').count()).toBe(0);
    await snap(page, 'cart-empty');
    await page.getByRole('main').getByRole('link', { name: 'Browse Products' }).click();
    await page.waitForURL(url('demo.localhost', '/products'));
    await page.getByRole('heading', { name: 'All products', level: 1 }).waitFor();
    await context.close();
  });

  it('adds a related product from its card; one with options opens its page, where Buy Now adds and goes to checkout', async () => {
    const { context, page } = await newPage();
    await page.goto(url('demo.localhost', MUG));
    const related = page.getByRole('list', { name: 'You might also like' });
    await related.getByRole('button', { name: "Add to cart: Carbon Steel Chef's Knife, 20cm" }).click();
    await toastWith(page, 'Added to cart', "Carbon Steel Chef's Knife, 20cm").waitFor();
    await cartLink(page, 'Cart, 1 item').waitFor();

    await related.getByRole('link', { name: 'Choose options: Pre-seasoned Cast Iron Skillet' }).click();
    await page.waitForURL(url('demo.localhost', '/p/pre-seasoned-cast-iron-skillet'));
    await page.getByRole('heading', { name: 'Pre-seasoned Cast Iron Skillet', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForURL(url('demo.localhost', '/checkout'));

    await page.goto(url('demo.localhost', '/cart'));
    await cartLines(page).getByRole('listitem', { name: "Carbon Steel Chef's Knife, 20cm" }).waitFor();
    await cartLines(page).getByRole('listitem', { name: /^Pre-seasoned Cast Iron Skillet/ }).waitFor();
    await cartLink(page, 'Cart, 2 items').waitFor();
    await context.close();
  });

  it('a failed add says so: generic words for a bare 500, the server message for a 409, Choose an option for a missing variant', async () => {
    const { context, page } = await newPage();
    await page.goto(url('demo.localhost', MUG));
    await page.getByRole('heading', { name: 'Enamel Camping Mug', level: 1 }).waitFor();
    const add = page.getByRole('button', { name: 'Add to cart', exact: true });

    await page.route(ADD_ITEMS, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }));
    await add.click();
    await toastWith(page, 'Unable to add to cart', 'Please try again in a moment.').waitFor();
    await add.waitFor();
    expect(await add.isEnabled()).toBe(true);
    await snap(page, 'cart-add-failed');
    await page.unroute(ADD_ITEMS);

    const message = 'Only 3 of Enamel Camping Mug (Sage) are left.';
    await page.route(ADD_ITEMS, (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: { code: 'out_of_stock', message } }) }),
    );
    await add.click();
    await toastWith(page, 'Unable to add to cart', message).waitFor();
    await page.unroute(ADD_ITEMS);

    // The real server refuses a product with variants sent without one.
    await page.route(ADD_ITEMS, (route) => {
      const { variant_id: _dropped, ...body } = route.request().postDataJSON() as Record<string, unknown>;
      return route.continue({ postData: JSON.stringify(body) });
    });
    await add.click();
    await toastWith(page, 'Choose an option', 'Please select a variant before adding to your cart.').waitFor();
    await page.unroute(ADD_ITEMS);
    await cartLink(page, 'Cart').waitFor();
    await context.close();
  });

  it('the cart shows skeletons while loading, an error with Try again, and fits a 375 px phone with the summary below', async () => {
    const { context, page } = await newPage();
    await page.goto(url('demo.localhost', '/p/glass-storage-jars-set-of-3'));
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await cartLink(page, 'Cart, 1 item').waitFor();

    // Loading: skeletons, and checkout waits.
    const held = gate();
    await page.route('**/api/cart', held.hold);
    await page.goto(url('demo.localhost', '/cart'));
    await page.getByRole('status', { name: 'Loading your cart' }).waitFor();
    expect(await page.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled()).toBe(true);
    await snap(page, 'cart-loading');
    held.release();
    await cartLines(page).getByRole('listitem', { name: 'Glass Storage Jars with Beech Lids, Set of 3' }).waitFor();
    await page.unroute('**/api/cart');

    // Failure: the error state, then Try again brings the cart.
    await page.route('**/api/cart', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }));
    await page.reload();
    const failure = page.getByRole('alert').filter({ hasText: 'Unable to load your cart' });
    await failure.waitFor();
    await snap(page, 'cart-load-failed');
    await page.unroute('**/api/cart');
    await failure.getByRole('button', { name: 'Try again' }).click();
    await cartLines(page).getByRole('listitem', { name: 'Glass Storage Jars with Beech Lids, Set of 3' }).waitFor();

    // Desktop: the summary beside the lines; phone: below them, nothing to scroll sideways.
    const summary = page.getByRole('region', { name: 'Order summary' });
    const placement = async () => {
      const [lines, box] = [(await cartLines(page).boundingBox())!, (await summary.boundingBox())!];
      return box.x >= lines.x + lines.width ? 'beside' : box.y >= lines.y + lines.height ? 'below' : 'overlapping';
    };
    expect(await placement()).toBe('beside');
    await page.setViewportSize({ width: 375, height: 740 });
    await expect.poll(placement, poll).toBe('below');
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'cart-mobile');
    await context.close();
  });
});
