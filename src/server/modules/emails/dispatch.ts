import type { TenantCtx } from '../../http/context';
import type { EmailSender } from '../../adapters/email/email';
import { notFound } from '../../http/errors';
import { storeDetails } from '../tenants';
import { NO_POLICIES, promiseEmailValues } from '../../../shared/store-promises';
import { outboundLimit, spendOutboundAllowance } from '../limits';
import { EMAIL_SETTINGS_TEXT, type EmailTemplateInput, type EmailTemplatePreview } from '../../../shared/email-settings';
import { OUTBOUND_LIMITS, OUTBOUND_TEXT } from '../../../shared/outbound-limits';
import { sampleValues } from './templates/sample';
import { renderForKey } from './templates/send';
import { renderEmail } from './templates/render';
import { assertVariables } from './templates/service';

/** Test emails go to any address the admin types: enough to try templates out, too few to spam. */
const TEST_LIMIT = outboundLimit('email_test', OUTBOUND_LIMITS.testEmail, { store: OUTBOUND_TEXT.testEmailStore, account: OUTBOUND_TEXT.testEmailAccount });

/** The kind the outbox shows a test email as. */
export const TEST_EMAIL_KIND = 'template_test';

/** The sample order's values, as a test email from this store to `toEmail` would have them. */
async function sampleFor(ctx: TenantCtx, toEmail: string, payload: Record<string, string | number>, origin: string) {
  // As a real one would read: the store's name, its details in the footer, its own promised times.
  const store = await storeDetails(ctx.tx, ctx.tenantId);
  const values = { ...sampleValues(payload, { toEmail, origin, senderEmail: ctx.actor.email }), ...promiseEmailValues(store?.policies ?? NO_POLICIES) };
  return { shopName: store?.name ?? 'Our shop', store: store?.details, values };
}

/**
 * POST email-templates/preview: the template being edited, not yet saved, filled with the sample order
 * and laid out as the store sends it, for the editor's live preview. Nothing is stored or sent; a
 * {{variable}} the key does not offer is a 400 on its field, as on save.
 */
export async function previewTemplate(ctx: TenantCtx, input: EmailTemplateInput, origin: string): Promise<EmailTemplatePreview> {
  assertVariables(input);
  const sample = await sampleFor(ctx, ctx.actor.email, {}, origin);
  return renderEmail({ subject: input.subject, html: input.html, text: input.text }, sample.shopName, sample.values, sample.store);
}

/**
 * POST email-dispatch: the key's template (what the store's customers would get: its active custom
 * one, else the default) filled with the sample order, into the outbox or out through SMTP like any
 * message, from the store's verified domain when it has one. Marked [Test] in the subject.
 */
export async function sendTestEmail(
  ctx: TenantCtx,
  email: EmailSender,
  body: { to_email: string; template_key: string; payload: Record<string, string | number> },
  origin: string,
): Promise<{ message: string; email_id: string }> {
  const { shopName, store, values } = await sampleFor(ctx, body.to_email, body.payload, origin);
  const rendered = await renderForKey(ctx, body.template_key, shopName, values, store);
  if (!rendered) throw notFound(EMAIL_SETTINGS_TEXT.noTemplate);
  await spendOutboundAllowance(ctx.tx, TEST_LIMIT, { tenantId: ctx.tenantId, accountId: ctx.actor.userId });
  const sent = await email.send(ctx, {
    tenantId: ctx.tenantId,
    to: body.to_email,
    subject: `[Test] ${rendered.subject}`,
    html: rendered.html,
    text: rendered.text,
    kind: TEST_EMAIL_KIND,
  });
  return { message: EMAIL_SETTINGS_TEXT.testSent, email_id: sent.id };
}
