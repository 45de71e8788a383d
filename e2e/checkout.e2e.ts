import { describe, expect, it } from 'vitest';
import { ORDER_DELIVERY_TEXT } from '../src/shared/orders';
import { processingLine } from '../src/shared/store-promises';
import { DEMO_POLICIES } from '../src/server/seed/policies';

/** Demo Store's own dispatch time (Settings > Policies), as its success page and emails state it. */
const ORDER_PROCESSING_TEXT = processingLine(DEMO_POLICIES)!;
import { DEMO_PASSWORD, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { openEmail } from './emails-admin';
import { adminApiPage, adminCreatesProduct, adminMovesStock, runTag } from './run-data';
import { api, BOWL, cartItems, DECLINE_CARD, emptyCart, fillAddress, fillCart, openStore, payWith, POT, STORE, SUCCESS_CARD } from './store';

// Checkout, the test gateway's pay page, the order success page and My orders (storefront spec §2).

const poll = { timeout: 10_000 };
const NEXT_DAY_TEXT = 'Delivery on the next business day';

describe('checkout', () => {
  it('a guest: field messages, Next Day priced by the server, a declined card, then paid; the success page; the cart is empty', async () => {
    const { context, page } = await newPage();
    await openStore(page);
    await fillCart(page);
    await page.goto(url(STORE, '/checkout'));
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await summary.getByText(BOWL).waitFor();
    await summary.getByText(POT).waitFor();
    await summary.getByText('Standard Delivery').waitFor();
    await summary.getByText('Includes £10.83 VAT').waitFor();
    await page.getByRole('radio', { name: /Standard Delivery/, checked: true }).waitFor();
    await snap(page, 'checkout-empty-form');

    // Nothing filled in: each required field says what it needs, and nothing is sent.
    await page.getByRole('button', { name: 'Pay £64.99' }).click();
    for (const message of ['Email is required', 'First name is required', 'Last name is required', 'Address is required', 'City is required', 'Postcode is required']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(page.url()).toBe(url(STORE, '/checkout'));
    await snap(page, 'checkout-field-errors');

    await fillAddress(page, { email: 'sam.guest@example.co.uk', first: 'Sam', last: 'Guest', postcode: 'LS2' });
    await page.getByText('Enter a valid UK postcode').waitFor();
    await page.getByRole('region', { name: 'Shipping address' }).getByLabel('Postcode').fill('ls2 7eq');
    await page.getByText('Enter a valid UK postcode').waitFor({ state: 'detached' });
    expect(await page.getByText('is required').count()).toBe(0);

    // Each option says how long it takes. Next Day: the server prices the cart again and the summary shows its figures.
    await page.getByRole('radio', { name: /Standard Delivery\s*3-5 business days/ }).waitFor();
    await page.getByRole('radio', { name: /Next Day Delivery\s*Next business day/ }).check();
    await summary.getByText('Next Day Delivery').waitFor();
    await summary.getByText('£7.99', { exact: true }).waitFor();
    await summary.getByText('£68.99', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Pay £68.99' }).click();

    // The test gateway's hosted page: a declined card stays there with the reason.
    await page.waitForURL(/\/pay\/[^/]+$/);
    await page.getByText('£68.99').first().waitFor();
    await payWith(page, DECLINE_CARD);
    await page.getByText('Your card was declined.').waitFor();
    await snap(page, 'pay-page-declined');

    // Paid. The first answer on return is replaced by a still-unpaid order (as when the provider's
    // notice is slower than the shopper), to see the page wait and then poll for the real one.
    let heldBack = false;
    const isLookup = (u: URL) => u.pathname === '/api/orders/public-lookup';
    await page.route(isLookup, async (route) => {
      if (heldBack) return route.continue();
      heldBack = true;
      return route.fulfill({ json: { order: { order_number: 'WAIT-2345', status: 'pending', payment_status: 'unpaid', items: [], order_items: [] } } });
    });
    await payWith(page, SUCCESS_CARD);
    await page.waitForURL(/\/order\/success\?session_id=/);
    await page.getByText('Order details will be available shortly...').waitFor();
    await page.getByRole('heading', { name: 'Thank you, Sam!', level: 1 }).waitFor();
    await page.unroute(isLookup);
    expect(heldBack).toBe(true);
    const confirmed = (await page.getByText(/^Your order .+ is confirmed\.$/).innerText()).match(/Your order (\S+) is confirmed/)![1];
    expect(confirmed).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const items = page.getByRole('list', { name: 'Items ordered' });
    await items.getByText(BOWL).waitFor();
    await items.getByText('Qty 2 × £16.50').waitFor();
    // Next Day was chosen, so the page promises the next business day, not the standard 3-5 days.
    await page.getByText(ORDER_PROCESSING_TEXT).waitFor();
    await page.getByText(NEXT_DAY_TEXT, { exact: true }).waitFor();
    expect(await page.getByText(ORDER_DELIVERY_TEXT).count()).toBe(0);
    await page.getByText('£68.99', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Continue Shopping' }).waitFor();
    await page.getByRole('link', { name: 'View My Orders' }).waitFor();
    await snap(page, 'order-success');
    await page.setViewportSize({ width: 375, height: 800 });
    await snap(page, 'order-success-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The confirmation email, as the store admin reads it in Emails, says the same.
    const admin = await newPage();
    await signInThroughForm(admin.page, url(STORE, '/login?redirect=%2Fadmin%2Femails'), 'admin@demo.test', DEMO_PASSWORD);
    await admin.page.getByRole('heading', { name: 'Emails', level: 1 }).waitFor();
    await openEmail(admin.page, 'sam.guest@example.co.uk', new RegExp(`order ${confirmed} confirmed`));
    const body = admin.page.frameLocator('iframe[title="Email content"]');
    await body.getByText(`${ORDER_PROCESSING_TEXT}. ${NEXT_DAY_TEXT}.`).waitFor();
    expect(await body.getByText(ORDER_DELIVERY_TEXT).count()).toBe(0);
    await snap(admin.page, 'admin-email-next-day');
    await admin.context.close();

    // The payment emptied the cart, so checkout now has nothing to do and goes home.
    await expect.poll(async () => (await cartItems(page)).length, poll).toBe(0);
    await page.goto(url(STORE, '/checkout'));
    await page.waitForURL(url(STORE, '/'));
    await page.getByRole('heading', { name: 'Demo Store', level: 1 }).waitFor();
    await context.close();
  });

  it('without delivery options checkout still goes on; Cancel on the pay page returns to the cart with the cart intact; too many for the stock says so; an unknown order number is not found', async () => {
    const { context, page } = await newPage();
    await openStore(page);
    await fillCart(page);
    // Delivery options that fail to load: a warning that says what the server will charge (decision 034:
    // 'Free shipping will be applied' only when delivery costs nothing), and checkout carries on.
    const isMethods = (u: URL) => u.pathname === '/api/shipping-methods';
    await page.route(isMethods, (route) => route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong' } } }));
    await page.goto(url(STORE, '/checkout'));
    await page.getByText('Could not load shipping options. Delivery is charged as shown in your order summary.').waitFor();
    await page.unroute(isMethods);
    await fillAddress(page, { email: 'cancel.me@example.co.uk', first: 'Jo', last: 'Later' });
    await page.getByRole('button', { name: 'Pay £64.99' }).click();
    await page.waitForURL(/\/pay\/[^/]+$/);
    await page.getByRole('button', { name: 'Cancel and return to cart' }).click();
    await page.waitForURL(url(STORE, '/cart'));
    expect((await cartItems(page)).map((i) => `${i.name} × ${i.quantity}`)).toEqual([`${BOWL} × 1`, `${POT} × 2`]);

    // Fewer than the cart holds (the shop counted again after they went in): checkout says which line
    // ran short and offers the way back. The cart itself refuses more than there is. Counted on a jug
    // of this journey's own: it changes no stock that another journey buys.
    const admin = await adminApiPage();
    const jug = await adminCreatesProduct(admin.page, { name: `Stoneware Jug ${runTag()}`, price: 14, stock: 2 });
    expect((await api(page, 'POST', '/api/cart/items', { product_id: jug.id, quantity: 2 })).status).toBe(200);
    await adminMovesStock(admin.page, jug.id, -1, 'recount');
    await admin.context.close();
    await page.goto(url(STORE, '/checkout'));
    await page.getByRole('complementary', { name: 'Order summary' }).getByText('Not enough stock for this quantity').waitFor();
    await fillAddress(page, { email: 'cancel.me@example.co.uk', first: 'Jo', last: 'Later' });
    await page.getByRole('button', { name: /^Pay £/ }).click();
    const shortage = page.getByRole('alert').filter({ hasText: 'not enough stock' });
    await shortage.getByText(jug.name).waitFor();
    await toastWith(page, 'Checkout Error', 'not enough stock').waitFor();
    expect(page.url()).toBe(url(STORE, '/checkout'));
    await snap(page, 'checkout-out-of-stock');
    await shortage.getByRole('link', { name: 'Back to your cart' }).click();
    await page.waitForURL(url(STORE, '/cart'));

    await page.goto(url(STORE, '/order/success?order_number=ZZZZ-ZZZZ'));
    await page.getByRole('heading', { name: 'Order not found', level: 1 }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Continue Shopping' }).waitFor();
    await context.close();
  });

  it('a signed-in shopper: email filled in, and the order placed is in My orders', async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, url(STORE, '/login?redirect=%2F'), 'shopper@demo.test', DEMO_PASSWORD);
    await page.waitForURL(url(STORE, '/'));
    await page.getByRole('heading', { name: 'Demo Store', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My orders' }).waitFor();
    // The shopper's cart follows the account: start it empty, whatever another journey left in it.
    await emptyCart(page);
    await fillCart(page);
    await page.goto(url(STORE, '/checkout'));
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue(), poll).toBe('shopper@demo.test');
    await fillAddress(page, { first: 'Priya', last: 'Shopper' });

    // A different billing address: its fields appear, are required, and go with the order.
    await page.getByLabel('Billing address same as shipping address').uncheck();
    const billing = page.getByRole('group', { name: 'Billing address' });
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await billing.getByText('First name is required').waitFor();
    await billing.getByText('Postcode is required').waitFor();
    await billing.getByLabel('First name').fill('Priya');
    await billing.getByLabel('Last name').fill('Shopper');
    await billing.getByLabel('Company (optional)').fill('Shopper & Daughters Ltd');
    await billing.getByLabel('Address line 1').fill('2 Mill Lane');
    await billing.getByLabel('City').fill('York');
    await billing.getByLabel('Postcode').fill('YO1 7HH');
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await page.waitForURL(/\/pay\/[^/]+$/);
    await payWith(page, SUCCESS_CARD);
    await page.waitForURL(/\/order\/success\?session_id=/);
    await page.getByRole('heading', { name: 'Thank you, Priya!', level: 1 }).waitFor();
    const number = (await page.getByText(/^Your order .+ is confirmed\.$/).innerText()).match(/Your order (\S+) is confirmed/)![1];

    await page.getByRole('link', { name: 'View My Orders' }).click();
    await page.waitForURL(url(STORE, '/my-orders'));
    await page.getByRole('heading', { name: 'My orders', level: 1 }).waitFor();
    const order = page.getByRole('article', { name: `Order ${number}` });
    await order.getByText('Confirmed', { exact: true }).waitFor();
    await order.getByText(/^Placed \d{1,2} [A-Z][a-z]+ \d{4}$/).waitFor();
    await order.getByText(`${POT} × 2`).waitFor();
    await order.getByText('£33.00', { exact: true }).waitFor();
    await snap(page, 'my-orders-list');
    await context.close();
  });

  it('My orders asks visitors to log in, keeping a claim link; with no orders it offers to claim earlier ones', async () => {
    const { context, page } = await newPage();
    await page.goto(url(STORE, '/my-orders'));
    await page.getByRole('heading', { name: 'Access Your Orders', level: 1 }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login?redirect=%2Fmy-orders');
    await snap(page, 'my-orders-signed-out');

    // An emailed claim link opened while signed out: log in (here, a new account) and come back to it.
    await page.goto(url(STORE, '/my-orders?claim=not-a-real-token'));
    const logIn = page.getByRole('main').getByRole('link', { name: 'Log In' });
    expect(await logIn.getAttribute('href')).toBe('/login?redirect=%2Fmy-orders%3Fclaim%3Dnot-a-real-token');
    await logIn.click();
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
    await signUp.getByLabel('Email').fill(`claimer.${Date.now()}@example.co.uk`);
    await signUp.getByLabel('Password').fill(DEMO_PASSWORD);
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(url(STORE, '/my-orders'));
    await page.getByText('This link has expired or was already used. Ask for a new one.').waitFor();

    // No orders: the claim form. Blank (after trimming) is refused in the browser.
    await page.getByRole('heading', { name: 'No orders yet' }).waitFor();
    const claim = page.getByRole('form', { name: 'Claim earlier orders' });
    await claim.getByRole('button', { name: 'Find my orders' }).click();
    await claim.getByText('Please enter your email address').waitFor();
    await claim.getByLabel('Email used for your orders').fill('   ');
    await claim.getByRole('button', { name: 'Find my orders' }).click();
    await claim.getByText('Please enter your email address').waitFor();
    await claim.getByLabel('Email used for your orders').fill('  sam.guest@example.co.uk ');
    await claim.getByRole('button', { name: 'Find my orders' }).click();
    await claim.getByText("We've sent a confirmation link to sam.guest@example.co.uk. Open it while signed in to add your orders.").waitFor();
    expect(await claim.getByText('Please enter your email address').count()).toBe(0);
    expect(await toastWith(page, 'Failed to claim orders').count()).toBe(0);
    await snap(page, 'my-orders-claim-sent');
    await context.close();
  });
});
