import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { openEmail } from './emails-admin';
import { api, fillCart, STORE } from './store';
import { RESET_TEXT } from '../src/shared/account-recovery';
import { ACCOUNT_TEXT } from '../src/shared/account-settings';
import { TWO_STEP_TEXT } from '../src/shared/two-step';
import { totpCodeAt } from '../src/server/modules/accounts/two-step/totp';

// Issue 26 items 1 and 2: a shopper who forgot their password gets back in through the emailed link;
// a signed-in shopper keeps addresses, changes their password and signs other devices out; item 3:
// two-step sign-in is set up from the key and asked for at the next sign-in.

/** A new shopper of the demo store, signed up through the API from a page on the store. */
async function newShopper(page: Page, tag: string): Promise<string> {
  const email = `${tag}.${Date.now()}@example.co.uk`;
  await page.goto(url(STORE, '/'));
  expect((await api(page, 'POST', '/api/auth/sign-up', { email, password: DEMO_PASSWORD })).status).toBe(201);
  return email;
}

async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto(url(STORE, '/login'));
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(url(STORE, '/'));
}

describe('a forgotten password', () => {
  it('forgot password, the email in the outbox, a new password, signed in; the link works once', async () => {
    const setup = await newPage();
    const email = await newShopper(setup.page, 'forgetful');
    await setup.context.close();

    // The shopper types their email on the sign-in page, then asks for a link.
    const shopper = await newPage();
    await shopper.page.goto(url(STORE, '/login'));
    await shopper.page.getByRole('tabpanel', { name: 'Sign In' }).getByLabel('Email').fill(email);
    await shopper.page.getByRole('link', { name: 'Forgot password?' }).click();
    await shopper.page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
    expect(await shopper.page.getByLabel('Email').inputValue()).toBe(email);
    await shopper.page.getByRole('button', { name: 'Send reset link' }).click();
    await shopper.page.getByText(RESET_TEXT.sent).waitFor();
    await snap(shopper.page, 'forgot-password-sent');

    // The email, as the outbox keeps it (a platform owner sees the link; the store's staff would not).
    const owner = await newPage();
    await signInThroughForm(owner.page, url(STORE, '/login?redirect=%2Fadmin%2Femails'), 'owner@platform.test', DEMO_PASSWORD);
    await owner.page.getByRole('heading', { name: 'Emails', level: 1 }).waitFor();
    await openEmail(owner.page, email, /choose a new password/);
    await owner.page.getByRole('tab', { name: 'Plain text' }).click();
    const text = await owner.page.getByText(/\/login\/reset-password\?token=/).innerText();
    const link = /(http:\/\/\S+\/login\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(text)![1];
    // The owner's own account settings are one menu away.
    await owner.page.getByRole('button', { name: /^Account menu for / }).click();
    await owner.page.getByRole('menuitem', { name: 'Account settings' }).click();
    await owner.page.getByRole('heading', { name: 'Account settings', level: 1 }).waitFor();
    await owner.page.getByRole('list', { name: 'Signed-in devices' }).getByText('This device').waitFor();
    await owner.context.close();

    // The link opens "Choose a new password" for this account; the new password signs them in.
    await shopper.page.goto(link);
    await shopper.page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
    await shopper.page.getByText(`For the account ${email.slice(0, 2)}`).waitFor();
    await shopper.page.getByLabel('New password', { exact: true }).fill('a fresh password 26');
    await shopper.page.getByLabel('Confirm new password').fill('a different one 26');
    await shopper.page.getByRole('button', { name: 'Save new password' }).click();
    await shopper.page.getByText(RESET_TEXT.passwordsDiffer).waitFor();
    await shopper.page.getByLabel('Confirm new password').fill('a fresh password 26');
    await snap(shopper.page, 'reset-password-form');
    await shopper.page.getByRole('button', { name: 'Save new password' }).click();
    await shopper.page.waitForURL(url(STORE, '/'));
    await toastWith(shopper.page, RESET_TEXT.done).waitFor();
    await shopper.page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My orders' }).waitFor();

    // Used once: the same link now says so and offers a new one.
    await shopper.page.goto(link);
    await shopper.page.getByRole('heading', { name: 'This link cannot be used', level: 1 }).waitFor();
    await shopper.page.getByText(RESET_TEXT.used).waitFor();
    await shopper.page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await snap(shopper.page, 'reset-password-used');

    // The new password works, the old one does not.
    await shopper.page.goto(url(STORE, '/logout'));
    await shopper.page.waitForURL(url(STORE, '/login'));
    const form = shopper.page.getByRole('tabpanel', { name: 'Sign In' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await shopper.page.getByText('Invalid email or password').waitFor();
    await form.getByLabel('Password').fill('a fresh password 26');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await shopper.page.waitForURL(url(STORE, '/'));
    await shopper.context.close();
  });
});

describe('account settings on a phone', () => {
  it('saves an address offered at checkout, changes the password and signs the other device out', async () => {
    const phone = await newPage({ width: 375, height: 800 });
    const email = await newShopper(phone.page, 'settings');
    const laptop = await newPage();
    await signInAs(laptop.page, email, DEMO_PASSWORD);

    // From My orders to Account settings.
    await phone.page.goto(url(STORE, '/my-orders'));
    await phone.page.getByRole('main').getByRole('link', { name: 'Account settings' }).click();
    await phone.page.getByRole('heading', { name: 'Account settings', level: 1 }).waitFor();

    // An address, saved and shown as the default.
    await phone.page.getByRole('button', { name: 'Add address' }).click();
    const editor = phone.page.getByRole('form', { name: 'Add an address' });
    await editor.getByLabel('First name').fill('Sam');
    await editor.getByLabel('Last name').fill('Settings');
    await editor.getByLabel('Address line 1').fill('3 Canal Street');
    await editor.getByLabel('City').fill('Manchester');
    await editor.getByLabel('Postcode').fill('m1 3he');
    await editor.getByRole('button', { name: 'Save address' }).click();
    const saved = phone.page.getByRole('list', { name: 'Saved addresses' });
    await saved.getByText('Manchester M1 3HE').waitFor();
    await saved.getByText('Default').waitFor();

    // Two devices are listed; this one is marked.
    const devices = phone.page.getByRole('list', { name: 'Signed-in devices' });
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(2);
    await devices.getByText('This device').waitFor();

    // A wrong current password is named on its field; then the change signs the laptop out.
    const password = phone.page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill('not my password');
    await password.getByLabel('New password', { exact: true }).fill('settings password 26');
    await password.getByLabel('Confirm new password').fill('settings password 26');
    await password.getByRole('button', { name: 'Change password' }).click();
    await phone.page.getByText('Your current password is not right').waitFor();
    await password.getByLabel('Current password').fill(DEMO_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await toastWith(phone.page, ACCOUNT_TEXT.passwordChanged).waitFor();
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(1);
    expect(await fitsWidth(phone.page)).toBe(true);
    await snap(phone.page, 'account-settings-phone');

    await laptop.page.goto(url(STORE, '/my-orders'));
    await laptop.page.getByRole('heading', { name: 'Access Your Orders' }).waitFor();
    await laptop.context.close();

    // At checkout the saved address fills the form.
    await fillCart(phone.page);
    await phone.page.goto(url(STORE, '/checkout'));
    await phone.page.getByLabel('Use a saved address').waitFor();
    const shipping = phone.page.getByRole('region', { name: 'Shipping address' });
    await expect.poll(() => shipping.getByLabel('City').inputValue()).toBe('Manchester');
    expect(await shipping.getByLabel('Postcode').inputValue()).toBe('M1 3HE');
    expect(await fitsWidth(phone.page)).toBe(true);
    await snap(phone.page, 'checkout-saved-address-phone');
    await phone.context.close();
  });
});

describe('two-step sign-in', () => {
  it('is set up by reading the key, then asked for at sign-in; a code from the app signs in', async () => {
    const { context, page } = await newPage();
    const email = `two.step.${Date.now()}@example.co.uk`;
    await page.goto(url('localhost', '/'));
    expect((await api(page, 'POST', '/api/auth/sign-up', { email, password: DEMO_PASSWORD })).status).toBe(201);

    // Account settings, from the admin of an account with no store yet.
    await page.goto(url('localhost', '/admin/account'));
    await page.getByRole('heading', { name: 'Account settings', level: 1 }).waitFor();
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await section.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const key = (await section.getByLabel('Set-up key').innerText()).trim();
    await snap(page, 'two-step-setup');
    await section.getByLabel('Code from the app').fill('000000');
    await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await section.getByText(TWO_STEP_TEXT.wrongCode).waitFor();
    await section.getByLabel('Code from the app').fill(totpCodeAt(key, Date.now()));
    await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' });
    await expect.poll(() => codes.getByRole('listitem').count()).toBe(10);
    await snap(page, 'two-step-recovery-codes');
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await section.getByText('10 recovery codes left').waitFor();

    // Signing in again asks for the code after the password.
    await page.goto(url('localhost', '/logout'));
    await page.waitForURL(url('localhost', '/login'));
    const form = page.getByRole('tabpanel', { name: 'Sign In' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Two-step sign-in', level: 1 }).waitFor();
    // The code of the next 30-second step (the set-up used this one; a code works once).
    await page.getByLabel('Authentication code').fill(totpCodeAt(key, Date.now() + 30_000));
    await snap(page, 'two-step-code');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL(/\/(admin|start)/);
    expect((await api<{ user: { email: string } | null }>(page, 'GET', '/api/auth/session')).body.user?.email).toBe(email);
    await context.close();
  });
});
