import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PDFDocument } from 'pdf-lib';
import { SHOP_TEXT } from '../src/shared/shops';
import { SETUP_TEXT, type SetupStepKey } from '../src/shared/store-setup';
import { api, fillAddress, payWith, SUCCESS_CARD } from './store';
import { newPage, snap, toastWith, url } from './browser';
import { runTag } from './run-data';

// Issue 25, "A store a real UK merchant can open", end to end as people do it: a new person signs up on
// the platform, names a shop, follows the dashboard's checklist (Store Info with VAT registration,
// delivery, card payments, a first product, the emailed confirmation link) and launches; a shopper on a
// phone buys there and downloads the VAT receipt. Then a store that is not VAT registered (Acme) shows
// no VAT anywhere and gives a plain receipt.

const PLATFORM = 'localhost';
const PHONE = { width: 375, height: 740 };
const VAT_NUMBER = 'GB999999973';
const poll = { timeout: 15_000 };

/** A checklist row (its title is a link to where the step is done, but for launch). */
const step = (page: Page, key: SetupStepKey) => page.getByRole('listitem').filter({ hasText: SETUP_TEXT.steps[key].title });

/** Clicks a link that downloads a file; answers the file's name and bytes. */
async function download(page: Page, link: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

/** A PDF's title, after checking the bytes are a PDF at all. */
async function pdfTitle(bytes: Buffer): Promise<string | undefined> {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (await PDFDocument.load(bytes)).getTitle();
}

const bodyText = (page: Page) => page.locator('body').innerText();

describe('open a shop and sell (issue 25)', () => {
  it('a new merchant signs up, follows the checklist to launch a VAT-registered shop, and a shopper on a phone buys and downloads the VAT receipt', { timeout: 120_000 }, async () => {
    const tag = runTag();
    const shopName = `Wren Ceramics ${tag}`;
    const subdomain = `wren-${tag}`;
    const host = `${subdomain}.${PLATFORM}`;
    const merchantEmail = `owner-${tag}@example.co.uk`;
    const mug = { name: `Speckled Mug ${tag}`, sku: `MUG-${tag.toUpperCase()}`, slug: `speckled-mug-${tag}` };

    // 1. Sign up on the platform and name the shop.
    const { page } = await newPage();
    await page.goto(url(PLATFORM, '/'));
    await page.getByRole('link', { name: 'Open your shop' }).first().click();
    // Signed out, /start asks for an account first and comes back.
    await page.waitForURL(url(PLATFORM, '/login?redirect=%2Fstart'));
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const signUpForm = page.getByRole('tabpanel', { name: 'Sign Up' });
    await signUpForm.getByLabel('Email').fill(merchantEmail);
    await signUpForm.getByLabel('Password').fill('a-long-password');
    await signUpForm.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(url(PLATFORM, '/start'));
    await page.getByRole('heading', { name: SHOP_TEXT.title }).waitFor();
    await page.getByLabel('Shop name').fill(shopName);
    await page.getByLabel('Shop address').fill(subdomain);
    await page.getByText(`${SHOP_TEXT.available}: ${host}`).waitFor();
    await page.getByRole('button', { name: 'Create shop' }).click();
    await page.waitForURL(url(PLATFORM, '/admin'));
    await toastWith(page, SHOP_TEXT.created).waitFor();
    await page.getByText('Store Setup Progress').waitFor();
    await page.getByText('0 of 6 steps done').waitFor(poll);
    await step(page, 'launch').getByLabel('To do').waitFor();
    // Every need is named before launch, and the button waits for them.
    for (const message of Object.values(SETUP_TEXT.blocked)) await page.getByText(message, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Launch store' }).isDisabled()).toBe(true);

    // 2a. Store details, VAT registered: the checklist's first step opens Settings > Store Info.
    await step(page, 'details').getByRole('link').click();
    await page.waitForURL(url(PLATFORM, '/admin/settings?tab=store'));
    const info = page.getByRole('form', { name: 'Store Info' });
    await info.getByLabel('Store name *').waitFor(poll);
    expect(await info.getByLabel('Store name *').inputValue()).toBe(shopName);
    await info.getByLabel('Contact email').fill(`hello@${subdomain}.example.co.uk`);
    await info.getByLabel('Contact phone').fill('0161 496 0000');
    await info.getByLabel('Description').fill('Hand-thrown mugs and bowls from a Manchester studio.');
    await info.getByLabel('Address line 1').fill('3 Mill Yard');
    await info.getByLabel('Town or city').fill('Manchester');
    await info.getByLabel('Postcode').fill('m4 6bf');
    const vatSwitch = info.getByRole('switch', { name: 'VAT registered' });
    expect(await vatSwitch.getAttribute('aria-checked')).toBe('false');
    await info.getByText('No VAT is shown to shoppers, and receipts are plain receipts.').waitFor();
    await vatSwitch.click();
    await info.getByText('Your prices include VAT. Receipts are VAT receipts showing the VAT at each rate and your VAT number.').waitFor();
    // Registered without a number: the form says what is missing and sends nothing.
    await info.getByRole('button', { name: 'Save changes' }).click();
    await info.getByText('Enter your VAT number: it is printed on every VAT receipt').waitFor();
    await info.getByLabel('VAT number *').fill(VAT_NUMBER);
    await info.getByRole('button', { name: 'Save changes' }).click();
    await toastWith(page, 'Settings updated successfully').waitFor(poll);
    await expect.poll(() => info.getByLabel('Postcode').inputValue(), poll).toBe('M4 6BF');
    expect(await vatSwitch.getAttribute('aria-checked')).toBe('true');
    expect(await info.getByLabel('VAT number *').inputValue()).toBe(VAT_NUMBER);
    await snap(page, 'open-and-sell-store-info-vat-1280');

    // 2b. Delivery: the store started with Standard Delivery; the merchant looks and confirms it.
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await step(page, 'details').getByLabel('Done').waitFor(poll);
    await step(page, 'delivery').getByRole('link').click();
    await page.waitForURL(url(PLATFORM, '/admin/settings?tab=shipping'));
    await page.getByRole('table').getByText('Standard Delivery', { exact: true }).waitFor(poll);
    await page.getByText('Check your delivery options, then confirm them so your store can open.').waitFor(poll);
    await page.getByRole('button', { name: 'Confirm delivery options' }).click();
    await toastWith(page, SETUP_TEXT.deliveryConfirmed).waitFor(poll);
    await page.getByRole('button', { name: 'Confirm delivery options' }).waitFor({ state: 'detached' });

    // 2c. Card payments through the test gateway's hosted onboarding.
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await step(page, 'delivery').getByLabel('Done').waitFor(poll);
    await step(page, 'payments').getByRole('link').click();
    await page.waitForURL(url(PLATFORM, '/admin/settings?tab=payment'));
    const payment = page.getByRole('tabpanel', { name: 'Payment' });
    await payment.getByText('No account yet').waitFor(poll);
    await payment.getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL(/\/connect\/onboarding\?link=/, poll);
    await page.getByRole('heading', { name: 'Tell us about your business' }).waitFor();
    await page.getByLabel('Business type').selectOption('company');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { name: 'Where should payouts go?' }).waitFor();
    await page.getByLabel('Sort code').fill('10-88-00');
    await page.getByLabel('Account number').fill('00012345');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    await page.getByLabel('First name').fill('Rhiannon');
    await page.getByLabel('Last name').fill('Wren');
    await page.getByLabel('Day').fill('4');
    await page.getByLabel('Month').fill('7');
    await page.getByLabel('Year').fill('1988');
    await page.getByRole('button', { name: 'Save and finish' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/settings' && u.searchParams.get('tab') === 'payment', poll);
    await payment.getByText('Ready for test payments: no real money is taken').waitFor(poll);

    // 2d. A first product through the admin form, shown on the home page, at the standard rate.
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await step(page, 'payments').getByLabel('Done').waitFor(poll);
    await step(page, 'product').getByRole('link').click();
    await page.waitForURL(url(PLATFORM, '/admin/catalogue/products'));
    await page.getByRole('link', { name: 'Add Product' }).first().click();
    await page.getByRole('heading', { name: 'Add Product' }).waitFor();
    const form = page.getByRole('form', { name: 'Add Product' });
    await form.getByRole('textbox', { name: 'Product Name*', exact: true }).fill(mug.name);
    expect(await form.getByRole('textbox', { name: 'Slug*', exact: true }).inputValue()).toBe(mug.slug);
    await form.getByRole('textbox', { name: 'SKU*', exact: true }).fill(mug.sku);
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('A speckled stoneware mug, 350 ml.');
    await form.getByRole('spinbutton', { name: 'Base Price (£)*', exact: true }).fill('24');
    await form.getByRole('spinbutton', { name: 'Stock Quantity', exact: true }).fill('10');
    // Left at the category default: with no category, the standard rate.
    await expect.poll(() => form.getByLabel('VAT rate').locator('option:checked').innerText(), poll).toMatch(/standard/i);
    await form.getByLabel('Product Status*').selectOption('active');
    await form.getByRole('switch', { name: 'Show on Homepage' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await toastWith(page, 'Product created successfully').waitFor(poll);
    await page.waitForURL(url(PLATFORM, '/admin/catalogue/products'));
    await page.getByRole('link', { name: mug.name, exact: true }).waitFor(poll);

    // 2e. Everything a checkout needs is done: only the unconfirmed email still holds the launch.
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await step(page, 'product').getByLabel('Done').waitFor(poll);
    await page.getByText('4 of 6 steps done').waitFor(poll);
    await page.getByText(SETUP_TEXT.blocked.email, { exact: true }).waitFor();
    for (const key of ['details', 'delivery', 'payments', 'product'] as const) expect(await page.getByText(SETUP_TEXT.blocked[key], { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Launch store' }).isDisabled()).toBe(true);
    await snap(page, 'open-and-sell-checklist-email-left-1280');

    // 2f. The confirmation email, read where the store's mail is kept (Emails), and its link opened.
    await nav.getByRole('link', { name: 'Emails', exact: true }).click();
    await page.getByRole('heading', { name: 'Emails', level: 1 }).waitFor();
    await page.getByLabel('Search emails').fill(merchantEmail);
    await page.getByRole('button', { name: 'Search' }).click();
    const subject = `${shopName}: confirm your email address`;
    await page.getByRole('link', { name: subject }).click();
    await page.getByRole('heading', { name: subject, level: 1 }).waitFor();
    const confirmLink = await page.frameLocator('iframe[title="Email content"]').getByRole('link', { name: 'Confirm my email' }).getAttribute('href');
    expect(confirmLink).toMatch(new RegExp(`^${url(PLATFORM, '/api/auth/confirm-email?').replace(/[.?]/g, '\\$&')}`));
    await page.goto(confirmLink!);
    await page.waitForURL(url(PLATFORM, '/admin'));
    await toastWith(page, 'Email confirmed').waitFor(poll);

    // Until the launch, anyone else on the shop's address sees "Opening soon".
    const shopper = await newPage(PHONE);
    const s = shopper.page;
    await s.goto(url(host, '/'));
    await s.getByRole('heading', { name: SETUP_TEXT.openingSoonTitle }).waitFor(poll);

    // 2g. Launch.
    const launch = page.getByRole('button', { name: 'Launch store' });
    await expect.poll(() => launch.isEnabled(), poll).toBe(true);
    expect(await page.getByText('Before you can launch:').count()).toBe(0);
    await launch.click();
    await toastWith(page, SETUP_TEXT.launched).waitFor(poll);
    await page.getByRole('heading', { name: 'Your store is open' }).waitFor();
    await step(page, 'launch').getByLabel('Done').waitFor();
    // Policies are not needed to take an order: the one step left, offered after launch.
    await page.getByText('5 of 6 steps done').waitFor();
    await step(page, 'policies').getByLabel('To do').waitFor();
    await snap(page, 'open-and-sell-launched-1280');

    // 3. The shopper on the phone: the shop is open now; signs up, finds the mug on the home page.
    await s.goto(url(host, '/login?redirect=%2F'));
    await s.getByRole('tab', { name: 'Sign Up' }).click();
    const signUp = s.getByRole('tabpanel', { name: 'Sign Up' });
    await signUp.getByLabel('Email').fill(`shopper-${tag}@example.co.uk`);
    await signUp.getByLabel('Password').fill('another-long-password');
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    await s.waitForURL(url(host, '/'));
    await s.getByRole('heading', { name: shopName, level: 1 }).waitFor(poll);
    const footer = s.getByRole('contentinfo');
    await footer.getByText('Prices in pounds sterling, including VAT.', { exact: false }).waitFor(poll);
    await footer.getByText(`VAT no. ${VAT_NUMBER}`, { exact: false }).waitFor();
    await s.getByRole('list', { name: 'Featured products' }).getByRole('link', { name: mug.name }).first().click();
    await s.getByRole('heading', { name: mug.name, level: 1, exact: true }).waitFor(poll);
    await s.getByRole('button', { name: 'Add to cart', exact: true }).click();
    const added = toastWith(s, 'Added to cart');
    await added.getByRole('button', { name: 'View cart' }).click();
    await s.waitForURL(url(host, '/cart'));
    // £24.00 + Standard Delivery £3.99: VAT inside is £4.00 + £0.67 (line by line, half up).
    const summary = s.locator('section[aria-labelledby="order-summary"]');
    await summary.getByText('£27.99', { exact: true }).waitFor(poll);
    await summary.getByText('Includes £4.67 VAT').waitFor();
    await snap(s, 'open-and-sell-cart-375');

    await s.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await s.waitForURL(url(host, '/checkout'));
    // On a phone the summary is folded above the form, with the total.
    const folded = s.getByRole('region', { name: 'Order summary' });
    await folded.getByRole('button', { name: /Show order summary\s*£27\.99/ }).click();
    await folded.getByText(mug.name).waitFor(poll);
    await folded.getByText('Includes £4.67 VAT').waitFor();
    await s.getByText('Prices include VAT.', { exact: false }).waitFor();
    await fillAddress(s, { first: 'Ada', last: 'Lovelace', postcode: 'M1 1AE' });
    await s.getByRole('button', { name: 'Pay £27.99' }).click();
    await s.waitForURL(/\/pay\/[^/]+$/, poll);
    await payWith(s, SUCCESS_CARD);
    await s.waitForURL(/\/order\/success\?session_id=/, poll);
    await s.getByRole('heading', { name: 'Thank you, Ada!', level: 1 }).waitFor(poll);
    const orderNumber = (await s.getByText(/^Your order .+ is confirmed\.$/).innerText()).match(/Your order (\S+) is confirmed/)![1];
    const receipt = s.getByRole('link', { name: /^Download VAT receipt/ });
    await receipt.waitFor(poll);
    await snap(s, 'open-and-sell-confirmation-375');
    const vatReceipt = await download(s, receipt);
    expect(vatReceipt.name).toBe('vat-invoice-INV-000001.pdf');
    expect(await pdfTitle(vatReceipt.bytes)).toBe('VAT invoice INV-000001');

    // The same receipt from My orders.
    await s.getByRole('link', { name: 'View My Orders' }).click();
    await s.waitForURL(url(host, '/my-orders'));
    const order = s.getByRole('article', { name: `Order ${orderNumber}` });
    const again = order.getByRole('link', { name: /^Download VAT receipt/ });
    await again.waitFor(poll);
    await snap(s, 'open-and-sell-my-orders-375');
    const fromAccount = await download(s, again);
    expect(await pdfTitle(fromAccount.bytes)).toBe('VAT invoice INV-000001');
    await shopper.context.close();
  });

  it('a store that is not VAT registered (Acme) shows no VAT in the cart, at checkout or in its footer, and gives a plain receipt', async () => {
    const tag = runTag();
    const ACME = 'acme.localhost';
    const TOOLBOX = { name: 'Heavy-duty Toolbox, 22in', path: '/p/heavy-duty-toolbox-22in' };
    const { context, page } = await newPage(PHONE);
    await page.goto(url(ACME, TOOLBOX.path));
    const current = await api<{ tenant: { details: { vat_registered: boolean; vat_number: string | null } } }>(page, 'GET', '/api/tenant/current');
    expect(current.body.tenant.details.vat_registered).toBe(false);
    expect(current.body.tenant.details.vat_number).toBeNull();

    await page.getByRole('heading', { name: TOOLBOX.name, level: 1, exact: true }).waitFor(poll);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await toastWith(page, 'Added to cart').getByRole('button', { name: 'View cart' }).click();
    await page.waitForURL(url(ACME, '/cart'));
    const summary = page.locator('section[aria-labelledby="order-summary"]');
    await summary.getByText('£39.99', { exact: true }).first().waitFor(poll);
    await page.getByRole('contentinfo').getByText('Prices in pounds sterling.', { exact: false }).waitFor(poll);
    expect(await bodyText(page)).not.toContain('VAT');
    await snap(page, 'open-and-sell-acme-cart-375');

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(url(ACME, '/checkout'));
    const checkoutSummary = page.getByRole('region', { name: 'Order summary' });
    await checkoutSummary.getByRole('button', { name: /Show order summary/ }).click();
    await checkoutSummary.getByText(TOOLBOX.name, { exact: true }).waitFor(poll);
    await checkoutSummary.getByText('Total', { exact: true }).waitFor();
    await page.getByRole('radio', { name: /Standard Delivery/, checked: true }).waitFor(poll);
    await page.getByText('You can review your order on the payment page before paying.').waitFor();
    await page.getByRole('contentinfo').getByText('Prices in pounds sterling.', { exact: false }).waitFor(poll);
    expect(await bodyText(page)).not.toContain('VAT');

    await fillAddress(page, { email: `trade-${tag}@example.co.uk`, first: 'Owen', last: 'Joiner' });
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await page.waitForURL(/\/pay\/[^/]+$/, poll);
    await page.getByLabel('Card number').waitFor();
    expect(await bodyText(page)).not.toContain('VAT');
    await payWith(page, SUCCESS_CARD);
    await page.getByRole('heading', { name: 'Thank you, Owen!', level: 1 }).waitFor(poll);
    const receipt = page.getByRole('link', { name: /^Download receipt/ });
    await receipt.waitFor(poll);
    expect(await page.getByRole('link', { name: /VAT receipt/ }).count()).toBe(0);
    expect(await bodyText(page)).not.toContain('VAT');
    await snap(page, 'open-and-sell-acme-confirmation-375');
    const file = await download(page, receipt);
    expect(file.name).toMatch(/^receipt-.+\.pdf$/);
    expect(await pdfTitle(file.bytes)).toMatch(/^Receipt /);
    await context.close();
  });
});
