import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork, Work } from '../../../db/unit-of-work';
import type { EmailSender } from '../../../adapters/email/email';
import type { PaymentProvider } from '../../../adapters/payments/payments';

/** A unit of work in one sales book: a store's (its tenant id) or the platform's own (null). */
export interface BookWork extends Work {
  tenantId: string | null;
}

/** A timeline entry on an order or a quote (notices.ts words them). */
export interface StrayNote {
  type: string;
  message: string;
  data: Record<string, unknown>;
}

/**
 * What the module owning the order or quote a stray payment names does for it (orders and crm each
 * give one, so this module imports neither): its words for the merchant, and its timeline.
 */
export interface StraySubject {
  /** "order DS-1042", or "the quote “Your new shop” for Ada Lovelace" (and the order, for the outbox); null once gone. */
  describe(work: BookWork, id: string): Promise<{ label: string; orderId?: string; orderNumber?: string } | null>;
  /** Adds the entry to the subject's timeline; nothing when the subject no longer exists. */
  note(work: BookWork, id: string, note: StrayNote): Promise<void>;
}

export interface StrayRefundDeps {
  scopes: UnitOfWork;
  payments: PaymentProvider;
  email: EmailSender;
  log: FastifyBaseLogger;
  /** Who hears of a platform quote's stray payment (PLATFORM_OWNER_EMAILS). */
  platformOwnerEmails: readonly string[];
}
