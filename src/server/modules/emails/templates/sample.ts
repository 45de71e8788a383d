import { deliveryPromise } from '../../../../shared/orders';
import { TEMPLATE_VARIABLES, TEST_PAYLOAD } from '../../../../shared/email-settings';
import { CHECKOUT_RECOVERY } from '../../../../shared/checkout-recovery';
import { renderEmailButton, renderEmailTable } from '../../../adapters/email/layout';
import type { TemplateValues } from './render';

/** Spec §9: £ for GBP, else $, two decimals. */
function money(amount: number, currency: string): string {
  const fixed = Math.abs(amount).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${amount < 0 ? '-' : ''}${currency.toUpperCase() === 'GBP' ? '£' : '$'}${fixed}`;
}

/** Worked out above (total_amount is formatted), or links that must stay http(s) to this store. */
const KEPT = new Set(['total_amount', 'claim_url', 'invite_url', 'reset_url', 'sign_in_url', 'cart_url', 'unsubscribe_url']);

export interface SampleContext {
  toEmail: string;
  /** The store's address, for the sample links (http(s)). */
  origin: string;
  /** Who sends the test: named as the inviter in the invitation sample. */
  senderEmail: string;
}

/**
 * The values of a test email: the payload the admin sent (spec §9: order TEST-001, total 99.99,
 * quantity 5) over a sample order for every other variable, so any template shows whole.
 */
export function sampleValues(payload: Record<string, string | number>, ctx: SampleContext): TemplateValues {
  const text = (name: string, fallback: string | number) => String(payload[name] ?? fallback);
  const currency = text('currency', TEST_PAYLOAD.currency);
  const totalNumber = Number(payload.total_amount ?? TEST_PAYLOAD.total_amount);
  const total = Number.isFinite(totalNumber) ? totalNumber : TEST_PAYLOAD.total_amount;
  const quantity = text('quantity', TEST_PAYLOAD.quantity);
  const totalText = text('total', money(total, currency));
  const claimUrl = `${ctx.origin}/my-orders`;
  const inviteUrl = `${ctx.origin}/admin`;
  const resetUrl = `${ctx.origin}/login/forgot-password`;
  // A sample's links lead to the store's own pages, which say the sample token is not a real one.
  const cartUrl = `${ctx.origin}/cart/restore?token=sample`;
  const values: TemplateValues = {
    order_number: text('order_number', TEST_PAYLOAD.order_number),
    total_amount: typeof payload.total_amount === 'string' ? payload.total_amount : total.toFixed(2),
    currency,
    total: totalText,
    quantity,
    customer_name: 'Alex Sample',
    customer_first_name: 'Alex',
    customer_email: ctx.toEmail,
    shipping_address: 'Alex Sample\n1 Sample Street\nLondon\nSW1A 1AA',
    shipping_method: 'Standard Delivery',
    delivery_promise: deliveryPromise({ delivery_min_days: 3, delivery_max_days: 5 }),
    processing_time: '1-2 business days',
    has_processing_time: true,
    refund_time: '5-7 business days',
    has_refund_time: true,
    tracking_reference: 'TEST-TRACKING-001',
    amount_paid: totalText,
    refund_amount: totalText,
    refunded_total: totalText,
    was_paid: true,
    full_refund: true,
    order_items: renderEmailTable({ head: ['Item', 'Qty'], rows: [['Sample item', quantity]] }),
    order_summary: renderEmailTable({
      head: ['Item', 'Qty', 'Price'],
      rows: [['Sample item', quantity, totalText]],
      foot: [['Subtotal', '', totalText], ['Standard Delivery', '', 'Free'], ['Total', '', totalText]],
    }),
    account_email: ctx.toEmail,
    claim_email: ctx.toEmail,
    link_hours: '24',
    claim_url: claimUrl,
    claim_button: renderEmailButton({ label: 'Add my orders', url: claimUrl }),
    invite_url: inviteUrl,
    invite_button: renderEmailButton({ label: 'Accept invitation', url: inviteUrl }),
    role: 'staff',
    invited_by: ctx.senderEmail,
    link_minutes: '30',
    reset_url: resetUrl,
    reset_button: renderEmailButton({ label: 'Choose a new password', url: resetUrl }),
    sign_in_url: `${ctx.origin}/login`,
    cart_url: cartUrl,
    cart_button: renderEmailButton({ label: 'Return to your cart', url: cartUrl }),
    link_days: String(CHECKOUT_RECOVERY.linkDays),
    unsubscribe_url: `${ctx.origin}/email/unsubscribe?token=sample`,
  };
  // Any other text variable the admin sent replaces the sample's; links stay the store's own.
  for (const [name, value] of Object.entries(payload)) {
    if ((TEMPLATE_VARIABLES as Record<string, { kind: string }>)[name]?.kind === 'text' && !KEPT.has(name)) (values as Record<string, unknown>)[name] = String(value);
  }
  return values;
}
