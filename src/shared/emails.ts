/** The admin's view of the store's sent mail (the email outbox, issue 4; order timelines use it too). */
export type EmailStatus = 'stored' | 'sent' | 'failed';

export interface EmailSummary {
  id: string;
  to: string;
  subject: string;
  kind: string;
  status: EmailStatus;
  provider: string;
  error: string | null;
  order_id: string | null;
  order_number: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface EmailDetail extends EmailSummary {
  html: string;
  text: string;
}

export interface EmailPage {
  emails: EmailSummary[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

export const EMAIL_PAGE_SIZE = 20;

/** What each kind of message is, in words a shop owner uses. */
export const EMAIL_KIND_LABELS: Record<string, string> = {
  order_confirmation: 'Order confirmation',
  order_claim: 'Order claim link',
  order_shipped: 'Shipping notice',
  order_cancelled: 'Cancellation notice',
  order_refunded: 'Refund notice',
};

export function emailKindLabel(kind: string): string {
  return EMAIL_KIND_LABELS[kind] ?? kind.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
