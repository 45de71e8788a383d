import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { runTag } from './run-data';
import { STORE } from './store';

// Issue 27 item 7: content a merchant edits without HTML. A page made from the About starter by its
// title, formatted with the toolbar (bold, a list, a link), saved, published and read on the
// storefront with its formatting; the same at 375 px with a Contact page; and an email template's
// body written in the editor with a variable, beside its live preview.

const body = (page: Page) => page.getByRole('textbox', { name: 'Body' });
const tool = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Formatting for Body' }).getByRole('button', { name, exact: true });

/** Selects `text`, just typed before the cursor, with shift+arrow; waits until the selection is it. */
async function selectBack(page: Page, text: string) {
  for (let i = 0; i < text.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await selected(page, text);
}

/**
 * Waits until the page's selection is `text` and a frame has passed: the editor reads the browser's
 * selection from its selectionchange event, which a script's next click could otherwise outrun.
 */
async function selected(page: Page, text: string) {
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString()), { timeout: 3_000 }).toBe(text);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Selects the first `text.length` characters of the line the cursor is on, from the keyboard (Home,
 * then shift+right). With two journeys at once the editor can still be taking the focus back when the
 * keys go, so an attempt that selected nothing is made again, up to three times.
 */
async function selectFromLineStart(page: Page, content: Locator, text: string) {
  for (let attempt = 1; ; attempt++) {
    await content.focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < text.length; i++) await page.keyboard.press('Shift+ArrowRight');
    try {
      await selected(page, text);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function newPageFromStarter(page: Page, title: string, starter: RegExp) {
  await page.getByRole('button', { name: 'New page' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New page' });
  await dialog.getByLabel('Title *').fill(title);
  // The radio cards: a click on the card chooses it.
  await dialog.locator('label').filter({ has: page.getByRole('radio', { name: starter }) }).click();
  expect(await dialog.getByRole('radio', { name: starter }).isChecked()).toBe(true);
  return dialog;
}

describe('rich-text content', () => {
  it('makes an About page from its title, formats it with the toolbar and publishes it (1280 px)', async () => {
    const tag = runTag();
    const title = `Our story ${tag}`;
    const slug = `our-story-${tag}`;
    const { context, page } = await newPage({ width: 1280, height: 800 });
    await signInThroughForm(page, url(STORE, `/login?redirect=${encodeURIComponent('/admin/webstore/pages')}`), 'admin@demo.test');
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();

    // The title comes first; the address is made from it and shown as the page's address.
    const dialog = await newPageFromStarter(page, title, /^About us/);
    expect(await dialog.getByLabel('Title *').inputValue()).toBe(title);
    expect(await dialog.getByLabel('Address', { exact: true }).inputValue()).toBe(slug);
    await dialog.getByTestId('new-page-address').getByText(`/pages/${slug}`).waitFor();
    await snap(page, 'rich-text-new-page-dialog');
    await dialog.getByRole('button', { name: 'Create page' }).click();
    await toastWith(page, 'Page created').waitFor();
    await page.getByRole('heading', { name: /Edit page/, level: 1 }).waitFor();

    // A new page opens without the validation banner, its starter text written for the store.
    await body(page).getByText('Demo Store is an independent UK shop', { exact: false }).waitFor();
    expect(await page.getByText('Validation required').count()).toBe(0);
    expect(await page.getByRole('form', { name: 'Page content' }).getByLabel('Hero title *').inputValue()).toBe(title);

    // The toolbar is one Tab stop; arrow keys move along it.
    await tool(page, 'Bold').focus();
    await page.keyboard.press('ArrowRight');
    expect(await tool(page, 'Italic').evaluate((el) => el === document.activeElement)).toBe(true);

    // Bold: a new paragraph at the end, selected and made bold.
    await body(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Made in Yorkshire');
    await selectBack(page, 'Made in Yorkshire');
    await tool(page, 'Bold').click();
    expect(await tool(page, 'Bold').getAttribute('aria-pressed')).toBe('true');
    // A bulleted list of two items, then back to a paragraph.
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await tool(page, 'Bulleted list').click();
    await page.keyboard.type('Small batches');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Local makers');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // A link: the prompt refuses an insecure address, then takes a page of the shop.
    await page.keyboard.type('Visit our contact page');
    await selectBack(page, 'contact page');
    await tool(page, 'Link').click();
    const prompt = page.getByRole('group', { name: 'Link' });
    await prompt.getByLabel('Link to').fill('http://example.com');
    await prompt.getByRole('button', { name: 'Apply' }).click();
    await prompt.getByText('Use the secure https:// address').waitFor();
    await prompt.getByLabel('Link to').fill('/pages/contact');
    await prompt.getByLabel('Link to').press('Enter');
    await prompt.waitFor({ state: 'detached' });
    await body(page).locator('a[href="/pages/contact"]', { hasText: 'contact page' }).waitFor();
    await body(page).locator('strong', { hasText: 'Made in Yorkshire' }).waitFor();
    expect(await body(page).locator('ul li').allInnerTexts()).toEqual(expect.arrayContaining(['Small batches', 'Local makers']));

    // The live preview shows the formatting as the server will store it.
    const preview = page.getByTestId('page-preview');
    await preview.locator('strong', { hasText: 'Made in Yorkshire' }).waitFor({ timeout: 10_000 });
    await preview.locator('a[href="/pages/contact"]', { hasText: 'contact page' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/e2e/rich-text-page-editor.png' });

    // Saved: what the editor wrote is what the server kept, so nothing is left unsaved.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await toastWith(page, 'Draft saved').waitFor();
    expect(await page.getByText('Unsaved changes').count()).toBe(0);
    await page.getByRole('button', { name: 'Publish' }).click();
    await toastWith(page, 'Page published').waitFor();

    // The shopper reads it with its formatting.
    const shopper = await newPage({ width: 1280, height: 800 });
    const answer = await shopper.page.goto(url(STORE, `/pages/${slug}`));
    expect(answer?.status()).toBe(200);
    const main = shopper.page.locator('main');
    await main.getByRole('heading', { name: title, level: 1 }).waitFor();
    await main.getByRole('heading', { name: 'Our story', level: 2 }).waitFor();
    await main.locator('strong', { hasText: 'Made in Yorkshire' }).waitFor();
    expect(await main.locator('ul li', { hasText: 'Small batches' }).count()).toBe(1);
    expect(await main.getByRole('link', { name: 'contact page' }).getAttribute('href')).toBe('/pages/contact');
    await main.getByRole('link', { name: /Browse the shop/ }).waitFor();
    await snap(shopper.page, 'rich-text-page-storefront');
    await shopper.context.close();
    await context.close();
  });

  it('makes a Contact page and formats it from the keyboard at 375 px', async () => {
    const tag = runTag();
    const { context, page } = await newPage({ width: 375, height: 812 });
    await signInThroughForm(page, url(STORE, `/login?redirect=${encodeURIComponent('/admin/webstore/pages')}`), 'admin@demo.test');
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
    const dialog = await newPageFromStarter(page, `Contact ${tag}`, /^Contact us/);
    expect(await dialog.getByLabel('Address', { exact: true }).inputValue()).toBe(`contact-${tag}`);
    // The address can be changed by hand; a policy starter suggests its own title and address.
    await dialog.getByLabel('Address', { exact: true }).fill(`get-in-touch-${tag}`);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'rich-text-new-page-dialog-375');
    await dialog.getByRole('button', { name: 'Create page' }).click();
    await toastWith(page, 'Page created').waitFor();
    await page.getByRole('heading', { name: /Edit page/, level: 1 }).waitFor();
    await body(page).getByText('The team at Demo Store', { exact: false }).waitFor();
    expect(await page.getByText('Validation required').count()).toBe(0);

    await body(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Open Monday to Friday');
    await page.keyboard.press('Control+b');
    await body(page).locator('strong', { hasText: 'Open Monday to Friday' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await body(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/e2e/rich-text-page-editor-375.png' });

    await page.getByRole('button', { name: 'Publish' }).click();
    await toastWith(page, 'Page published').waitFor();
    expect(await page.getByText('Unsaved changes').count()).toBe(0);
    await page.goto(url(STORE, `/pages/get-in-touch-${tag}`));
    await page.locator('main strong', { hasText: 'Open Monday to Friday' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'rich-text-page-storefront-375');
    await context.close();
  });

  it('writes an email template’s body in the editor, with a variable, beside the preview', async () => {
    const tag = runTag();
    const { context, page } = await newPage({ width: 1280, height: 800 });
    await signInThroughForm(page, url(STORE, '/login?redirect=%2Fadmin%2Fsettings%3Ftab%3Demail'), 'admin@demo.test');
    await page.getByRole('tab', { name: 'Templates' }).click();
    await page.getByRole('button', { name: 'New Template' }).click();
    const editor = page.getByRole('dialog', { name: 'Create Template' });
    await editor.getByLabel('Key *').fill(`${tag}_note`);
    await editor.getByLabel('Subject *').fill('A note about {{order_number}}');
    expect(await editor.getByRole('button', { name: 'Rich text' }).getAttribute('aria-pressed')).toBe('true');

    const content = editor.getByRole('textbox', { name: 'HTML content' });
    await content.click();
    await page.keyboard.type('Thanks for your order of ');
    await editor.getByRole('button', { name: /\{\{total\}\}/ }).click();
    // The variable goes in at the cursor and the typing carries on there (the editor takes the focus
    // back on its next frame).
    await expect.poll(() => content.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(' today.');
    await selectFromLineStart(page, content, 'Thanks');
    await editor.getByRole('toolbar', { name: 'Formatting for HTML content' }).getByRole('button', { name: 'Underline', exact: true }).click();
    await content.locator('u', { hasText: 'Thanks' }).waitFor();

    // Ctrl+K opens the link prompt; Escape closes it and leaves the dialog open.
    await page.keyboard.press('Control+k');
    await editor.getByRole('group', { name: 'Link' }).getByLabel('Link to').waitFor();
    await page.keyboard.press('Escape');
    await editor.getByRole('group', { name: 'Link' }).waitFor({ state: 'detached' });
    expect(await editor.isVisible()).toBe(true);

    // The preview fills it in with the sample order, formatting and all.
    const frame = editor.frameLocator('iframe[title="Email preview"]');
    await frame.getByText('for your order of £99.99 today.', { exact: false }).waitFor({ timeout: 10_000 });
    await frame.locator('u', { hasText: 'Thanks' }).waitFor();
    const save = await editor.getByRole('button', { name: 'Save Template' }).boundingBox();
    expect(save && save.y + save.height).toBeLessThanOrEqual(800);
    await snap(page, 'rich-text-email-template');

    // The HTML view shows what the editor wrote.
    await editor.getByRole('button', { name: 'Edit HTML' }).click();
    expect(await editor.getByLabel('HTML content *').inputValue()).toBe('<p><u>Thanks</u> for your order of {{total}} today.</p>');
    await editor.getByRole('button', { name: 'Rich text' }).click();
    await content.locator('u', { hasText: 'Thanks' }).waitFor();
    await editor.getByRole('button', { name: 'Save Template' }).click();
    await toastWith(page, 'Template created successfully').waitFor();

    // At 375 px the dialog and its editor fit the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('group', { name: `${tag} note (Custom)`, exact: false }).getByRole('button', { name: /^Edit/ }).click();
    const again = page.getByRole('dialog', { name: 'Edit Template' });
    await again.getByRole('textbox', { name: 'HTML content' }).locator('u', { hasText: 'Thanks' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'rich-text-email-template-375');
    await context.close();
  });
});
