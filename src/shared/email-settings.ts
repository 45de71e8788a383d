import { z } from 'zod';
import { DOMAIN_PATTERN } from './tenants';

// Settings > Email (admin spec §2-§5, §7-§9): sending domains and email templates. Admin-only: imports
// Zod, so the storefront must not import this file (docs/decisions/004-storefront-bundle-budget.md).

export const EMAIL_SETTINGS_LIMITS = {
  domain: 253,
  fromName: 100,
  email: 254,
  key: 64,
  subject: 200,
  html: 50_000,
  text: 20_000,
  /** Sending domains one store may add. */
  domains: 10,
  payloadValue: 500,
} as const;

/** Admin spec §9. */
export const DEFAULT_FROM_NAME = 'Orders';

export const EMAIL_SETTINGS_TEXT = {
  // Spec §5.
  domainRequired: 'Domain and from email are required',
  templateRequired: 'Key, subject, and HTML content are required',
  // Spec §8.
  loadFailed: 'Failed to load email settings',
  createDomainFailed: 'Failed to create email domain',
  verifyFailed: 'Failed to verify domain',
  copyFailed: 'Failed to copy to clipboard',
  saveTemplateFailed: 'Failed to save template',
  testFailed: 'Failed to send test email',
  noTenant: 'Tenant UUID not available - cannot send test email',
  domainCreated: 'Email domain created successfully',
  domainVerified: 'Domain verified successfully!',
  copied: 'Copied to clipboard',
  templateCreated: 'Template created successfully',
  templateUpdated: 'Template updated successfully',
  testSent: 'Test email sent successfully',
  // Spec §4: a check that did not find every record.
  stillPending: 'Still pending: check that the DNS records below are published exactly as shown. DNS changes can take up to 48 hours to appear.',
  // Ours, beyond the spec's texts.
  domainInvalid: 'Enter a domain such as example.co.uk',
  // Only one of the two required fields is empty: say which (both empty: the spec's domainRequired).
  domainMissing: 'Enter the domain, such as example.co.uk',
  fromEmailMissing: 'Enter the from email, an address at your domain',
  domainRemoved: 'Email domain removed',
  removeDomainFailed: 'Failed to remove email domain',
  previewFailed: 'The preview could not be made',
  emailInvalid: 'Invalid email',
  fromNotAtDomain: (domain: string) => `The from email must be an address at ${domain}`,
  fromNameTooLong: `From name must be ${EMAIL_SETTINGS_LIMITS.fromName} characters or fewer`,
  fromNameInvalid: 'From name cannot contain quotes, angle brackets or line breaks',
  domainTaken: 'This domain has already been added',
  tooManyDomains: `A store can add up to ${EMAIL_SETTINGS_LIMITS.domains} email domains`,
  keyPattern: 'Use lowercase letters, digits and underscores, starting with a letter (for example order_confirmation)',
  keyTooLong: `Key must be ${EMAIL_SETTINGS_LIMITS.key} characters or fewer`,
  keyLocked: 'The key of a template cannot be changed',
  keyTaken: 'This store already has a custom template with this key: edit that one instead',
  subjectOneLine: 'Subject must be a single line',
  subjectTooLong: `Subject must be ${EMAIL_SETTINGS_LIMITS.subject} characters or fewer`,
  htmlTooLong: `HTML content must be ${EMAIL_SETTINGS_LIMITS.html.toLocaleString('en-GB')} characters or fewer`,
  textTooLong: `Text content must be ${EMAIL_SETTINGS_LIMITS.text.toLocaleString('en-GB')} characters or fewer`,
  defaultReadOnly: 'Default templates cannot be changed. Create a custom template with the same key to replace it for your store.',
  noTemplate: 'There is no template with this key',
  toRequired: 'Enter the address to send the test to',
} as const;

// ---- Domains ----

export const EMAIL_DOMAIN_STATUSES = ['pending', 'verified'] as const;
export type EmailDomainStatus = (typeof EMAIL_DOMAIN_STATUSES)[number];

/** What each DNS record proves: SPF (who may send), DKIM (the signing key), DMARC (the policy). */
export const DNS_RECORD_PURPOSES = ['SPF', 'DKIM', 'DMARC'] as const;

export const dnsRecordSchema = z.object({
  type: z.literal('TXT'),
  name: z.string(),
  value: z.string(),
  purpose: z.enum(DNS_RECORD_PURPOSES),
  /** What the last check found: true published as shown, false missing or different, null not checked yet. */
  found: z.boolean().nullable(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const emailDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  from_name: z.string(),
  from_email: z.string(),
  status: z.enum(EMAIL_DOMAIN_STATUSES),
  dns_json: z.object({ records: z.array(dnsRecordSchema) }),
  created_at: z.string(),
  verified_at: z.string().nullable(),
  last_checked_at: z.string().nullable(),
});
export type EmailDomain = z.infer<typeof emailDomainSchema>;

/**
 * A domain as typed or pasted: trimmed and lower case, with a web address's scheme (`https://`), user,
 * port, path, query and fragment taken off, and no trailing dot. Checked afterwards: at least two
 * labels, letters in the last.
 */
export function normaliseDomain(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/s, '')
    .replace(/^[^@]*@/, '')
    .replace(/:\d*$/, '')
    .replace(/\.$/, '');
}
/** A from email as typed or pasted: trimmed, lower case, without a `mailto:` in front. */
export function normaliseFromEmail(value: string): string {
  return value.trim().toLowerCase().replace(/^mailto:/, '').trim();
}
export function isSendingDomain(domain: string): boolean {
  return DOMAIN_PATTERN.test(domain) && domain.includes('.') && /\.[a-z][a-z0-9-]*[a-z0-9]$/.test(domain);
}
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9.-]+$/i;
/** Quotes, angle brackets and line breaks would break a From header's display name. */
const FROM_NAME_OK = /^[^"<>\r\n\\]*$/;

/** POST /api/functions/v1/email-domains */
export const createEmailDomainBody = z
  .strictObject({
    domain: z.string().max(EMAIL_SETTINGS_LIMITS.domain + 1, EMAIL_SETTINGS_TEXT.domainInvalid).optional(),
    from_name: z.string().trim().max(EMAIL_SETTINGS_LIMITS.fromName, EMAIL_SETTINGS_TEXT.fromNameTooLong).regex(FROM_NAME_OK, EMAIL_SETTINGS_TEXT.fromNameInvalid).optional(),
    from_email: z.string().max(EMAIL_SETTINGS_LIMITS.email, EMAIL_SETTINGS_TEXT.emailInvalid).optional(),
  })
  .transform((b, ctx) => {
    const domain = normaliseDomain(b.domain ?? '');
    const fromEmail = normaliseFromEmail(b.from_email ?? '');
    if (!domain && !fromEmail) {
      // Spec §5's one message when both are empty.
      ctx.addIssue({ code: 'custom', path: ['domain'], message: EMAIL_SETTINGS_TEXT.domainRequired });
      ctx.addIssue({ code: 'custom', path: ['from_email'], message: EMAIL_SETTINGS_TEXT.domainRequired });
      return z.NEVER;
    }
    if (!domain || !fromEmail) {
      if (!domain) ctx.addIssue({ code: 'custom', path: ['domain'], message: EMAIL_SETTINGS_TEXT.domainMissing });
      else ctx.addIssue({ code: 'custom', path: ['from_email'], message: EMAIL_SETTINGS_TEXT.fromEmailMissing });
      return z.NEVER;
    }
    if (!isSendingDomain(domain)) ctx.addIssue({ code: 'custom', path: ['domain'], message: EMAIL_SETTINGS_TEXT.domainInvalid });
    else if (!EMAIL.test(fromEmail)) ctx.addIssue({ code: 'custom', path: ['from_email'], message: EMAIL_SETTINGS_TEXT.emailInvalid });
    else if (fromEmail.slice(fromEmail.lastIndexOf('@') + 1) !== domain) ctx.addIssue({ code: 'custom', path: ['from_email'], message: EMAIL_SETTINGS_TEXT.fromNotAtDomain(domain) });
    return { domain, from_name: b.from_name || DEFAULT_FROM_NAME, from_email: fromEmail };
  });
export type CreateEmailDomainBody = z.input<typeof createEmailDomainBody>;

export const emailDomainListResponse = z.object({ domains: z.array(emailDomainSchema) });
export const emailDomainResponse = z.object({ domain: emailDomainSchema });

// ---- Templates ----

/** A variable's value: plain text (HTML-escaped in the HTML part), a flag for sections, or a block. */
export type TemplateVariableKind = 'text' | 'flag' | 'block';
export interface TemplateVariable {
  name: string;
  kind: TemplateVariableKind;
  description: string;
}

/**
 * Every `{{variable}}` a template may use. Spec §9 names order_number, total_amount and currency; the
 * rest are what the store's real emails say. Text values are HTML-escaped in the HTML part. Flags are
 * only used as sections: `{{#was_paid}}…{{/was_paid}}` shows its content when true, `{{^was_paid}}…`
 * when false. Blocks (order_items, order_summary, claim_button, invite_button) are parts the server
 * builds in the store's email style from escaped values, as HTML and as plain text.
 */
export const TEMPLATE_VARIABLES = {
  shop_name: { kind: 'text', description: 'Your store name' },
  order_number: { kind: 'text', description: 'Order number, such as TEST-001' },
  total_amount: { kind: 'text', description: 'Order total in pounds, such as 99.99' },
  currency: { kind: 'text', description: 'Currency code, such as GBP' },
  total: { kind: 'text', description: 'Order total with its symbol, such as £99.99' },
  quantity: { kind: 'text', description: 'How many items the order holds' },
  customer_name: { kind: 'text', description: 'The customer’s full name' },
  customer_first_name: { kind: 'text', description: 'The customer’s first name' },
  customer_email: { kind: 'text', description: 'The customer’s email address' },
  shipping_address: { kind: 'text', description: 'Delivery address, one line per part' },
  shipping_method: { kind: 'text', description: 'Delivery method chosen at checkout' },
  delivery_promise: { kind: 'text', description: 'When the order should arrive' },
  processing_time: { kind: 'text', description: 'How soon your store dispatches orders, such as 1-2 business days (Settings > Policies)' },
  has_processing_time: { kind: 'flag', description: 'Your store states a dispatch time' },
  refund_time: { kind: 'text', description: 'How long a refund takes, such as 5-7 business days (Settings > Policies)' },
  has_refund_time: { kind: 'flag', description: 'Your store states a refund time' },
  tracking_reference: { kind: 'text', description: 'Carrier tracking reference' },
  amount_paid: { kind: 'text', description: 'What the customer paid and has not had back, such as £99.99' },
  refund_amount: { kind: 'text', description: 'This refund, such as £10.00' },
  refunded_total: { kind: 'text', description: 'Everything refunded on the order so far' },
  was_paid: { kind: 'flag', description: 'The cancelled order had been paid' },
  full_refund: { kind: 'flag', description: 'Everything paid has now been refunded' },
  order_items: { kind: 'block', description: 'Table of the items and quantities' },
  order_summary: { kind: 'block', description: 'Table of items with prices, delivery and totals' },
  account_email: { kind: 'text', description: 'The signed-in account that asked to claim orders' },
  claim_email: { kind: 'text', description: 'The address the orders were placed with' },
  link_hours: { kind: 'text', description: 'How many hours the link works' },
  claim_url: { kind: 'text', description: 'The one-time link that adds the orders' },
  claim_button: { kind: 'block', description: '“Add my orders” button with the one-time link' },
  invite_url: { kind: 'text', description: 'The link that accepts the invitation' },
  invite_button: { kind: 'block', description: '“Accept invitation” button with the link' },
  role: { kind: 'text', description: 'The role offered: admin or staff' },
  invited_by: { kind: 'text', description: 'Who sent the invitation' },
  link_minutes: { kind: 'text', description: 'How many minutes the link works' },
  reset_url: { kind: 'text', description: 'The one-time link that opens “Choose a new password”' },
  reset_button: { kind: 'block', description: '“Choose a new password” button with the one-time link' },
  sign_in_url: { kind: 'text', description: 'The sign-in page, where an account can be created' },
  cart_url: { kind: 'text', description: 'The link that puts the checkout’s items back in the cart' },
  cart_button: { kind: 'block', description: '“Return to your cart” button with the link' },
  link_days: { kind: 'text', description: 'How many days the link works' },
  unsubscribe_url: { kind: 'text', description: 'The link that stops these reminders (keep it in the email)' },
} as const satisfies Record<string, Omit<TemplateVariable, 'name'>>;
export type TemplateVariableName = keyof typeof TEMPLATE_VARIABLES;

const ORDER_BASICS = ['shop_name', 'order_number', 'total_amount', 'currency', 'total', 'quantity', 'customer_name', 'customer_first_name', 'customer_email'] as const satisfies readonly TemplateVariableName[];

/**
 * The default templates' keys (the email kinds the store sends) and what each may use. 'invite' is
 * ready for the team invitations the CRM issue adds: nothing sends it yet.
 */
export const TEMPLATE_KEY_VARIABLES = {
  order_confirmation: [...ORDER_BASICS, 'shipping_address', 'shipping_method', 'delivery_promise', 'processing_time', 'has_processing_time', 'order_summary'],
  order_shipped: [...ORDER_BASICS, 'shipping_address', 'shipping_method', 'delivery_promise', 'tracking_reference', 'order_items'],
  order_cancelled: [...ORDER_BASICS, 'was_paid', 'amount_paid', 'refund_time', 'has_refund_time', 'order_items'],
  order_refunded: [...ORDER_BASICS, 'refund_amount', 'refunded_total', 'full_refund', 'refund_time', 'has_refund_time', 'order_items'],
  order_claim: ['shop_name', 'account_email', 'claim_email', 'link_hours', 'claim_url', 'claim_button'],
  invite: ['shop_name', 'invite_url', 'invite_button', 'role', 'invited_by'],
  password_reset: ['shop_name', 'account_email', 'link_minutes', 'reset_url', 'reset_button'],
  password_reset_no_account: ['shop_name', 'account_email', 'sign_in_url'],
  // Issue 28 item 6 (decision 048): one reminder of a checkout left unpaid.
  checkout_recovery: ['shop_name', 'customer_name', 'customer_first_name', 'customer_email', 'total', 'quantity', 'order_summary', 'cart_url', 'cart_button', 'link_days', 'unsubscribe_url'],
} as const satisfies Record<string, readonly TemplateVariableName[]>;
export type DefaultTemplateKey = keyof typeof TEMPLATE_KEY_VARIABLES;
export const DEFAULT_TEMPLATE_KEYS = Object.keys(TEMPLATE_KEY_VARIABLES) as DefaultTemplateKey[];

/** A custom key of the store's own is for order emails it sends by test: the order variables. */
const CUSTOM_KEY_VARIABLES: readonly TemplateVariableName[] = [
  ...new Set([...TEMPLATE_KEY_VARIABLES.order_confirmation, ...TEMPLATE_KEY_VARIABLES.order_shipped, ...TEMPLATE_KEY_VARIABLES.order_cancelled, ...TEMPLATE_KEY_VARIABLES.order_refunded]),
];

export function variablesForKey(key: string): TemplateVariable[] {
  const names: readonly TemplateVariableName[] = (TEMPLATE_KEY_VARIABLES as Record<string, readonly TemplateVariableName[]>)[key] ?? CUSTOM_KEY_VARIABLES;
  return names.map((name) => ({ name, ...TEMPLATE_VARIABLES[name] }));
}

/**
 * Variables an email of a key must keep (checked when a template is saved): a checkout recovery email
 * is marketing, and its reader must always be able to stop them (issue 28, decision 048).
 */
export const REQUIRED_TEMPLATE_VARIABLES: Partial<Record<DefaultTemplateKey, TemplateVariableName>> = { checkout_recovery: 'unsubscribe_url' };
export const requiredVariableMessage = (name: string) => `Keep {{${name}}} in this email: shoppers must always be able to stop these reminders`;

export const TEMPLATE_KEY_LABELS: Record<DefaultTemplateKey, string> = {
  order_confirmation: 'Order confirmation',
  order_shipped: 'Shipping notice',
  order_cancelled: 'Cancellation notice',
  order_refunded: 'Refund notice',
  order_claim: 'Order claim link',
  invite: 'Team invitation',
  password_reset: 'Password reset link',
  password_reset_no_account: 'Password reset, no account',
  checkout_recovery: 'Checkout recovery',
};

export const emailTemplateSchema = z.object({
  id: z.string(),
  key: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string().nullable(),
  is_active: z.boolean(),
  /** Present: the store's own (Custom); null: the platform's Default. */
  tenant_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const TEMPLATE_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

/**
 * POST and PUT ?id= /api/functions/v1/email-templates. The `{{variables}}` are checked against the
 * key's list on the server (templates/syntax.ts), which knows the whole grammar.
 */
export const emailTemplateBody = z
  .strictObject({
    key: z.string().max(EMAIL_SETTINGS_LIMITS.key + 1, EMAIL_SETTINGS_TEXT.keyTooLong).optional(),
    subject: z.string().max(EMAIL_SETTINGS_LIMITS.subject + 1, EMAIL_SETTINGS_TEXT.subjectTooLong).optional(),
    html: z.string().max(EMAIL_SETTINGS_LIMITS.html + 1, EMAIL_SETTINGS_TEXT.htmlTooLong).optional(),
    text: z.string().max(EMAIL_SETTINGS_LIMITS.text + 1, EMAIL_SETTINGS_TEXT.textTooLong).nullable().optional(),
    is_active: z.boolean({ error: 'Active must be true or false' }).optional(),
  })
  .transform((b, ctx) => {
    const key = (b.key ?? '').trim();
    const subject = (b.subject ?? '').trim();
    const html = (b.html ?? '').trim();
    if (!key || !subject || !html) {
      for (const [field, value] of [['key', key], ['subject', subject], ['html', html]] as const) {
        if (!value) ctx.addIssue({ code: 'custom', path: [field], message: EMAIL_SETTINGS_TEXT.templateRequired });
      }
      return z.NEVER;
    }
    const text = b.text?.trim() || null;
    if (key.length > EMAIL_SETTINGS_LIMITS.key) ctx.addIssue({ code: 'custom', path: ['key'], message: EMAIL_SETTINGS_TEXT.keyTooLong });
    else if (!TEMPLATE_KEY_PATTERN.test(key)) ctx.addIssue({ code: 'custom', path: ['key'], message: EMAIL_SETTINGS_TEXT.keyPattern });
    if (/[\r\n]/.test(subject)) ctx.addIssue({ code: 'custom', path: ['subject'], message: EMAIL_SETTINGS_TEXT.subjectOneLine });
    else if (subject.length > EMAIL_SETTINGS_LIMITS.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: EMAIL_SETTINGS_TEXT.subjectTooLong });
    if (html.length > EMAIL_SETTINGS_LIMITS.html) ctx.addIssue({ code: 'custom', path: ['html'], message: EMAIL_SETTINGS_TEXT.htmlTooLong });
    if (text && text.length > EMAIL_SETTINGS_LIMITS.text) ctx.addIssue({ code: 'custom', path: ['text'], message: EMAIL_SETTINGS_TEXT.textTooLong });
    return { key, subject, html, text, is_active: b.is_active ?? true };
  });
export type EmailTemplateBody = z.input<typeof emailTemplateBody>;
export type EmailTemplateInput = z.output<typeof emailTemplateBody>;

export const emailTemplateListResponse = z.object({ templates: z.array(emailTemplateSchema) });

/** POST email-templates/preview: the editor's unsaved template filled with the sample order, as sent. */
export const emailTemplatePreviewResponse = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailTemplatePreview = z.infer<typeof emailTemplatePreviewResponse>;
export const emailTemplateResponse = z.object({ template: emailTemplateSchema });

/** PUT ?id= on domains and templates. */
export const idQuery = z.strictObject({ id: z.string().max(64) });

// ---- Test send ----

/** Spec §9: the sample order a test email is filled with. */
export const TEST_PAYLOAD = { order_number: 'TEST-001', total_amount: 99.99, currency: 'GBP', quantity: 5 } as const;

const payloadValue = z.union([z.string().max(EMAIL_SETTINGS_LIMITS.payloadValue), z.number().finite().min(-1e9).max(1e9)]);

/** POST /api/functions/v1/email-dispatch */
export const emailDispatchBody = z.strictObject({
  tenant_id: z.string().max(64).nullable().optional(),
  to_email: z.string({ error: EMAIL_SETTINGS_TEXT.toRequired }).trim().toLowerCase().min(1, EMAIL_SETTINGS_TEXT.toRequired).max(EMAIL_SETTINGS_LIMITS.email, EMAIL_SETTINGS_TEXT.emailInvalid).regex(EMAIL, EMAIL_SETTINGS_TEXT.emailInvalid),
  template_key: z.string().trim().min(1, EMAIL_SETTINGS_TEXT.noTemplate).max(EMAIL_SETTINGS_LIMITS.key, EMAIL_SETTINGS_TEXT.noTemplate),
  /** Sample order fields: only text variables' names; anything left out gets a sample value. */
  payload: z
    .record(z.string().max(40), payloadValue)
    .refine((p) => Object.keys(p).length <= 40, 'Too many payload fields')
    .superRefine((p, ctx) => {
      for (const name of Object.keys(p)) {
        const known = (TEMPLATE_VARIABLES as Record<string, { kind: TemplateVariableKind }>)[name];
        if (known?.kind !== 'text') ctx.addIssue({ code: 'custom', path: [name], message: 'Unknown field' });
      }
    })
    .default({}),
});
export type EmailDispatchBody = z.input<typeof emailDispatchBody>;
export const emailDispatchResponse = z.object({ message: z.string(), email_id: z.string() });
