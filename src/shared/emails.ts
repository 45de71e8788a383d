import { z } from 'zod';
import { paginationSchema } from './pagination';

/** The admin's view of the store's sent mail (the email outbox, issue 4; order timelines use it too). */
export const EMAIL_STATUSES = ['stored', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const emailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(EMAIL_STATUSES),
  provider: z.string(),
  error: z.string().nullable(),
  order_id: z.string().nullable(),
  order_number: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type EmailSummary = z.infer<typeof emailSummarySchema>;

export const emailDetailSchema = emailSummarySchema.extend({ html: z.string(), text: z.string() });
export type EmailDetail = z.infer<typeof emailDetailSchema>;

/** GET /api/admin/emails */
export const emailPageResponse = z.object({ emails: z.array(emailSummarySchema), pagination: paginationSchema });
export type EmailPage = z.infer<typeof emailPageResponse>;
/** GET /api/admin/emails/{id} */
export const emailDetailResponse = z.object({ email: emailDetailSchema });

export const EMAIL_PAGE_SIZE = 20;

/** What each kind of message is, in words a shop owner uses. */
export const EMAIL_KIND_LABELS: Record<string, string> = {
  order_confirmation: 'Order confirmation',
  order_claim: 'Order claim link',
  order_shipped: 'Shipping notice',
  order_cancelled: 'Cancellation notice',
  order_refunded: 'Refund notice',
  template_test: 'Test email',
  store_new_order: 'New order notice',
  store_low_stock: 'Low stock alert',
  password_reset: 'Password reset link',
  password_reset_no_account: 'Password reset, no account',
  email_change: 'Email change link',
  email_changed: 'Email change notice',
  crm_deposit_paid: 'Deposit paid notice',
  crm_deposit_receipt: 'Deposit receipt',
  checkout_recovery: 'Checkout recovery',
};

/**
 * Kinds whose link lets whoever holds it take over an account (issue 26). Accounts span every store, so
 * a store's staff must not be able to read one in their outbox (they could ask for a reset of anyone's
 * account on their own shop and follow the link): only its recipient may use it. The outbox shows these
 * with the link hidden; a platform owner (who runs the platform and its database) still sees it.
 */
export const ACCOUNT_LINK_KINDS: ReadonlySet<string> = new Set(['password_reset', 'email_change']);
export const HIDDEN_LINK_TEXT = '[one-time link hidden: only the recipient can use it]';

export function emailKindLabel(kind: string): string {
  return EMAIL_KIND_LABELS[kind] ?? kind.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
