import { describe, it } from 'vitest';
import { AUTH_TEXT, SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT } from '../src/shared/auth';
import { CLAIM_MAX_PER_EMAIL, CLAIM_TEXT } from '../src/shared/claims';
import { DEMO_PASSWORD, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { STORE } from './store';

// Issue 11 item 5: where a limit stops a person, the page shows the server's words. Each journey uses
// its own email addresses, so it spends none of the budgets the other journeys need.

describe('rate limits in the browser', () => {
  it('the claim form says so when an address has had enough confirmation links', async () => {
    const { context, page } = await newPage();
    await page.goto(url(STORE, '/login?redirect=%2Fmy-orders'));
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
    await signUp.getByLabel('Email').fill(`limits.${Date.now()}@example.co.uk`);
    await signUp.getByLabel('Password').fill(DEMO_PASSWORD);
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(url(STORE, '/my-orders'));

    const stranger = `stranger.${Date.now()}@example.co.uk`;
    const claim = page.getByRole('form', { name: 'Claim earlier orders' });
    for (let i = 0; i < CLAIM_MAX_PER_EMAIL; i++) {
      await claim.getByLabel('Email used for your orders').fill(stranger);
      await claim.getByRole('button', { name: 'Find my orders' }).click();
      await claim.getByText(`We've sent a confirmation link to ${stranger}.`, { exact: false }).waitFor();
      await claim.getByRole('button', { name: 'Find my orders' }).and(page.locator(':enabled')).waitFor();
    }
    await claim.getByRole('button', { name: 'Find my orders' }).click();
    await toastWith(page, 'Failed to claim orders', CLAIM_TEXT.rateLimitedEmail).waitFor();
    await snap(page, 'claim-rate-limited');
    await context.close();
  });

  it('the sign-in form says so after too many wrong passwords for one account', async () => {
    const { context, page } = await newPage();
    const email = `guesser.${Date.now()}@example.co.uk`;
    for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT; i++) {
      await signInThroughForm(page, url(STORE, '/login'), email, 'wrong-password');
      await page.getByText(AUTH_TEXT.invalidCredentials).waitFor();
    }
    await signInThroughForm(page, url(STORE, '/login'), email, 'wrong-password');
    await page.getByText(AUTH_TEXT.rateLimited).waitFor();
    await snap(page, 'sign-in-rate-limited');
    await context.close();
  });
});
