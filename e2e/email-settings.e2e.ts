import { describe, expect, it } from 'vitest';
import { EMAIL_SETTINGS_TEXT } from '../src/shared/email-settings';
import { DEMO_PASSWORD, fitsWidth, newPage, signInThroughForm, snap, toastWith, url } from './browser';
import { openEmail } from './emails-admin';
import { runTag } from './run-data';
import { STORE } from './store';

// Settings > Email (issue 13, item 3): the admin adds a sending domain and a template of their own in
// the Email tab, sends a test email, and reads it in the store's outbox (Emails).

describe('email settings', () => {
  it('adds a domain and a template, sends a test email and finds it in Emails', async () => {
    const tag = runTag();
    const domain = `${tag}.example.co.uk`;
    const { context, page } = await newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url(STORE) });
    await signInThroughForm(page, url(STORE, '/login?redirect=%2Fadmin%2Fsettings%3Ftab%3Demail'), 'admin@demo.test', DEMO_PASSWORD);
    await page.getByRole('tab', { name: 'Email Domains', selected: true }).waitFor();

    // A sending domain: required fields first, in the spec's words.
    await page.getByRole('button', { name: 'Add Domain' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Email Domain' });
    await dialog.getByRole('button', { name: 'Add Domain' }).click();
    await dialog.getByText(EMAIL_SETTINGS_TEXT.domainRequired).waitFor();
    // A web address pasted in is cleaned to its domain; with the from email still empty, that is what is asked for.
    await dialog.getByLabel('Domain *').fill(`https://${domain}/`);
    await dialog.getByLabel('From name').focus();
    expect(await dialog.getByLabel('Domain *').inputValue()).toBe(domain);
    expect(await dialog.getByLabel('From name').inputValue()).toBe('Orders');
    await dialog.getByRole('button', { name: 'Add Domain' }).click();
    await dialog.getByText(EMAIL_SETTINGS_TEXT.fromEmailMissing).waitFor();
    expect(await dialog.getByText(EMAIL_SETTINGS_TEXT.domainRequired).count()).toBe(0);
    await dialog.getByLabel('From email *').fill(`orders@${domain}`);
    await dialog.getByRole('button', { name: 'Add Domain' }).click();
    await toastWith(page, EMAIL_SETTINGS_TEXT.domainCreated).waitFor();
    const card = page.getByRole('group', { name: `Email domain ${domain}` });
    await card.getByText('Pending', { exact: true }).waitFor();
    await card.getByText(`Orders <orders@${domain}>`).waitFor();

    // Its DNS records, while pending; the DKIM value copies whole.
    const dkim = card.getByRole('listitem', { name: 'DKIM record' });
    await dkim.getByText(`shop._domainkey.${domain}`).waitFor();
    await dkim.getByRole('button', { name: 'Copy value' }).click();
    await toastWith(page, EMAIL_SETTINGS_TEXT.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    await dkim.getByRole('button', { name: 'Value copied' }).waitFor();
    await dkim.getByRole('button', { name: 'Copy value' }).waitFor({ timeout: 4000 });

    // Nothing is published for a made-up domain: it stays pending, with advice.
    await card.getByRole('button', { name: 'Verify Domain' }).click();
    await toastWith(page, 'Domain is still pending').waitFor({ timeout: 30_000 });
    await card.getByText('Pending.', { exact: true }).waitFor();
    expect(await card.getByText('Not found').count()).toBe(3);
    await snap(page, 'settings-email-domains');

    // A template of the store's own.
    await page.getByRole('tab', { name: 'Templates' }).click();
    await page.getByRole('group', { name: 'Order confirmation (Default)' }).waitFor();
    await page.getByRole('button', { name: 'New Template' }).click();
    const editor = page.getByRole('dialog', { name: 'Create Template' });
    // Its buttons are in view at 1280 x 800, however long the form.
    const save = await editor.getByRole('button', { name: 'Save Template' }).boundingBox();
    expect(save && save.y + save.height).toBeLessThanOrEqual(800);
    await editor.getByText('The preview appears once the subject and HTML content are filled in.').waitFor();
    await editor.getByLabel('Key *').fill(`${tag}_receipt`);
    await editor.getByLabel('Subject *').fill('Receipt {{order_number}}');
    // The body opens in the rich-text editor (issue 27 item 7); this one is written as HTML.
    await editor.getByRole('button', { name: 'Edit HTML' }).click();
    await editor.getByLabel('HTML content *').fill('<p>Thanks! ');
    await editor.getByRole('button', { name: /\{\{total\}\}/ }).click();
    await editor.getByLabel('HTML content *').press('End');
    await editor.getByLabel('HTML content *').pressSequentially(' for {{quantity}} items.</p>');
    expect(await editor.getByLabel('HTML content *').inputValue()).toBe('<p>Thanks! {{total}} for {{quantity}} items.</p>');
    // The live preview fills it in with the sample order, in the store's layout.
    await editor.getByTestId('preview-subject').getByText('Receipt TEST-001').waitFor();
    await editor.frameLocator('iframe[title="Email preview"]').getByText('Thanks! £99.99 for 5 items.').waitFor();
    await snap(page, 'settings-email-template-dialog');
    await editor.getByRole('button', { name: 'Save Template' }).click();
    await toastWith(page, EMAIL_SETTINGS_TEXT.templateCreated).waitFor();
    const row = page.getByRole('group', { name: `${tag} receipt (Custom)`, exact: false });
    await row.getByText('Custom', { exact: true }).waitFor();

    // Its key is locked when edited.
    await row.getByRole('button', { name: /^Edit/ }).click();
    expect(await page.getByRole('dialog', { name: 'Edit Template' }).getByLabel('Key *').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    // A test email with the TEST-001 sample.
    await row.getByRole('button', { name: /^Send a test/ }).click();
    const test = page.getByRole('dialog', { name: 'Send Test Email' });
    await test.getByLabel('Send to *').fill(`${tag}@example.co.uk`);
    await test.getByRole('button', { name: 'Send Test' }).click();
    await toastWith(page, EMAIL_SETTINGS_TEXT.testSent).waitFor();
    await snap(page, 'settings-email-templates');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('tab', { name: 'Email Domains' }).click();
    await card.waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });

    // ... and it is in the store's outbox, filled in.
    await openEmail(page, `${tag}@example.co.uk`, /\[Test\] Receipt TEST-001/);
    await page.getByText('Test email', { exact: true }).waitFor();
    await page.frameLocator('iframe[title="Email content"]').getByText('Thanks! £99.99 for 5 items.').waitFor();
    await snap(page, 'settings-email-test-in-outbox');

    // The domain can be removed, after saying what that changes.
    await page.goto(url(STORE, '/admin/settings?tab=email'));
    await card.getByRole('button', { name: `Remove ${domain}` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${domain}?` });
    await confirm.getByText('Nothing is sent from this domain yet.').waitFor();
    await confirm.getByRole('button', { name: 'Remove domain' }).click();
    await toastWith(page, EMAIL_SETTINGS_TEXT.domainRemoved).waitFor();
    await card.waitFor({ state: 'detached' });
    await context.close();
  });
});
