import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { api, STORE } from './store';

// Issue 27 item 1: Settings > Team. The admin gives a staff member "See orders" and "Fulfil orders"; the
// staff member then finds Orders in the sidebar and its page, and still no Products. At 1280 and 375 px.

let restore: (() => Promise<void>) | null = null;
afterAll(async () => {
  // Other journeys count on staff@demo.test having the default permissions (the CRM and customers).
  await restore?.();
});

describe('settings > team', () => {
  it('an admin chooses a staff member’s permissions, and the staff member’s admin follows them', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page, url(STORE, '/login?redirect=%2Fadmin%2Fsettings%3Ftab%3Dteam'), 'admin@demo.test', DEMO_PASSWORD);
    await page.getByRole('tab', { name: 'Team', selected: true }).waitFor();
    const staffRow = page.getByRole('group', { name: 'staff@demo.test' });
    restore = async () => {
      const members = await api<{ members: { user_id: string; email: string }[] }>(page, 'GET', '/api/admin/members');
      const id = members.body.members.find((m) => m.email === 'staff@demo.test')!.user_id;
      await api(page, 'PUT', `/api/admin/members/${id}/permissions`, { permissions: ['crm', 'customers'] });
    };
    expect(await staffRow.getByRole('checkbox', { name: /CRM/ }).isChecked()).toBe(true);
    expect(await staffRow.getByRole('checkbox', { name: /See orders/ }).isChecked()).toBe(false);
    await staffRow.getByRole('checkbox', { name: /Fulfil orders/ }).check();
    // Fulfilling shows orders: "See orders" is ticked with it and cannot be unticked alone.
    expect(await staffRow.getByRole('checkbox', { name: /See orders/ }).isChecked()).toBe(true);
    expect(await staffRow.getByRole('checkbox', { name: /See orders/ }).isDisabled()).toBe(true);
    await staffRow.getByRole('button', { name: 'Save permissions' }).click();
    await toastWith(page, 'Permissions saved').waitFor();
    await snap(page, 'settings-team');

    // The staff member, on a phone: Orders is there, Products is not; the orders page opens.
    const phone = await newPage({ width: 375, height: 800 });
    await signInThroughForm(phone.page, url(STORE, '/login?redirect=%2Fadmin%2Forders'), 'staff@demo.test', DEMO_PASSWORD);
    await phone.page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await phone.page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = phone.page.getByRole('dialog').getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Orders' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Products' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'CRM' }).count()).toBe(1);
    expect(await fitsWidth(phone.page)).toBe(true);
    await snap(phone.page, 'staff-orders-nav-phone');
    await phone.page.keyboard.press('Escape');
    await phone.page.goto(url(STORE, '/admin/catalogue/products'));
    await phone.page.getByText('You do not have access to this section').waitFor();
    // Settings is not theirs: Team and Payment never show.
    await phone.page.goto(url(STORE, '/admin/settings?tab=team'));
    await phone.page.getByText('You do not have access to this section').waitFor();
    await phone.context.close();

    // The admin's Team tab at 375 px fits too.
    await page.setViewportSize({ width: 375, height: 800 });
    // On a phone the members are cards, each email whole (issue 27 item 10).
    await page.getByRole('list', { name: 'Members' }).getByText('staff@demo.test', { exact: true }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'settings-team-phone');
    await restore();
    restore = null;
    await context.close();
  });
});
