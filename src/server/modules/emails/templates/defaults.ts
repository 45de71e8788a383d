import { escapeHtml } from '../../../../shared/html-escape';
import type { DefaultTemplateKey } from '../../../../shared/email-settings';
import { EMAIL_STYLES } from '../../../adapters/email/layout';

export interface TemplateContent {
  subject: string;
  html: string;
  text: string | null;
}

/**
 * The platform's default email of each kind: the wording the store's emails had before templates
 * (issues 4 and 6), as a heading, paragraphs and one block. HTML and text are built from the same
 * parts in the layout's own styles, so an order confirmation's HTML is what it was.
 */
interface Parts {
  subject: string;
  heading: string;
  /** Plain text with {{variables}} and sections; a line break is kept. */
  paragraphs: string[];
  /** A table block (before the button's place) or a button block (after the table's). */
  table?: string;
  button?: string;
  /** A last, small line after the button (the unsubscribe link): its HTML and its text. */
  footnote?: { html: string; text: string };
}

const FOOTNOTE_STYLE = 'margin:24px 0 0;font-size:13px;line-height:1.5;color:#6b7280;';

/** The store's own refund time (Settings > Policies), when it states one. */
const REFUND_TIME = '{{#has_refund_time}}Refunds reach your account within {{refund_time}}.{{/has_refund_time}}';

const PARTS: Record<DefaultTemplateKey, Parts> = {
  order_confirmation: {
    subject: '{{shop_name}}: order {{order_number}} confirmed',
    heading: 'Thank you for your order, {{customer_first_name}}',
    paragraphs: ['Your order {{order_number}} is confirmed and paid.', '{{#has_processing_time}}Orders are processed within {{processing_time}}. {{/has_processing_time}}{{delivery_promise}}.', 'Delivering to:\n{{shipping_address}}'],
    table: 'order_summary',
  },
  order_shipped: {
    subject: '{{shop_name}}: order {{order_number}} has shipped',
    heading: 'Your order is on its way',
    paragraphs: [
      'Hello {{customer_first_name}},',
      'Your order {{order_number}} has been sent by {{shipping_method}}.',
      'Tracking reference: {{tracking_reference}}',
      '{{delivery_promise}}.',
      'Delivering to:\n{{shipping_address}}',
    ],
    table: 'order_items',
  },
  order_cancelled: {
    subject: '{{shop_name}}: order {{order_number}} has been cancelled',
    heading: 'Your order has been cancelled',
    paragraphs: [
      'Hello {{customer_first_name}},',
      'Your order {{order_number}} has been cancelled and will not be sent.',
      `{{#was_paid}}We will let you know separately when the {{amount_paid}} you paid is refunded.{{#has_refund_time}} {{/has_refund_time}}${REFUND_TIME}{{/was_paid}}{{^was_paid}}You have not been charged for this order.{{/was_paid}}`,
    ],
    table: 'order_items',
  },
  order_refunded: {
    subject: '{{shop_name}}: refund of {{refund_amount}} for order {{order_number}}',
    heading: '{{#full_refund}}Your order has been refunded{{/full_refund}}{{^full_refund}}We have refunded part of your order{{/full_refund}}',
    paragraphs: [
      'Hello {{customer_first_name}},',
      'We have refunded {{refund_amount}} for order {{order_number}} to your original payment method.',
      `{{#full_refund}}That is the full {{total}} you paid.{{/full_refund}}{{^full_refund}}In all {{refunded_total}} of the {{total}} you paid has been refunded.{{/full_refund}}{{#has_refund_time}} {{/has_refund_time}}${REFUND_TIME}`,
    ],
    table: 'order_items',
  },
  order_claim: {
    subject: '{{shop_name}}: confirm your email to see your orders',
    heading: 'Confirm your email to see your orders',
    paragraphs: [
      'Someone signed in as {{account_email}} asked to add the orders placed with {{claim_email}} at {{shop_name}} to their account.',
      'If that was you, open the link below while signed in. It works for {{link_hours}} hours. If it was not you, ignore this email: nothing changes.',
    ],
    button: 'claim_button',
  },
  // Ready for the team invitations of the CRM issue: nothing sends it yet.
  invite: {
    subject: '{{shop_name}}: you are invited to help run the store',
    heading: 'Join {{shop_name}}',
    paragraphs: ['{{invited_by}} has invited you to help run {{shop_name}} as {{role}}.', 'Open the link below to accept. If you were not expecting this invitation, you can ignore this email.'],
    button: 'invite_button',
  },
  // Issue 26: "Forgot password". A person who asks with an address that has no account gets the second,
  // so both answers send one email and the page cannot tell them apart.
  password_reset: {
    subject: '{{shop_name}}: choose a new password',
    heading: 'Choose a new password',
    paragraphs: [
      'Someone asked to reset the password of the account {{account_email}} at {{shop_name}}.',
      'If that was you, open the link below to choose a new password. It works once, for {{link_minutes}} minutes, and signs you out everywhere else.',
      'If it was not you, ignore this email: your password stays as it is.',
    ],
    button: 'reset_button',
  },
  password_reset_no_account: {
    subject: '{{shop_name}}: password reset',
    heading: 'No account uses this email',
    paragraphs: [
      'Someone asked to reset the password of an account at {{shop_name}} with the email {{account_email}}, but no account uses this address.',
      'If that was you, you may have signed up with another email address, or you can create an account: {{sign_in_url}}',
      'If it was not you, ignore this email.',
    ],
  },
  // Issue 28 item 6 (decision 048): sent once, a set number of hours after a checkout was left unpaid.
  checkout_recovery: {
    subject: '{{shop_name}}: your cart is waiting',
    heading: 'You left something in your cart',
    paragraphs: ['Hello {{customer_first_name}},', 'You started a checkout at {{shop_name}} but did not pay. We have kept your items: return to your cart to pick up where you left off.'],
    table: 'order_summary',
    button: 'cart_button',
    footnote: {
      html: `<p style="${FOOTNOTE_STYLE}">Prices and stock are checked again when you return. The link works for {{link_days}} days. Do not want these reminders? <a href="{{unsubscribe_url}}" style="color:#6b7280;">Unsubscribe</a>.</p>`,
      text: 'Prices and stock are checked again when you return. The link works for {{link_days}} days.\nDo not want these reminders? Unsubscribe: {{unsubscribe_url}}',
    },
  },
};

const esc = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br />');

function build({ subject, heading, paragraphs, table, button, footnote }: Parts): TemplateContent {
  const html = [
    `<h1 style="${EMAIL_STYLES.heading}">${esc(heading)}</h1>`,
    ...paragraphs.map((p) => `<p style="${EMAIL_STYLES.paragraph}">${esc(p)}</p>`),
    table ? `{{${table}}}` : '',
    button ? `{{${button}}}` : '',
    footnote ? footnote.html : '',
  ].join('\n');
  const text = [heading, ...paragraphs, ...(table ? [`{{${table}}}`] : []), ...(button ? [`{{${button}}}`] : []), ...(footnote ? [footnote.text] : [])].join('\n\n');
  return { subject, html, text };
}

export const DEFAULT_TEMPLATES: Record<DefaultTemplateKey, TemplateContent> = Object.fromEntries(
  Object.entries(PARTS).map(([key, parts]) => [key, build(parts)]),
) as Record<DefaultTemplateKey, TemplateContent>;
