import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOP_TEXT } from '../src/shared/shops';
import { SETUP_TEXT } from '../src/shared/store-setup';
import { newPage, snap, toastWith, url } from './browser';
import { runTag } from './run-data';

const PLATFORM = 'localhost';

/** Signs up through the platform's /login form (no redirect asked for). */
async function signUpOnPlatform(page: Page, email: string): Promise<void> {
  await page.goto(url(PLATFORM, '/login'));
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('a-long-password');
  await form.getByRole('button', { name: 'Sign Up' }).click();
}

describe('opening a shop yourself (issue 25 item 3)', () => {
  it('a new person signs up, names a shop and lands on its checklist; visitors see Opening soon; the address is then taken', async () => {
    const tag = runTag();
    const name = `Fern Pottery ${tag}`;
    const subdomain = `fern-${tag}`;

    // The marketing site's main call to action opens /start.
    const { context, page } = await newPage();
    await page.goto(url(PLATFORM, '/'));
    expect(await page.getByRole('link', { name: 'Open your shop' }).getAttribute('href')).toBe('/start');

    // Signing up on the platform host leads to /start; the address follows the name until edited.
    await signUpOnPlatform(page, `merchant-${tag}@example.co.uk`);
    await page.waitForURL(url(PLATFORM, '/start'));
    await page.getByRole('heading', { name: SHOP_TEXT.title }).waitFor();
    await page.getByLabel('Shop name').fill(name);
    expect(await page.getByLabel('Shop address').inputValue()).toBe(`fern-pottery-${tag}`);
    await page.getByLabel('Shop address').fill(subdomain);
    await page.getByText(`${SHOP_TEXT.available}: ${subdomain}.${PLATFORM}`).waitFor();
    await page.getByRole('button', { name: 'Create shop' }).click();

    // The new store's admin, on the platform host: its checklist, with the launch still to do.
    await page.waitForURL(url(PLATFORM, '/admin'));
    await toastWith(page, SHOP_TEXT.created).waitFor();
    await page.getByText('Store Setup Progress').waitFor();
    const launchStep = page.getByRole('listitem').filter({ hasText: SETUP_TEXT.steps.launch.title });
    await launchStep.getByLabel('To do').waitFor();
    await page.getByText(name).first().waitFor();
    await snap(page, 'self-service-shop-admin');
    await context.close();

    // Anyone else: the new shop's address shows "Opening soon"; and the address is no longer free.
    const other = await newPage({ width: 375, height: 740 });
    await other.page.goto(url(`${subdomain}.${PLATFORM}`, '/'));
    await other.page.getByRole('heading', { name: SETUP_TEXT.openingSoonTitle }).waitFor();
    await other.page.getByText(name).waitFor();
    await signUpOnPlatform(other.page, `second-${tag}@example.co.uk`);
    await other.page.waitForURL(url(PLATFORM, '/start'));
    await other.page.getByLabel('Shop name').fill(`Another ${name}`);
    await other.page.getByLabel('Shop address').fill(subdomain);
    await other.page.getByText(SHOP_TEXT.subdomainTaken).waitFor();
    expect(await other.page.getByRole('button', { name: 'Create shop' }).isDisabled()).toBe(true);
    await snap(other.page, 'self-service-shop-taken-375');
    await other.context.close();
  });
});
