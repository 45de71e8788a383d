import { describe, expect, it } from 'vitest';
import { fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { newJourneyStore, runTag } from './run-data';

// Issue 13, Settings > Payment: a new store (made by the platform owner for this journey, so it starts
// with no payment account whatever other journeys did) connects card payments through the built-in
// test gateway's hosted onboarding and comes back to a complete checklist, ready for test payments (only
// Stripe's connected account is ready for live payments: "Test mode" never stands beside that).

const poll = { timeout: 15_000 };

/** A journey store (run-data.ts) on `pay-<tag>.localhost`, owned by the demo admin. */
async function newStore(): Promise<{ host: string; name: string }> {
  const tag = runTag();
  const name = `Pay ${tag}`;
  return { host: await newJourneyStore(name, `pay-${tag}.localhost`), name };
}

describe('card payment onboarding', () => {
  it('connects through the test gateway’s hosted steps and lands back on a complete checklist', async () => {
    const store = await newStore();
    const { page } = await newPage();
    await signInThroughForm(page, url(store.host, '/login?redirect=%2Fadmin%2Fsettings%3Ftab%3Dpayment'), 'admin@demo.test');

    // Before: no account, nothing reported, every step still to come.
    const panel = page.getByRole('tabpanel', { name: 'Payment' });
    await panel.getByText('The built-in test gateway has not reported any capabilities yet.').waitFor(poll);
    await panel.getByText('Test mode', { exact: true }).waitFor();
    await panel.getByText('No account yet').waitFor();
    await panel.getByText('Not connected', { exact: true }).waitFor();
    expect(await panel.getByText('Ready for live payments').count()).toBe(0);
    const checklist = panel.getByRole('list', { name: 'Connection checklist' });
    expect(await checklist.getByText('Pending', { exact: true }).count()).toBe(5);
    await snap(page, 'payment-tab-before-1280');

    // Connect: an account is made and the browser goes to the hosted onboarding page.
    await panel.getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL(/\/connect\/onboarding\?link=/, poll);
    await page.getByRole('heading', { name: 'Tell us about your business' }).waitFor();
    await page.getByText(store.name).first().waitFor();
    await snap(page, 'payment-onboarding-business-1280');

    // A missing choice is pointed out, and nothing moves on.
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Choose a business type.').waitFor();
    await page.getByLabel('Business type').selectOption('company');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { name: 'Where should payouts go?' }).waitFor();

    // Leaving half way: the tab shows what is done and what still needs action; Connect carries on.
    await page.getByRole('link', { name: `Finish later and return to ${store.name}` }).click();
    await toastWith(page, 'Onboarding saved').waitFor(poll);
    await checklist.getByText('Complete', { exact: true }).first().waitFor(poll);
    expect(await checklist.getByText('Complete', { exact: true }).count()).toBe(1);
    expect(await checklist.getByText('Action required', { exact: true }).count()).toBe(4);
    await panel.getByText('Action required', { exact: true }).first().waitFor();
    await panel.getByRole('list', { name: 'Capabilities' }).getByText('Pending', { exact: true }).waitFor();
    await snap(page, 'payment-tab-midway-1280');
    await panel.getByRole('button', { name: 'Connect' }).click();

    await page.getByRole('heading', { name: 'Where should payouts go?' }).waitFor(poll);
    await page.getByLabel('Sort code').fill('10-88-00');
    await page.getByLabel('Account number').fill('00012345');
    await snap(page, 'payment-onboarding-bank-1280');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    await page.getByRole('button', { name: 'Save and finish' }).click();
    await page.getByText('Enter your first name.').waitFor();
    await snap(page, 'payment-onboarding-identity-errors-1280');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Day').fill('10');
    await page.getByLabel('Month').fill('12');
    await page.getByLabel('Year').fill('1985');
    await page.getByRole('button', { name: 'Save and finish' }).click();

    // Back on the Payment tab: connected, every item complete, capabilities active.
    await page.waitForURL((u) => u.pathname === '/admin/settings' && u.searchParams.get('tab') === 'payment', poll);
    await panel.getByText('Ready for test payments: no real money is taken').waitFor(poll);
    expect(await panel.getByText('Ready for live payments').count()).toBe(0);
    await panel.getByText('Test mode', { exact: true }).waitFor();
    await toastWith(page, 'Payment account connected').waitFor(poll);
    expect(new URL(page.url()).searchParams.has('onboarding')).toBe(false);
    expect(await checklist.getByText('Complete', { exact: true }).count()).toBe(5);
    expect(await checklist.getByText('Pending', { exact: true }).count()).toBe(0);
    const capabilities = panel.getByRole('list', { name: 'Capabilities' });
    await capabilities.getByText('Card payments').waitFor();
    expect(await capabilities.getByText('Active', { exact: true }).count()).toBe(2);
    expect(await panel.getByText(/^acct_test_[a-f0-9]{24}$/).count()).toBe(1);
    await panel.getByRole('button', { name: 'Update details' }).waitFor();
    await snap(page, 'payment-tab-after-1280');

    // Refresh status asks again and still says the same.
    await panel.getByRole('button', { name: 'Refresh status' }).click();
    await panel.getByRole('button', { name: 'Refresh status' }).waitFor(poll);
    await panel.getByText('Ready for test payments: no real money is taken').waitFor();

    // The dashboard's set-up step reads the store's own account.
    await page.goto(url(store.host, '/admin'));
    await page.getByText('Card payments are connected.', { exact: true }).waitFor(poll);

    // The same tab at phone width.
    const phone = await newPage({ width: 390, height: 844 });
    await signInThroughForm(phone.page, url(store.host, '/login?redirect=%2Fadmin%2Fsettings%3Ftab%3Dpayment'), 'admin@demo.test');
    await phone.page.getByText('Ready for test payments: no real money is taken').waitFor(poll);
    expect(await fitsWidth(phone.page)).toBe(true);
    await snap(phone.page, 'payment-tab-after-390');
    // Update details opens the hosted page again, every step done and open to change.
    await phone.page.getByRole('button', { name: 'Update details' }).click();
    await phone.page.getByRole('heading', { name: 'Tell us about your business' }).waitFor(poll);
    expect(await phone.page.getByText('Done', { exact: true }).count()).toBe(3);
    expect(await phone.page.getByLabel('Business type').inputValue()).toBe('company');
    expect(await fitsWidth(phone.page)).toBe(true);
    await snap(phone.page, 'payment-onboarding-update-390');
  });

  it('shows the spec’s toast when the status cannot be fetched', async () => {
    const store = await newStore();
    const { page } = await newPage({ width: 390, height: 844 });
    await signInThroughForm(page, url(store.host, '/login?redirect=%2Fadmin%2Fsettings%3Ftab%3Dpayment'), 'admin@demo.test');
    await page.getByRole('tabpanel', { name: 'Payment' }).getByText('No account yet').waitFor(poll);
    await snap(page, 'payment-tab-before-390');
    expect(await fitsWidth(page)).toBe(true);

    await page.route('**/api/stripe/connect/status', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: { code: 'connect_unavailable', message: 'Unable to fetch Stripe Connect status.' } }) }),
    );
    await page.reload();
    await toastWith(page, 'Stripe status unavailable', 'Unable to fetch Stripe Connect status.').waitFor(poll);
    await page.getByRole('button', { name: 'Try again' }).waitFor();

    await page.unroute('**/api/stripe/connect/status');
    await page.route('**/api/stripe/connect/account-link', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: { code: 'payment_unavailable', message: 'We could not reach the payment provider. Please try again.' } }) }),
    );
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Connect' }).click();
    await toastWith(page, 'Failed to start Stripe onboarding', 'We could not reach the payment provider. Please try again.').waitFor(poll);
    expect(new URL(page.url()).pathname).toBe('/admin/settings');
  });
});
