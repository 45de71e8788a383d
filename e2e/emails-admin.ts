import type { Page } from 'playwright-core';
import { url } from './browser';
import { STORE } from './store';

/** Opens the newest email to `to` whose subject matches, in the store admin's Emails screen. */
export async function openEmail(admin: Page, to: string, subject: RegExp): Promise<void> {
  await admin.goto(url(STORE, '/admin/emails'));
  await admin.getByRole('heading', { name: 'Emails', level: 1 }).waitFor();
  await admin.getByLabel('Search emails').fill(to);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByText('1 email', { exact: true }).or(admin.getByText(/^\d+ emails$/)).waitFor();
  await admin.getByRole('link', { name: subject }).first().click();
  await admin.getByRole('heading', { name: subject, level: 1 }).waitFor();
}
