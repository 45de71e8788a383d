import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';

const CATEGORIES = url('demo.localhost', '/admin/catalogue/categories');

async function openCategoriesAsAdmin(page: Page): Promise<void> {
  await signInThroughForm(page, url('demo.localhost', '/login?redirect=%2Fadmin%2Fcatalogue%2Fcategories'), 'admin@demo.test');
  await page.waitForURL(CATEGORIES);
  await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
  await page.getByRole('table', { name: 'Categories' }).getByText('Kitchen & Dining', { exact: true }).waitFor();
}

/** The storefront's desktop menu bar (the category tree while no menu is saved), freshly loaded. */
async function storefrontNav(page: Page) {
  await page.goto(url('demo.localhost', '/'));
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('link', { name: 'Kitchen & Dining' }).waitFor();
  return nav;
}

describe('admin categories journeys', () => {
  it('an admin creates a category by hand (fixing a bad slug), sees it in the shop, edits and deletes it', async () => {
    const { context, page } = await newPage();
    // A shopper in a window of their own (a second tab would be a background tab, which Chromium slows down).
    const { context: shopper, page: shop } = await newPage();
    await openCategoriesAsAdmin(page);
    const table = page.getByRole('table', { name: 'Categories' });
    for (const column of ['Name', 'Slug', 'Order', 'Featured', 'Description', 'Actions']) await table.getByRole('columnheader', { name: column }).waitFor();

    await page.getByRole('button', { name: 'Manual Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Category' });
    await dialog.getByLabel('Name *').fill('Garden Tools');
    // The slug follows the name while creating.
    expect(await dialog.getByLabel('Slug *').inputValue()).toBe('garden-tools');
    await dialog.getByLabel('Slug *').fill('Garden Tools!');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await dialog.getByText('Use lowercase letters, digits and hyphens only (for example garden-tools)').waitFor();
    // A slug another category has: the server's message lands on the field.
    await dialog.getByLabel('Slug *').fill('lighting');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await dialog.getByText('Another category already uses this slug').waitFor();
    await toastWith(page, 'Failed to save category').waitFor();
    await dialog.getByLabel('Slug *').fill('garden-tools');
    await dialog.getByLabel('Description', { exact: true }).fill('Trowels, forks and secateurs for small gardens.');
    await dialog.getByLabel('Display Order').fill('0');
    await dialog.getByLabel('Featured on homepage').check();
    await dialog.getByLabel('Meta Title').fill('Garden Tools | Demo Store');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await toastWith(page, 'Category created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = table.getByRole('row').filter({ hasText: 'Garden Tools' });
    // Cells by role: on a phone the slug and badge fold into the name cell (hidden on a desktop).
    await row.getByRole('cell', { name: 'garden-tools', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Featured', exact: true }).waitFor();
    await row.getByText('Trowels, forks and secateurs for small gardens.').waitFor();
    await snap(page, 'admin-categories-created');

    // The shop's navigation shows it straight away.
    let nav = await storefrontNav(shop);
    await nav.getByRole('link', { name: 'Garden Tools', exact: true }).waitFor();

    await row.getByRole('button', { name: 'Edit Garden Tools' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    expect(await edit.getByLabel('Meta Title').inputValue()).toBe('Garden Tools | Demo Store');
    await edit.getByLabel('Name *').fill('Garden Hand Tools');
    // Editing keeps the slug as it was.
    expect(await edit.getByLabel('Slug *').inputValue()).toBe('garden-tools');
    await edit.getByRole('button', { name: 'Update Category' }).click();
    await toastWith(page, 'Category updated successfully').waitFor();
    await table.getByRole('cell', { name: 'Garden Hand Tools', exact: true }).waitFor();
    nav = await storefrontNav(shop);
    await nav.getByRole('link', { name: 'Garden Hand Tools', exact: true }).waitFor();

    await table.getByRole('button', { name: 'Delete Garden Hand Tools' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete category' });
    await confirm.getByText('Are you sure you want to delete "Garden Hand Tools"?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toastWith(page, 'Category deleted successfully').waitFor();
    await table.getByRole('cell', { name: 'Garden Hand Tools', exact: true }).waitFor({ state: 'detached' });
    nav = await storefrontNav(shop);
    expect(await nav.getByRole('link', { name: 'Garden Hand Tools' }).count()).toBe(0);
    await shopper.close();
    await context.close();
  });

  it('the AI Category Wizard goes from basics to AI copy to a created category', async () => {
    const { context, page } = await newPage();
    await openCategoriesAsAdmin(page);
    // Hold the AI's answer back a moment, so the writing state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/ai/assistant', async (route) => {
      await held;
      await route.continue();
    });

    await page.getByRole('button', { name: 'AI Category Wizard' }).click();
    const wizard = page.getByRole('dialog', { name: 'AI Category Wizard' });
    await wizard.getByText('Step 1 of 3: Category Basics').waitFor();
    await wizard.getByRole('button', { name: 'Generate AI Content' }).click();
    await wizard.getByText('Please enter a category name').waitFor();
    await wizard.getByText('Please provide a brief description to help AI generate better content').waitFor();
    await wizard.getByLabel('Category Name *').fill('Bedside Lamps');
    expect(await wizard.getByLabel('URL Slug').inputValue()).toBe('bedside-lamps');
    await wizard.getByLabel('Display Order').fill('6');
    const seed = 'Warm dimmable lamps for bedside tables in brass and ceramic';
    await wizard.getByLabel('Category Description (for AI context) *').fill(seed);
    await wizard.getByRole('button', { name: 'Generate AI Content' }).click();

    await wizard.getByText('AI is writing your content...').waitFor();
    expect(await wizard.getByRole('button', { name: 'Accept All' }).isDisabled()).toBe(true);
    release();
    // The AI's own copy or, while the AI route is unavailable, the local fallback at 70%.
    const badge = wizard.getByTestId('ai-confidence');
    await badge.waitFor();
    expect(await badge.innerText()).toMatch(/^\d{1,3}% confidence$/);
    for (const label of ['Description', 'SEO Title', 'SEO Description']) expect((await wizard.getByLabel(label, { exact: true }).inputValue()).trim()).not.toBe('');
    expect((await wizard.getByLabel('SEO Title').inputValue()).length).toBeLessThanOrEqual(60);
    expect((await wizard.getByLabel('SEO Description').inputValue()).length).toBeLessThanOrEqual(160);
    await wizard.getByLabel('SEO Title').fill('Bedside Lamps | Demo Store');
    await wizard.getByRole('button', { name: 'Accept All' }).click();

    await wizard.getByText('Step 3 of 3: Review & Publish').waitFor();
    await wizard.getByText('bedside-lamps', { exact: true }).waitFor();
    await wizard.getByText('AI generated').waitFor();
    expect(await wizard.getByLabel('SEO Title').inputValue()).toBe('Bedside Lamps | Demo Store');
    const description = await wizard.getByLabel('Description', { exact: true }).inputValue();
    await wizard.getByRole('button', { name: 'Create Category' }).click();
    await toastWith(page, 'Category created successfully').waitFor();
    await wizard.waitFor({ state: 'detached' });
    const row = page.getByRole('table', { name: 'Categories' }).getByRole('row').filter({ hasText: 'Bedside Lamps' });
    await row.getByRole('cell', { name: 'bedside-lamps', exact: true }).waitFor();

    const saved = await page.evaluate(() => fetch('/api/admin/categories').then((r) => r.json()));
    const lamps = saved.categories.find((c: { slug: string }) => c.slug === 'bedside-lamps');
    expect(lamps).toMatchObject({ name: 'Bedside Lamps', display_order: 6, meta_title: 'Bedside Lamps | Demo Store', description });
    expect(lamps.meta_description).toBeTruthy();
    await context.close();
  });

  it('the wizard shows the failure state when the AI cannot be reached, then carries on by hand; closing resets it', async () => {
    const { context, page } = await newPage();
    await openCategoriesAsAdmin(page);
    await page.route('**/api/ai/assistant', (route) => route.abort('connectionfailed'));
    await page.getByRole('button', { name: 'AI Category Wizard' }).click();
    const wizard = page.getByRole('dialog', { name: 'AI Category Wizard' });
    await wizard.getByLabel('Category Name *').fill('Reading Lights');
    await wizard.getByLabel('Category Description (for AI context) *').fill('Clip-on and desk lights for reading.');
    await wizard.getByRole('button', { name: 'Generate AI Content' }).click();
    await wizard.getByText('Failed to generate content. You can add it manually in the next step.').waitFor();
    await toastWith(page, 'AI Generation Failed', 'You can add content manually in the next step.').waitFor();
    await wizard.getByRole('button', { name: 'Continue Manually' }).click();
    await wizard.getByText('Step 3 of 3: Review & Publish').waitFor();
    expect(await wizard.getByLabel('Description', { exact: true }).inputValue()).toBe('');
    expect(await wizard.getByText('AI generated').count()).toBe(0);

    // Closing starts the wizard afresh.
    await wizard.getByRole('button', { name: 'Close' }).click();
    await wizard.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'AI Category Wizard' }).click();
    await wizard.getByText('Step 1 of 3: Category Basics').waitFor();
    expect(await wizard.getByLabel('Category Name *').inputValue()).toBe('');
    await context.close();
  });

  it('fits a phone: the table, the manual dialog and the wizard at 375 px', async () => {
    const { context, page } = await newPage({ width: 375, height: 800 });
    await openCategoriesAsAdmin(page);
    expect(await fitsWidth(page)).toBe(true);
    // Each row's actions are on screen without scrolling sideways.
    const edit = page.getByRole('button', { name: 'Edit Kitchen & Dining' });
    const box = await edit.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await snap(page, 'admin-categories-phone');
    await page.getByRole('button', { name: 'Manual Create' }).click();
    await page.getByRole('dialog', { name: 'Create New Category' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'AI Category Wizard' }).click();
    await page.getByRole('dialog', { name: 'AI Category Wizard' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });

  it('staff cannot open the Categories page', async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, url('demo.localhost', '/login'), 'staff@demo.test');
    await page.waitForURL(url('demo.localhost', '/admin'));
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Categories', exact: true }).count()).toBe(0);
    await page.goto(CATEGORIES);
    await page.getByText('You do not have access to this section').waitFor();
    expect(await page.getByRole('table', { name: 'Categories' }).count()).toBe(0);
    const status = await page.evaluate(() => fetch('/api/admin/categories').then((r) => r.status));
    expect(status).toBe(403);
    await context.close();
  });
});
