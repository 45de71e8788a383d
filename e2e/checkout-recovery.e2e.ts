import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { openEmail } from './emails-admin';
import { adminApiPage, adminCreatesProduct, runTag } from './run-data';
import { api, fillAddress, payWith, STORE, SUCCESS_CARD } from './store';

// Issue 28 item 6 (decision 048): a shopper starts a checkout with their email and leaves without
// paying; the store has checkout recovery on; one email comes, and its "Return to your cart" link
// gives a fresh browser (no cookies) a cart with the same items. The journeys' servers run with
// CHECKOUT_RECOVERY_HOUR_SECONDS=2 (global-setup.ts): "Send after 1 hour" is two seconds there, and
// the job looks every second, so nothing here moves the clock or reaches into the database.

const poll = { timeout: 20_000, interval: 500 };
const SETTINGS = '/api/admin/settings/checkout-recovery';

/** The newest checkout recovery email to `to`, once the job has written it. */
async function recoveryEmailTo(admin: Page, to: string): Promise<{ id: string; subject: string }> {
  let found: { id: string; subject: string; kind: string } | undefined;
  await expect
    .poll(async () => {
      const res = await api<{ emails: { id: string; subject: string; kind: string; to: string }[] }>(admin, 'GET', `/api/admin/emails?search=${encodeURIComponent(to)}`);
      found = res.body.emails.find((e) => e.kind === 'checkout_recovery' && e.to === to);
      return Boolean(found);
    }, poll)
    .toBe(true);
  return found!;
}

describe('checkout recovery', () => {
  it('a checkout left unpaid gets one email whose link restores the cart in a fresh browser, at 375 px', { timeout: 120_000 }, async () => {
    const tag = runTag();
    const email = `recover.${tag}@example.com`;
    const api1 = await adminApiPage();
    const mug = await adminCreatesProduct(api1.page, { name: `Recovery Mug ${tag}`, price: 12.5, stock: 30 });
    const jug = await adminCreatesProduct(api1.page, { name: `Recovery Jug ${tag}`, price: 24, stock: 30 });

    // The merchant turns it on in Settings > Email > Checkout recovery, one hour after the checkout.
    const admin = await newPage();
    await signInThroughForm(admin.page, url(STORE, '/login?redirect=%2Fadmin%2Fsettings%3Ftab%3Demail%26email%3Drecovery'), 'admin@demo.test', DEMO_PASSWORD);
    await admin.page.getByRole('heading', { name: 'Checkout recovery', level: 2 }).waitFor();
    try {
      const toggle = admin.page.getByRole('switch', { name: 'Send checkout recovery emails' });
      if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
      await admin.page.getByLabel('Send after (hours)').fill('0');
      await admin.page.getByRole('button', { name: 'Save' }).click();
      await admin.page.getByRole('form', { name: 'Checkout recovery settings' }).getByText('Enter a whole number of hours from 1 to 72', { exact: true }).waitFor();
      await snap(admin.page, 'checkout-recovery-settings-error');
      await admin.page.getByLabel('Send after (hours)').fill('1');
      await admin.page.getByRole('button', { name: 'Save' }).click();
      await toastWith(admin.page, 'Checkout recovery settings saved').waitFor();
      await admin.page.getByText('On: shoppers who leave a checkout unpaid get one reminder.').waitFor();
      await snap(admin.page, 'checkout-recovery-settings');
      await admin.page.setViewportSize({ width: 375, height: 800 });
      expect(await fitsWidth(admin.page)).toBe(true);
      await snap(admin.page, 'checkout-recovery-settings-phone');
      await admin.page.setViewportSize({ width: 1280, height: 800 });

      // A guest fills a cart, goes to pay, and leaves the payment page for the shop.
      const shopper = await newPage();
      await shopper.page.goto(url(STORE, '/'));
      expect((await api(shopper.page, 'POST', '/api/cart/items', { product_id: mug.id, quantity: 2 })).status).toBe(200);
      expect((await api(shopper.page, 'POST', '/api/cart/items', { product_id: jug.id, quantity: 1 })).status).toBe(200);
      await shopper.page.goto(url(STORE, '/checkout'));
      await shopper.page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
      await fillAddress(shopper.page, { email, first: 'Rosa', last: 'Returner' });
      await shopper.page.getByRole('button', { name: /^Pay £/ }).click();
      await shopper.page.waitForURL(/\/pay\/[^/]+$/);
      await shopper.page.goto(url(STORE, '/'));
      await shopper.context.close();

      // The job sends one email; the merchant sees it in Emails.
      const sent = await recoveryEmailTo(admin.page, email);
      expect(sent.subject).toBe('Demo Store: your cart is waiting');
      await openEmail(admin.page, email, /your cart is waiting/);
      const body = admin.page.frameLocator('iframe[title="Email content"]');
      await body.getByText(mug.name).waitFor();
      await body.getByRole('link', { name: 'Return to your cart' }).waitFor();
      await body.getByRole('link', { name: 'Unsubscribe' }).waitFor();
      await snap(admin.page, 'checkout-recovery-email');
      await admin.page.getByRole('tab', { name: 'Plain text' }).click();
      const text = await admin.page.getByText(/\/cart\/restore\?token=/).innerText();
      const link = /(http:\/\/\S+\/cart\/restore\?token=[A-Za-z0-9_-]+)/.exec(text)![1];
      expect(new URL(link).host).toBe(new URL(url(STORE)).host);
      expect(text).toMatch(/\/email\/unsubscribe\?token=/);
      // The whole email as a mail client shows it, on a phone too.
      const detail = await api<{ email: { html: string } }>(admin.page, 'GET', `/api/admin/emails/${sent.id}`);
      const reader = await newPage({ width: 640, height: 900 });
      await reader.page.setContent(detail.body.email.html);
      await reader.page.getByRole('link', { name: 'Unsubscribe' }).waitFor();
      await snap(reader.page, 'checkout-recovery-email-full');
      await reader.page.setViewportSize({ width: 375, height: 800 });
      expect(await fitsWidth(reader.page)).toBe(true);
      await snap(reader.page, 'checkout-recovery-email-phone');
      await reader.context.close();
      // Only one, however often the job has looked since.
      await new Promise((r) => setTimeout(r, 2500));
      const all = await api<{ emails: { kind: string }[] }>(admin.page, 'GET', `/api/admin/emails?search=${encodeURIComponent(email)}`);
      expect(all.body.emails.filter((e) => e.kind === 'checkout_recovery')).toHaveLength(1);

      // A fresh browser on a phone, with no cookies, opens the link: the same items are in its cart.
      const phone = await newPage({ width: 375, height: 800 });
      await phone.page.goto(link);
      await phone.page.waitForURL(url(STORE, '/cart'));
      await phone.page.getByRole('heading', { name: 'Your cart', level: 1 }).waitFor();
      await phone.page.getByText('Welcome back').waitFor();
      await phone.page.getByText('The items from your checkout are back in your cart, at today’s prices.').waitFor();
      const lines = phone.page.getByRole('list', { name: 'Items in your cart' });
      await lines.getByRole('listitem', { name: mug.name }).waitFor();
      await lines.getByRole('listitem', { name: jug.name }).waitFor();
      await phone.page.getByText('3 items').waitFor();
      expect(await phone.page.getByRole('group', { name: `Quantity of ${mug.name}` }).innerText()).toContain('2');
      expect(await fitsWidth(phone.page)).toBe(true);
      await snap(phone.page, 'checkout-recovery-restored-cart-phone');

      // Paid from there: the checkout is recovered, and the dashboard says so.
      await phone.page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await phone.page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
      await fillAddress(phone.page, { email, first: 'Rosa', last: 'Returner' });
      await phone.page.getByRole('button', { name: /^Pay £/ }).click();
      await phone.page.waitForURL(/\/pay\/[^/]+$/);
      await payWith(phone.page, SUCCESS_CARD);
      await phone.page.getByRole('heading', { name: 'Thank you, Rosa!', level: 1 }).waitFor();
      await admin.page.goto(url(STORE, '/admin'));
      const recovered = admin.page.getByRole('group', { name: 'Recovered checkouts' });
      await recovered.getByText('1 checkout · £52.99').waitFor();
      await snap(admin.page, 'checkout-recovery-dashboard');
      await admin.page.setViewportSize({ width: 375, height: 800 });
      expect(await fitsWidth(admin.page)).toBe(true);
      await recovered.screenshot({ path: 'test-results/e2e/checkout-recovery-dashboard-card-phone.png' });
      await admin.page.setViewportSize({ width: 1280, height: 800 });

      // The unsubscribe link asks first, then says it is done.
      const unsubscribe = /(http:\/\/\S+\/email\/unsubscribe\?token=[A-Za-z0-9_-]+)/.exec(text)![1];
      await phone.page.goto(unsubscribe);
      await phone.page.getByRole('heading', { name: 'Unsubscribe from cart reminders', level: 1 }).waitFor();
      await snap(phone.page, 'checkout-recovery-unsubscribe-phone');
      await phone.page.getByRole('button', { name: 'Unsubscribe' }).click();
      await phone.page.getByRole('heading', { name: 'You are unsubscribed', level: 1 }).waitFor();
      await phone.page.getByText(`${email} will get no more cart reminders from Demo Store.`).waitFor();
      expect(await fitsWidth(phone.page)).toBe(true);
      await snap(phone.page, 'checkout-recovery-unsubscribed-phone');

      // A link that does not work lands on the cart with a message.
      await phone.page.goto(url(STORE, '/cart/restore?token=not-a-real-token'));
      await phone.page.getByText('This link does not work').waitFor();
      await snap(phone.page, 'checkout-recovery-bad-link-phone');
      await phone.context.close();
    } finally {
      // Other journeys' checkouts in this store get no reminders.
      expect((await api(api1.page, 'PUT', SETTINGS, { enabled: false, send_after_hours: 4 })).status).toBe(200);
      await api1.context.close();
      await admin.context.close();
    }
  });
});
