import type { Config } from '../../config';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { EmailLog, EmailSender, SenderLookup, StoreDirectory } from './email';
import { OutboxEmailSender } from './outbox';
import { SmtpEmailSender } from './smtp';

/**
 * SMTP when SMTP_URL is set, otherwise the built-in outbox (DESIGN rule 7). `identity` finds a store's
 * verified sending domain (from address and DKIM key) for SMTP delivery.
 */
export function createEmailSender(config: Pick<Config, 'smtpUrl' | 'emailFrom'>, scopes: UnitOfWork, deps: { stores: StoreDirectory; log?: EmailLog; identity?: SenderLookup }): EmailSender {
  if (config.smtpUrl) return new SmtpEmailSender(scopes, { url: config.smtpUrl, from: config.emailFrom, ...deps });
  return new OutboxEmailSender();
}

/**
 * Runs deliverPending() now and then every intervalMs, never two at once, for mail whose after-commit
 * delivery never ran (the process stopped first). Answers a stop
 * function. The timer does not keep the process alive.
 */
export function startEmailSweep(sender: EmailSender, opts: { intervalMs?: number; log?: EmailLog } = {}): () => void {
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    sender
      .deliverPending()
      .catch((err: unknown) => opts.log?.warn({ err }, 'email sweep failed'))
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, opts.intervalMs ?? 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
