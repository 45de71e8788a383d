import type { Work } from '../../db/unit-of-work';
import type { Tx } from '../../db/connection';

/**
 * Outgoing email (DESIGN rule 7). Every message is recorded in email_messages whichever way it goes:
 * the built-in outbox only records it (status 'stored', viewable in admin); with SMTP_URL it is also
 * sent through nodemailer (status 'sent' or 'failed' with the error).
 */
export interface EmailMessage {
  /** The store sending it, or null for the platform's own mail (to its owners: decision 029). */
  tenantId: string | null;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What kind of message, for the admin outbox: 'order_confirmation', 'order_claim', ... */
  kind: string;
  orderId?: string | null;
  /** The order's number as the shopper knows it, kept with the message for the outbox. */
  orderNumber?: string | null;
  /**
   * Where a mail client's own "Unsubscribe" button posts (RFC 8058): sent as List-Unsubscribe with
   * List-Unsubscribe-Post: List-Unsubscribe=One-Click. Only for mail a shopper can stop (reminders).
   */
  unsubscribeUrl?: string | null;
}

export interface SentEmail {
  id: string;
  status: 'stored' | 'sent' | 'failed';
  provider: string;
  error: string | null;
}

/** The part of a unit of work sending needs: its transaction, and what follows its commit. */
export type MailWork = Pick<Work, 'tx' | 'afterCommit'>;

/**
 * How modules send mail. `send` only writes the message into email_messages inside the caller's
 * tenant-scoped transaction: the record commits or rolls back with the business change (an order
 * confirmation exists exactly when the paid order does) and no network call ever runs inside, or can
 * fail, a payment webhook's transaction. A real provider delivers on the unit of work's afterCommit.
 */
export interface EmailSender {
  readonly provider: 'outbox' | 'smtp';
  /** Records the message (status 'stored'); a real provider delivers it once the work has committed. */
  send(work: MailWork, message: EmailMessage): Promise<SentEmail>;
  /**
   * Delivers every message still waiting in any tenant (left by a crash or a restart before the
   * after-commit delivery ran). Run at start and on a timer. Answers how many it tried.
   */
  deliverPending(): Promise<number>;
  /** Settles when the deliveries started so far have finished (tests, graceful shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Where log lines go: a Fastify/pino logger fits. */
export interface EmailLog {
  warn(obj: object, msg: string): void;
}

/**
 * Who a store's mail is from when it has a verified sending domain: that domain's from name and
 * address, and its DKIM key (nodemailer signs each message with it). The private key stays in the
 * server: it is read only by the sender, through a database function (emails module).
 */
export interface SenderIdentity {
  name: string;
  address: string;
  dkim: { domainName: string; keySelector: string; privateKey: string };
}

/** Looks the identity up inside a store-scoped transaction; null: the platform's EMAIL_FROM. */
export type SenderLookup = (tx: Tx) => Promise<SenderIdentity | null>;

/**
 * The stores mail is delivered for, and the name each sends under when it has no domain of its own.
 * Handed in at boot from the tenants module, which owns those rows (decision 014).
 */
export interface StoreDirectory {
  ids(tx: Tx): Promise<string[]>;
  name(tx: Tx, tenantId: string): Promise<string | null>;
}
