import type { EmailMessage, EmailSender, MailWork, SentEmail } from './email';
import { insertMessage } from './email-repo';

/**
 * The built-in adapter (DESIGN rule 7): needs no account and no network. Each message is kept in
 * email_messages with status 'stored', where the admin outbox shows it; nothing further happens.
 */
export class OutboxEmailSender implements EmailSender {
  readonly provider = 'outbox' as const;

  send(work: MailWork, message: EmailMessage): Promise<SentEmail> {
    return insertMessage(work.tx, message, this.provider);
  }

  async deliverPending(): Promise<number> {
    return 0;
  }

  async idle(): Promise<void> {}

  async close(): Promise<void> {}
}
