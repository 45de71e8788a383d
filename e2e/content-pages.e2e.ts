import { describe, expect, it } from 'vitest';
import { fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { runTag } from './run-data';
import { api } from './store';

// Webstore > Pages (issue 14 item 2): an admin creates an About page, finds publishing blocked while it
// is invalid, writes it (hostile HTML included) beside the live preview, previews the draft, publishes,
// and a shopper opens it; before that the shopper's address is a real 404.

const HOST = 'demo.localhost';
const poll = { timeout: 10_000 };

describe('content pages', () => {
  it('creates, previews and publishes an About page that a shopper then opens (a 404 while draft)', async () => {
    const slug = `about-${runTag()}`.toLowerCase();
    const { context, page } = await newPage({ width: 1440, height: 900 });
    await signInThroughForm(page, url(HOST, `/login?redirect=${encodeURIComponent('/admin/webstore/pages')}`), 'admin@demo.test');
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
    await snap(page, 'pages-list-before');

    // New page: a title, and an address typed by hand (trimmed and lower-cased before it is sent).
    await page.getByRole('button', { name: 'New page' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New page' });
    await dialog.getByLabel('Title *').fill('Made by hand in Yorkshire');
    expect(await dialog.getByLabel('Address', { exact: true }).inputValue()).toBe('made-by-hand-in-yorkshire');
    await dialog.getByLabel('Address', { exact: true }).fill(`  ${slug.toUpperCase()} `);
    expect(await dialog.getByRole('radio', { name: /^Blank page/ }).isChecked()).toBe(true);
    await dialog.getByTestId('new-page-address').getByText(`/pages/${slug}`).waitFor();
    await snap(page, 'pages-new-dialog');
    await dialog.getByRole('button', { name: 'Create page' }).click();
    await toastWith(page, 'Page created').waitFor();
    await page.getByRole('heading', { name: /Edit page/, level: 1 }).waitFor();
    await page.getByText(`/pages/${slug}`).first().waitFor();

    // A new page opens without the validation alert. Without a title, publishing is blocked and says so.
    const form = page.getByRole('form', { name: 'Page content' });
    expect(await form.getByLabel('Hero title *').inputValue()).toBe('Made by hand in Yorkshire');
    expect(await page.getByText('Validation required').count()).toBe(0);
    await form.getByLabel('Hero title *').fill('');
    expect(await page.getByText('Validation required').count()).toBe(0);
    await page.getByRole('button', { name: 'Publish' }).click();
    await toastWith(page, 'Fix validation errors', 'Resolve the highlighted fields before publishing.').waitFor();
    await page.getByText('Validation required').waitFor();
    await page.getByText('Required', { exact: true }).waitFor();
    await page.screenshot({ path: 'test-results/e2e/pages-editor-invalid.png' });
    // The button fields show only once the switch is on.
    expect(await page.getByLabel('Button text').count()).toBe(0);

    await form.getByLabel('Hero title *').fill('Made by hand in Yorkshire');
    const images = await api<{ items: { image: { image_url: string } | null }[] }>(page, 'GET', '/api/products?limit=12');
    const heroImage = images.body.items.find((p) => p.image)?.image?.image_url;
    if (heroImage) await form.getByLabel('Hero image URL').fill(heroImage);
    // Hostile HTML pasted into the rich-text editor: only what the editor can hold is kept, nothing runs.
    const editorBox = form.getByRole('textbox', { name: 'Body' });
    await editorBox.click();
    await editorBox.evaluate((target, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'pasted');
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, '<h2>Our story</h2><p>We started in a <strong>small workshop</strong> in 2014.</p>' +
        '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">' +
        '<ul><li>Small batches</li><li>Local makers</li></ul><blockquote>Things worth keeping.</blockquote>' +
        '<p><a href="javascript:window.__pwned=3">Sneaky</a></p>');
    await editorBox.getByText('Things worth keeping.').waitFor();
    expect(await editorBox.locator('script, img, a[href^="javascript"]').count()).toBe(0);
    await form.getByRole('switch', { name: 'Show a button' }).click();
    await form.getByLabel('Button text').fill('Shop the collection');
    await form.getByLabel('Button link').fill('/products');
    expect(await page.getByText('Validation required').count()).toBe(0);

    // The live preview beside the form shows the server-cleaned body; nothing hostile runs.
    const preview = page.getByTestId('page-preview');
    await preview.getByRole('heading', { name: 'Made by hand in Yorkshire' }).waitFor();
    await preview.getByRole('heading', { name: 'Our story' }).waitFor(poll);
    await preview.getByText('Things worth keeping.').waitFor();
    await preview.getByRole('link', { name: 'Shop the collection' }).waitFor();
    expect(await preview.locator('script, img[onerror], a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/e2e/pages-editor-preview.png' });

    await page.getByRole('button', { name: 'Save draft' }).click();
    await toastWith(page, 'Draft saved').waitFor();

    // A shopper: the draft is a true 404, in the browser and for crawlers.
    const shopper = await newPage({ width: 1280, height: 800 });
    const draftAnswer = await shopper.page.goto(url(HOST, `/pages/${slug}`));
    expect(draftAnswer?.status()).toBe(404);
    await shopper.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await shopper.page.getByText('Our story').count()).toBe(0);
    expect((await api(shopper.page, 'GET', `/api/pages/${slug}`)).status).toBe(404);
    // The staff preview link shows nothing to a shopper either.
    await shopper.page.goto(url(HOST, `/pages/${slug}?preview=1`));
    await shopper.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await snap(shopper.page, 'pages-draft-404');

    // Signed-in staff see the draft through the preview link.
    const staffPreview = await context.newPage();
    await staffPreview.goto(url(HOST, `/pages/${slug}?preview=1`));
    await staffPreview.getByText('Preview of the draft').waitFor();
    await staffPreview.getByRole('heading', { name: 'Made by hand in Yorkshire', level: 1 }).waitFor();
    await snap(staffPreview, 'pages-staff-preview');
    await staffPreview.close();

    await page.getByRole('button', { name: 'Publish' }).click();
    await toastWith(page, 'Page published').waitFor();
    await page.getByText('Published', { exact: true }).first().waitFor();

    // The shopper opens it: server-rendered head, the page, nothing hostile.
    const live = await shopper.page.goto(url(HOST, `/pages/${slug}`));
    expect(live?.status()).toBe(200);
    const html = (await live?.text()) ?? '';
    expect(html).toContain('<title>Made by hand in Yorkshire | Demo Store</title>');
    expect(html).toContain(`<link rel="canonical" href="http://demo.localhost:`);
    expect(html).toContain('"@type":"AboutPage"');
    await shopper.page.getByRole('heading', { name: 'Made by hand in Yorkshire', level: 1 }).waitFor();
    await shopper.page.getByRole('heading', { name: 'Our story' }).waitFor();
    await shopper.page.getByRole('link', { name: 'Shop the collection' }).waitFor();
    // The javascript: link was kept as plain text (the editor holds no such link, the server none either).
    await shopper.page.getByText('Sneaky').waitFor();
    expect(await shopper.page.getByRole('link', { name: 'Sneaky' }).count()).toBe(0);
    expect(await shopper.page.locator('main script, img[onerror], a[href^="javascript"]').count()).toBe(0);
    expect(await shopper.page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect.poll(() => shopper.page.title(), poll).toBe('Made by hand in Yorkshire | Demo Store');
    await snap(shopper.page, 'pages-published-desktop');
    await shopper.page.setViewportSize({ width: 375, height: 812 });
    expect(await fitsWidth(shopper.page)).toBe(true);
    await snap(shopper.page, 'pages-published-375');

    const sitemap = await shopper.page.goto(url(HOST, '/sitemap.xml'));
    expect(await sitemap?.text()).toContain(`/pages/${slug}</loc>`);

    // The list shows it published.
    await page.goto(url(HOST, '/admin/content/pages'));
    const row = page.getByRole('row').filter({ hasText: slug });
    await row.getByText('Published').waitFor();
    await row.getByText('About Page').waitFor();
    await snap(page, 'pages-list');

    await shopper.context.close();
    await context.close();
  });
});
