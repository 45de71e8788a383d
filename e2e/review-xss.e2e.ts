import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, signInThroughForm, snap, toastWith, url } from './browser';

// Issue 3: review text is stored and shown as plain text. A shopper writes markup through the real form;
// the moderator and then every shopper see it as the characters typed, and none of it runs.

const PRODUCT = { slug: 'terracotta-plant-pot-21cm', name: 'Terracotta Plant Pot, 21cm' };
const ATTACK = {
  title: '<script>window.__xss = "title"</script>Nice pot',
  body: '<img src="x" onerror="window.__xss = \'body\'"><b>bold claim</b>',
  email: 'xss.tester@example.com',
};

/** Whatever the page ran or grew from the review's text: a dialog, the marker, or a real element. */
function watchForScript(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return async () => ({
    dialogs,
    marker: await page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null),
    injected: await page.locator('img[src="x"], b:text("bold claim"), script:text("__xss")').count(),
  });
}

describe('review text is inert', () => {
  it('markup in a review shows as typed in moderation and on the product page, and runs nothing', async () => {
    const shopper = await newPage();
    const shopperRan = watchForScript(shopper.page);
    await shopper.page.goto(url('demo.localhost', `/p/${PRODUCT.slug}`));
    await shopper.page.getByRole('heading', { name: PRODUCT.name, level: 1 }).waitFor();
    await shopper.page.getByRole('tab', { name: 'Reviews' }).click();
    const reviews = shopper.page.getByRole('tabpanel', { name: 'Reviews' });
    await reviews.getByRole('button', { name: 'Write Review' }).click();
    const form = reviews.locator('form').filter({ has: shopper.page.getByRole('heading', { name: 'Write a review' }) });
    await form.getByLabel('Title', { exact: true }).fill(ATTACK.title);
    await form.getByLabel('Review', { exact: true }).fill(ATTACK.body);
    await form.getByLabel('Email', { exact: true }).fill(ATTACK.email);
    await form.getByRole('button', { name: 'Submit review' }).click();
    await toastWith(shopper.page, 'Your review has been submitted').waitFor();

    // The moderator reads the text as typed.
    const admin = await newPage();
    const adminRan = watchForScript(admin.page);
    await signInThroughForm(admin.page, url('demo.localhost', '/login?redirect=%2Fadmin%2Fcatalogue%2Freviews'), 'admin@demo.test');
    await admin.page.waitForURL(url('demo.localhost', '/admin/catalogue/reviews'));
    const row = admin.page.getByRole('listitem').filter({ hasText: ATTACK.title });
    await row.getByText(ATTACK.body, { exact: true }).waitFor();
    await row.getByRole('button', { name: `Approve review: ${ATTACK.title}` }).click();
    await toastWith(admin.page, 'Review approved').waitFor();
    await snap(admin.page, 'admin-review-markup');
    expect(await adminRan()).toEqual({ dialogs: [], marker: null, injected: 0 });
    await admin.context.close();

    // Published: the shopper sees the same characters, and the page grew no element from them.
    await shopper.page.reload();
    await shopper.page.getByRole('tab', { name: 'Reviews' }).click();
    const published = reviews.getByRole('listitem').filter({ has: shopper.page.getByRole('heading', { name: ATTACK.title }) });
    await published.getByText(ATTACK.body, { exact: true }).waitFor();
    await snap(shopper.page, 'store-review-markup');
    expect(await shopperRan()).toEqual({ dialogs: [], marker: null, injected: 0 });
    await shopper.context.close();
  });
});
