import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fitsWidth, newPage, signInThroughForm, snap, snapIfFailed, toastWith, url } from './browser';
import { STORE } from './store';
import { ACCESS_TEXT } from '../src/shared/crm/access';

// Issue 16, Client Access: a store admin invites someone by magic link from the CRM; the invitee opens
// the link in another browser, chooses a password and lands in the store's admin with the invited
// role; a revoked link says it was withdrawn. Platform sales only request invitations, which the store's
// admin approves (issue 24, decision 030).

afterEach(snapIfFailed);

const poll = { timeout: 15_000 };

/** Invites `email` from the open Client Access page and answers the link it shows to copy. */
async function inviteFrom(admin: Page, email: string, role: 'Admin' | 'Staff'): Promise<string> {
  await admin.getByLabel('Email').fill(email);
  await admin.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await admin.getByRole('button', { name: 'Send invite' }).click();
  await toastWith(admin, ACCESS_TEXT.invitePrepared).waitFor();
  const link = admin.getByLabel(`Invite link for ${email}`);
  await expect.poll(() => link.inputValue(), poll).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  return link.inputValue();
}

describe('Client Access invitations', () => {
  it('invites staff by magic link, who joins with a new password; a revoked link is withdrawn', async () => {
    const stamp = Date.now().toString(36);
    const newcomer = `newcomer-${stamp}@demo.test`;
    const withdrawn = `withdrawn-${stamp}@demo.test`;

    const { context, page: admin } = await newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url(STORE, '') });
    await signInThroughForm(admin, url(STORE, '/login?redirect=%2Fadmin%2Fcrm%2Faccess'), 'admin@demo.test');
    await admin.getByRole('heading', { name: 'Client Access', level: 1 }).waitFor();
    await admin.getByRole('cell', { name: 'staff@demo.test' }).waitFor();

    const link = await inviteFrom(admin, newcomer, 'Staff');
    expect(link.startsWith(url(STORE, '/invite/'))).toBe(true);
    await admin.getByRole('button', { name: 'Copy link' }).first().click();
    await admin.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await admin.getByRole('row').filter({ hasText: newcomer }).getByText('Pending').waitFor();
    await snap(admin, 'crm-access-1280');

    // The invitee, in a browser of their own, opens the link and chooses a password.
    const guest = await newPage({ width: 375, height: 800 });
    await guest.page.goto(link);
    await guest.page.getByRole('heading', { name: 'Join Demo Store' }).waitFor();
    await guest.page.getByText(newcomer).waitFor();
    await snap(guest.page, 'crm-invite-accept-375');
    await guest.page.getByLabel('Choose a password').fill('a-good-password');
    await guest.page.getByRole('button', { name: 'Create account and join' }).click();
    await guest.page.waitForURL(url(STORE, '/admin'));
    await guest.page.getByRole('link', { name: 'CRM' }).first().waitFor();
    // Staff: the CRM, and no Client Access management.
    await guest.page.goto(url(STORE, '/admin/crm/access'));
    await guest.page.getByText('Client Access is for store owners and admins').waitFor();

    // Back as the admin: the newcomer is a member, as staff.
    await admin.reload();
    const row = admin.getByRole('row').filter({ hasText: newcomer });
    await expect.poll(() => row.getByLabel(`Role of ${newcomer}`).inputValue(), poll).toBe('staff');
    await admin.getByRole('row').filter({ hasText: newcomer }).getByText('Accepted').waitFor();

    // A second invite, revoked: its link says so.
    const second = await inviteFrom(admin, withdrawn, 'Admin');
    await admin.getByRole('row').filter({ hasText: withdrawn }).getByRole('button', { name: 'Revoke' }).click();
    await toastWith(admin, ACCESS_TEXT.inviteRevoked).waitFor();
    await admin.getByRole('row').filter({ hasText: withdrawn }).getByText('Revoked').waitFor();
    const stranger = await newPage({ width: 375, height: 800 });
    await stranger.page.goto(second);
    await stranger.page.getByText(ACCESS_TEXT.inviteRevokedLink).waitFor();
    await snap(stranger.page, 'crm-invite-withdrawn-375');

    // The same screen at phone width.
    const phone = await newPage({ width: 375, height: 800 });
    await signInThroughForm(phone.page, url(STORE, '/login?redirect=%2Fadmin%2Fcrm%2Faccess'), 'admin@demo.test');
    await phone.page.getByRole('heading', { name: 'Client Access', level: 1 }).waitFor();
    // On a phone each invitation is a card with its whole address.
    await phone.page.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: newcomer }).getByText('Accepted').waitFor();
    await snap(phone.page, 'crm-access-375');
    expect(await fitsWidth(phone.page)).toBe(true);
  });

  it('lets the platform sales team pick any store and manage its access', async () => {
    const { page } = await newPage();
    await signInThroughForm(page, url('localhost', '/login?redirect=%2Fadmin%2Fcrm%2Faccess'), 'sales@platform.test');
    await page.getByRole('heading', { name: 'Client Access', level: 1 }).waitFor();
    await page.getByText(`${ACCESS_TEXT.chooseTenant} to see its members and invitations.`).waitFor();
    await page.getByRole('button', { name: 'Send invite' }).click();
    await page.getByText(ACCESS_TEXT.chooseTenant, { exact: true }).first().waitFor();
    await page.getByLabel('Store').selectOption({ label: 'Acme (acme.localhost)' });
    await page.getByRole('cell', { name: 'admin@acme.test' }).waitFor();
    await snap(page, 'crm-access-platform-1280');
  });

  it('a platform sales request waits for the store: its admin approves it, and only then is the link sent', async () => {
    const wanted = `wanted-${Date.now().toString(36)}@demo.test`;
    const requestRow = (page: Page) => page.getByRole('row').filter({ hasText: wanted });
    /** At 375 px the invitations are cards, not rows. */
    const requestCard = (page: Page) => page.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: wanted });

    // Platform sales does not manage Demo Store: the form files a request, no link.
    const { page: sales } = await newPage();
    await signInThroughForm(sales, url('localhost', '/login?redirect=%2Fadmin%2Fcrm%2Faccess'), 'sales@platform.test');
    await sales.getByLabel('Store').selectOption({ label: 'Demo Store (demo.localhost)' });
    await sales.getByRole('heading', { name: 'Request an invitation' }).waitFor();
    await sales.getByLabel('Email').fill(wanted);
    await sales.getByRole('button', { name: 'Request invite' }).click();
    await toastWith(sales, ACCESS_TEXT.requestSent).waitFor();
    await requestRow(sales).getByText('Awaiting approval').waitFor();
    await requestRow(sales).getByText('Requested by you').waitFor();
    expect(await sales.getByLabel(`Invite link for ${wanted}`).count()).toBe(0);
    // No role changes for someone who does not manage the store.
    expect(await sales.getByLabel('Role of staff@demo.test').count()).toBe(0);
    await snap(sales, 'crm-access-request-1280');

    // The store's admin sees who asked, at phone width too, and approves.
    const phone = await newPage({ width: 375, height: 800 });
    await signInThroughForm(phone.page, url(STORE, '/login?redirect=%2Fadmin%2Fcrm%2Faccess'), 'admin@demo.test');
    await requestCard(phone.page).getByText('Requested by sales@platform.test').waitFor();
    await requestCard(phone.page).getByRole('button', { name: 'Approve' }).waitFor();
    await snap(phone.page, 'crm-access-approval-375');
    expect(await fitsWidth(phone.page)).toBe(true);
    const { page: admin } = await newPage();
    await signInThroughForm(admin, url(STORE, '/login?redirect=%2Fadmin%2Fcrm%2Faccess'), 'admin@demo.test');
    await requestRow(admin).getByText('Awaiting approval').waitFor();
    await snap(admin, 'crm-access-approval-1280');
    await requestRow(admin).getByRole('button', { name: 'Approve' }).click();
    await toastWith(admin, ACCESS_TEXT.inviteApproved).waitFor();
    await requestRow(admin).getByText('Pending').waitFor();
    await expect.poll(() => admin.getByLabel(`Invite link for ${wanted}`).inputValue(), poll).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);

    // The sales person sees the request's new state.
    await sales.reload();
    await sales.getByLabel('Store').selectOption({ label: 'Demo Store (demo.localhost)' });
    await requestRow(sales).getByText('Pending').waitFor();
    const salesPhone = await newPage({ width: 375, height: 800 });
    await signInThroughForm(salesPhone.page, url('localhost', '/login?redirect=%2Fadmin%2Fcrm%2Faccess'), 'sales@platform.test');
    await salesPhone.page.getByLabel('Store').selectOption({ label: 'Demo Store (demo.localhost)' });
    await requestCard(salesPhone.page).getByText('Pending').waitFor();
    await snap(salesPhone.page, 'crm-access-request-375');
    expect(await fitsWidth(salesPhone.page)).toBe(true);
  });
});
