import { describe, expect, it } from 'vitest';
import { ORDER_DELIVERY_TEXT } from '../src/shared/orders';
import { DEMO_PASSWORD, fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { openEmail } from './emails-admin';
import { fillAddress, fillCart, openStore, payWith, STORE, SUCCESS_CARD } from './store';

// The email outbox seen from the admin (Emails), and the claim of a guest order through the link
// that was emailed: the journey the checkout issue asks for, end to end in the browser.

describe('emails', () => {
  it('a guest pays; the admin finds the confirmation in Emails; a new account claims the order through the emailed link', async () => {
    const guestEmail = `guest.${Date.now()}@example.co.uk`;

    // A guest buys and pays.
    const guest = await newPage();
    await openStore(guest.page);
    await fillCart(guest.page);
    await guest.page.goto(url(STORE, '/checkout'));
    await fillAddress(guest.page, { email: guestEmail, first: 'Grace', last: 'Guest' });
    await guest.page.getByRole('button', { name: /^Pay £/ }).click();
    await guest.page.waitForURL(/\/pay\/[^/]+$/);
    await payWith(guest.page, SUCCESS_CARD);
    await guest.page.getByRole('heading', { name: 'Thank you, Grace!', level: 1 }).waitFor();
    const number = (await guest.page.getByText(/^Your order .+ is confirmed\.$/).innerText()).match(/Your order (\S+) is confirmed/)![1];
    await guest.context.close();

    // The store admin finds the confirmation among the store's emails and reads it as the guest got it.
    const admin = await newPage();
    await signInThroughForm(admin.page, url(STORE, '/login?redirect=%2Fadmin%2Femails'), 'admin@demo.test', DEMO_PASSWORD);
    await admin.page.getByRole('heading', { name: 'Emails', level: 1 }).waitFor();
    const row = admin.page.getByRole('row').filter({ hasText: `order ${number} confirmed` });
    await row.getByText('In outbox').waitFor();
    await snap(admin.page, 'admin-emails-list');
    await openEmail(admin.page, guestEmail, new RegExp(`order ${number} confirmed`));
    await admin.page.getByText(guestEmail, { exact: true }).waitFor();
    await admin.page.getByText('Order confirmation', { exact: true }).waitFor();
    const body = admin.page.frameLocator('iframe[title="Email content"]');
    await body.getByText(`Your order ${number} is confirmed and paid.`).waitFor();
    await body.getByText('Thank you for your order, Grace').waitFor();
    // Standard Delivery: the standard promise.
    await body.getByText(`${ORDER_DELIVERY_TEXT}.`, { exact: false }).waitFor();
    await snap(admin.page, 'admin-email-confirmation');
    await admin.page.getByRole('tab', { name: 'Plain text' }).click();
    await admin.page.getByText(new RegExp(`Your order ${number} is confirmed and paid\\.`)).waitFor();
    // Both screens fit a phone.
    await admin.page.setViewportSize({ width: 375, height: 800 });
    expect(await fitsWidth(admin.page)).toBe(true);
    await snap(admin.page, 'admin-email-phone');
    await admin.page.getByRole('link', { name: 'All emails' }).click();
    await row.waitFor();
    expect(await fitsWidth(admin.page)).toBe(true);
    await snap(admin.page, 'admin-emails-phone');
    await admin.page.setViewportSize({ width: 1280, height: 800 });

    // Someone signs up and asks for the orders placed with the guest's address.
    const claimer = await newPage();
    await claimer.page.goto(url(STORE, '/login?redirect=%2Fmy-orders'));
    await claimer.page.getByRole('tab', { name: 'Sign Up' }).click();
    const signUp = claimer.page.getByRole('tabpanel', { name: 'Sign Up' });
    await signUp.getByLabel('Email').fill(`claimer.${Date.now()}@example.co.uk`);
    await signUp.getByLabel('Password').fill(DEMO_PASSWORD);
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    await claimer.page.getByRole('heading', { name: 'No orders yet' }).waitFor();
    const claim = claimer.page.getByRole('form', { name: 'Claim earlier orders' });
    await claim.getByLabel('Email used for your orders').fill(guestEmail);
    await claim.getByRole('button', { name: 'Find my orders' }).click();
    await claim.getByText(`We've sent a confirmation link to ${guestEmail}.`, { exact: false }).waitFor();
    // Nothing is linked before the emailed link is opened.
    expect(await claimer.page.getByRole('article', { name: `Order ${number}` }).count()).toBe(0);

    // The link arrives at the guest's address (read here from the store's outbox) ...
    await openEmail(admin.page, guestEmail, /confirm your email to see your orders/);
    const link = await admin.page.frameLocator('iframe[title="Email content"]').getByRole('link', { name: 'Add my orders' }).getAttribute('href');
    expect(link).toMatch(new RegExp(`^${url(STORE, '/my-orders?claim=').replace(/[.?]/g, '\\$&')}`));
    await admin.context.close();

    // ... and opened in the signed-in browser that asked: the guest order joins the account.
    await claimer.page.goto(link!);
    await toastWith(claimer.page, 'Orders claimed successfully!', '1 order was added to your account.').waitFor();
    // The list shows it without a reload: it is read only after the claim (it once raced the claim).
    const order = claimer.page.getByRole('article', { name: `Order ${number}` });
    await order.getByText('Confirmed', { exact: true }).waitFor();
    await snap(claimer.page, 'my-orders-claimed');

    // The link works once.
    await claimer.page.goto(link!);
    await claimer.page.getByText('This link has expired or was already used. Ask for a new one.').waitFor();
    await claimer.context.close();
  });
});
