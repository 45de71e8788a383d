import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { newJourneyStore, previewStore } from './run-data';
import { api, fillAddress, payWith, SUCCESS_CARD } from './store';
import { POLICY_MESSAGES } from '../src/shared/store-policies';

// Settings > Store Info, Settings > Shipping (issue 13 items 1 and 5) and Settings > Policies (issue 25).
// Each journey opens a store of its own (the platform owner creates it, with admin@demo.test as its
// owner), so renaming it, changing its delivery options or publishing its legal pages cannot disturb the
// demo store other journeys shop in.

const poll = { timeout: 10_000 };

/** A new store at {tag}.localhost owned by admin@demo.test; answers its host. */
/** The store's admin, signed in through the form, on Settings at the given tab. */
async function adminOn(host: string, tab: string): Promise<{ page: Page; context: BrowserContext; close: () => Promise<void> }> {
  const { context, page } = await newPage();
  await signInThroughForm(page, url(host, `/login?redirect=${encodeURIComponent(`/admin/settings?tab=${tab}`)}`), 'admin@demo.test');
  await page.getByRole('heading', { name: 'Store Settings', level: 1 }).waitFor();
  return { page, context, close: () => context.close() };
}

describe('store settings', () => {
  it('the admin fills in Store Info (with field messages first); the storefront footer, title and home page show it', async () => {
    const host = await newJourneyStore('Settings Journey Shop');
    const admin = await adminOn(host, 'store');
    const { page } = admin;
    const form = page.getByRole('form', { name: 'Store Info' });
    await form.getByLabel('Store name *').waitFor();
    expect(await form.getByLabel('Store name *').inputValue()).toBe('Settings Journey Shop');
    expect(await form.getByLabel('Country').inputValue()).toBe('United Kingdom');

    // Wrong values: each field says what is wrong, and nothing is saved.
    await form.getByLabel('Store name *').fill('');
    await form.getByLabel('Contact email').fill('not-an-email');
    await form.getByLabel('Contact phone').fill('12345');
    await form.getByLabel('Postcode').fill('LS1');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Required', { exact: true }).first().waitFor();
    await form.getByText('Invalid email', { exact: true }).waitFor();
    await form.getByText('Enter a UK phone number such as 020 7946 0958, or an international number starting with +').waitFor();
    await form.getByText('Enter a valid UK postcode').waitFor();
    await snap(page, 'settings-store-info-errors');

    await form.getByLabel('Store name *').fill('Bramble & Oak');
    await form.getByLabel('Contact email').fill('Hello@Bramble-Oak.example');
    await form.getByLabel('Contact phone').fill('0113 496 0000');
    await form.getByLabel('Description').fill('Handmade homeware from Yorkshire makers.');
    await form.getByLabel('Address line 1').fill('14 Canal Wharf');
    await form.getByLabel('Town or city').fill('Leeds');
    await form.getByLabel('Postcode').fill('ls11 5pq');
    await form.getByLabel('Business type').selectOption('limited_company');
    await form.getByLabel('Company number').fill('01234567');
    // VAT registered (issue 25): the number is shown to shoppers only while the switch is on.
    await form.getByRole('switch', { name: 'VAT registered' }).click();
    await form.getByLabel('VAT number *').fill('123 4567 89');
    await form.getByRole('switch', { name: 'Low stock alerts' }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await toastWith(page, 'Settings updated successfully').waitFor();
    // The server's tidy versions come back into the form.
    await expect.poll(() => form.getByLabel('Postcode').inputValue(), poll).toBe('LS11 5PQ');
    expect(await form.getByLabel('VAT number *').inputValue()).toBe('GB123456789');
    expect(await form.getByLabel('Contact email').inputValue()).toBe('hello@bramble-oak.example');
    // The admin header follows the new name.
    await page.getByRole('banner').getByText('Bramble & Oak', { exact: true }).first().waitFor();
    await snap(page, 'settings-store-info');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'settings-store-info-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Saved for good: a reload shows the same, the switch stays off.
    await page.reload();
    await form.getByLabel('Store name *').waitFor();
    expect(await form.getByLabel('Store name *').inputValue()).toBe('Bramble & Oak');
    expect(await form.getByRole('switch', { name: 'Low stock alerts' }).getAttribute('aria-checked')).toBe('false');
    await admin.close();

    // A shopper on the store: the name in the header and tab title, the description on the home page,
    // contact details and registration numbers in the footer.
    const { context, page: shop } = await newPage();
    await previewStore(shop, host);
    await shop.goto(url(host, '/'));
    await shop.getByRole('heading', { name: 'Bramble & Oak', level: 1 }).waitFor();
    await shop.getByText('Handmade homeware from Yorkshire makers.').waitFor();
    expect(await shop.title()).toBe('Bramble & Oak');
    const footer = shop.getByRole('contentinfo');
    await footer.getByRole('heading', { name: 'Contact us' }).waitFor();
    expect(await footer.getByRole('link', { name: 'hello@bramble-oak.example' }).getAttribute('href')).toBe('mailto:hello@bramble-oak.example');
    expect(await footer.getByRole('link', { name: '0113 496 0000' }).getAttribute('href')).toBe('tel:01134960000');
    expect(await footer.locator('address').innerText()).toContain('14 Canal Wharf\nLeeds LS11 5PQ\nUnited Kingdom');
    await footer.getByText('Company no. 01234567 · VAT no. GB123456789').waitFor();
    await footer.getByText(/© \d{4} Bramble & Oak\./).waitFor();
    await footer.scrollIntoViewIfNeeded();
    await snap(shop, 'storefront-footer-store-info');
    await shop.setViewportSize({ width: 390, height: 844 });
    await snap(shop, 'storefront-footer-store-info-phone');
    // The server-rendered head (what a link preview or a crawler reads) has the new name too.
    const head = await shop.evaluate(() => fetch('/cart').then((r) => r.text()));
    expect(head).toContain('<title>Bramble &amp; Oak</title>');
    await context.close();
  });

  it('the admin adds delivery options, reorders them and switches one off; the shopper chooses one at checkout; deleting it keeps the order’s delivery', async () => {
    const host = await newJourneyStore('Shipping Journey Shop');
    const tag = host.split('.')[0];
    const admin = await adminOn(host, 'shipping');
    const { page } = admin;
    // A product to sell, through the admin API on the new store.
    const product = await api<{ product: { id: string } }>(page, 'POST', '/api/admin/products', {
      name: `Oak Board ${tag}`,
      slug: `oak-board-${tag}`,
      sku: `OAK-${tag}`.toUpperCase(),
      base_price: 30,
      status: 'active',
      track_inventory: false,
    });
    expect(product.status).toBe(201);

    // A new store starts with one delivery option to check (issue 25); without any, the tab says what that means.
    await page.getByRole('table', { name: 'Delivery options' }).getByText('Standard Delivery', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete Standard Delivery' }).click();
    await page.getByRole('alertdialog', { name: 'Delete delivery option' }).getByRole('button', { name: 'Delete' }).click();
    await toastWith(page, 'Delivery option deleted').waitFor();
    await page.getByText('No delivery options yet').waitFor();
    await snap(page, 'settings-shipping-empty');

    const add = async (name: string, price: string, freeOver: string, days: [string, string]) => {
      await page.getByRole('button', { name: 'Add delivery option' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add delivery option' });
      await dialog.getByLabel('Name *').fill(name);
      await dialog.getByLabel('Price (£) *').fill(price);
      await dialog.getByLabel('Free for orders over (£)').fill(freeOver);
      await dialog.getByLabel('Delivery from (business days)').fill(days[0]);
      await dialog.getByLabel('Delivery up to (business days)').fill(days[1]);
      await dialog.getByRole('button', { name: 'Add option' }).click();
      await dialog.waitFor({ state: 'detached' });
      await toastWith(page, 'Delivery option added').first().waitFor();
    };
    const table = page.getByRole('table', { name: 'Delivery options' });
    const names = () => table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelector('td:nth-child(2) span span')?.textContent ?? ''));

    // The dialog checks before sending.
    await page.getByRole('button', { name: 'Add delivery option' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add delivery option' });
    await dialog.getByLabel('Price (£) *').fill('-2');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Price must be zero or greater').waitFor();
    await snap(page, 'settings-shipping-dialog-errors');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await add('Courier', '4.50', '', ['2', '3']);
    await add('Collect in store', '0', '', ['1', '1']);
    await add('Economy Post', '2.25', '50', ['4', '7']);
    await expect.poll(names, poll).toEqual(['Courier', 'Collect in store', 'Economy Post']);
    await table.getByRole('cell', { name: '£4.50' }).waitFor();
    await table.getByRole('cell', { name: 'Free', exact: true }).waitFor();
    await table.getByRole('cell', { name: '£50.00' }).waitFor();
    await table.getByRole('cell', { name: '2-3 business days' }).waitFor();
    // Collect in store first; Economy Post switched off.
    await page.getByRole('button', { name: 'Move Collect in store up' }).click();
    await expect.poll(names, poll).toEqual(['Collect in store', 'Courier', 'Economy Post']);
    await page.getByRole('switch', { name: 'Offer Economy Post at checkout' }).click();
    await toastWith(page, 'Economy Post is switched off').waitFor();
    await snap(page, 'settings-shipping');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('list', { name: 'Delivery options' }).getByText('Courier', { exact: true }).waitFor();
    await snap(page, 'settings-shipping-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The shopper sees the active options in that order, the first chosen, and picks the courier.
    const shopper = await newPage();
    const shop = shopper.page;
    await previewStore(shop, host);
    await shop.goto(url(host, '/'));
    expect((await api(shop, 'POST', '/api/cart/items', { product_id: product.body.product.id, quantity: 1 })).status).toBe(200);
    await shop.goto(url(host, '/checkout'));
    await shop.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    const radios = shop.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio');
    await expect.poll(() => radios.count(), poll).toBe(2);
    await shop.getByRole('radio', { name: /Collect in store\s*Next business day/, checked: true }).waitFor();
    expect(await shop.getByRole('radio', { name: /Economy Post/ }).count()).toBe(0);
    await shop.getByRole('radio', { name: /Courier\s*2-3 business days/ }).check();
    const summary = shop.getByRole('complementary', { name: 'Order summary' });
    await summary.getByText('Courier').waitFor();
    await summary.getByText('£34.50', { exact: true }).waitFor();
    await snap(shop, 'checkout-new-shipping-method');
    await fillAddress(shop, { email: `ship.${tag}@example.co.uk`, first: 'Sam', last: 'Courier' });
    await shop.getByRole('button', { name: 'Pay £34.50' }).click();
    await shop.waitForURL(/\/pay\/[^/]+$/);
    await shop.getByText('Courier').first().waitFor();
    await payWith(shop, SUCCESS_CARD);
    await shop.waitForURL(/\/order\/success\?session_id=/);
    await shop.getByRole('heading', { name: 'Thank you, Sam!', level: 1 }).waitFor();
    await shop.getByText('Delivery takes 2-3 business days').waitFor();
    await shopper.context.close();

    // Deleting the courier: the dialog says the order keeps its delivery, and the order does.
    await page.reload();
    await page.getByRole('button', { name: 'Delete Courier' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete delivery option' });
    await confirm.getByText('1 order was placed with it. It keeps the delivery name, price and time shown when placed.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toastWith(page, 'Delivery option deleted').waitFor();
    await expect.poll(names, poll).toEqual(['Collect in store', 'Economy Post']);
    const orders = await api<{ orders: { id: string; customer_email: string }[] }>(page, 'GET', '/api/admin/orders');
    const order = orders.body.orders.find((o) => o.customer_email === `ship.${tag}@example.co.uk`)!;
    const detail = await api<{ order: { shipping_method: string; shipping_total: number } }>(page, 'GET', `/api/admin/orders/${order.id}`);
    expect(detail.body.order).toMatchObject({ shipping_method: 'Courier', shipping_total: 4.5 });
    await admin.close();
  });

  it('the admin states returns and a delivery note, changes the free-delivery amount, publishes terms from the template; the storefront shows each', async () => {
    const host = await newJourneyStore('Policies Journey Shop');
    const admin = await adminOn(host, 'policies');
    const { page } = admin;

    // A new store promises nothing: returns are off, the law's 14 days is what shoppers are told, and
    // its starter delivery option is never free.
    const form = page.getByRole('form', { name: 'Policies' });
    const preview = page.getByRole('list', { name: 'What shoppers see' });
    await preview.getByText('14 days to change your mind').waitFor();
    expect(await preview.getByText(/Free delivery/).count()).toBe(0);
    expect(await form.getByRole('button', { name: 'Save policies' }).isDisabled()).toBe(true);
    await form.getByText('Shoppers still have 14 days to cancel an online order by law (Consumer Contracts Regulations 2013).').waitFor();

    const note = 'We deliver to mainland UK addresses. Click & collect from our Leeds workshop.';
    await form.getByRole('switch', { name: 'Accept returns for a refund' }).click();
    await form.getByLabel('Returns window (days)').fill('21');
    await form.getByLabel('Delivery note').fill(note);
    await form.getByText(`${note.length}/300`).waitFor();
    // The preview words it as the storefront will, before it is saved.
    await preview.getByText('21-day return policy').waitFor();
    await preview.getByText(note).waitFor();
    await form.getByRole('button', { name: 'Save policies' }).click();
    await toastWith(page, POLICY_MESSAGES.saved).waitFor();
    await snap(page, 'settings-policies');
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'settings-policies-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The storefront (its staff may see it before launch): the returns promise and the note.
    const shop = await admin.context.newPage();
    await shop.goto(url(host, '/'));
    await shop.getByRole('heading', { name: 'Policies Journey Shop', level: 1 }).waitFor();
    await shop.getByText('21-day return policy').first().waitFor();
    await shop.getByText(note).first().waitFor();

    // Settings > Shipping: the starter option free for orders over £60, through its dialog.
    await page.getByRole('tab', { name: 'Shipping' }).click();
    await page.getByRole('button', { name: 'Edit Standard Delivery' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit delivery option' });
    await dialog.getByLabel('Free for orders over (£)').fill('60');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await toastWith(page, 'Delivery option updated').waitFor();
    // The storefront's top bar follows.
    await shop.reload();
    await shop.getByText('Free delivery on orders over £60').first().waitFor();

    // Back to Policies: its preview has the new offer; the terms from the template are a draft until
    // published in the page editor.
    await page.getByRole('tab', { name: 'Policies' }).click();
    await preview.getByText('Free delivery on orders over £60').waitFor();
    const terms = page.getByRole('list', { name: 'Legal pages' }).getByRole('listitem', { name: 'Terms and conditions' });
    await terms.getByText('Not created').waitFor();
    await terms.getByRole('button', { name: 'Create from template' }).click();
    await toastWith(page, POLICY_MESSAGES.pageCreated).waitFor();
    await terms.getByText('Draft', { exact: true }).waitFor();
    await terms.getByRole('link', { name: 'Edit page' }).click();
    await page.getByRole('heading', { name: /Edit page/, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await toastWith(page, 'Page published').waitFor();

    // The footer links the published terms, and the link opens them.
    await shop.reload();
    const link = shop.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms and conditions' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/pages/terms');
    await link.click();
    await shop.getByRole('heading', { name: 'Terms and conditions', level: 1 }).waitFor();
    await snap(shop, 'storefront-terms-page');
    await admin.close();
  });
});
