import nodemailer, { type Mail } from 'nodemailer';
import type { UnitOfWork } from '../../db/unit-of-work';
import { salesBookScope } from '../../db/privileged-scopes';
import type { Config } from '../../config';
import type { EmailLog, EmailMessage, EmailSender, MailWork, SenderIdentity, SenderLookup, SentEmail, StoreDirectory } from './email';
import { claimNext, insertMessage, markFailed, markSent, type ClaimedEmail } from './email-repo';
import { PLATFORM_NAME } from '../../../shared/platform';

/** A dead or silent server fails within seconds instead of holding a delivery for minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };
/** One plain address: a comma or a name in `to` must never turn into extra recipients. */
const SINGLE_ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/;

export interface SmtpOptions {
  url: string;
  from: Config['emailFrom'];
  log?: EmailLog;
  /** Tests shorten these. */
  timeouts?: Partial<typeof TIMEOUTS>;
  /** A store's verified sending domain, if any: its from address and DKIM key (emails module). */
  identity?: SenderLookup;
  /** Every store (for the sweep) and its name (the sender name when it has no domain of its own). */
  stores: StoreDirectory;
}

/**
 * SMTP through nodemailer. `send` records the message like the outbox does (status 'stored',
 * provider 'smtp') and registers delivery on the caller's unit of work (DESIGN rule 10):
 *
 * - afterCommit runs once the caller's transaction has committed, and never after a rollback, so
 *   mail for a rolled-back order is never sent. Delivery is started there and not awaited: a slow
 *   or failing SMTP server never delays or fails the caller.
 * - Delivery claims one message at a time (a lease, see email-repo.ts), sends it with no transaction
 *   open, and records 'sent' or 'failed' with the error in its own tenant-scoped transaction.
 * - deliverPending() is the safety net for mail whose delivery never ran (crash, restart).
 */
export class SmtpEmailSender implements EmailSender {
  readonly provider = 'smtp' as const;
  private readonly transport: Mail;
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly scopes: UnitOfWork,
    private readonly opts: SmtpOptions,
  ) {
    this.transport = nodemailer.createTransport({ url: opts.url, ...TIMEOUTS, ...opts.timeouts });
  }

  async send(work: MailWork, message: EmailMessage): Promise<SentEmail> {
    const sent = await insertMessage(work.tx, message, this.provider);
    work.afterCommit(() => this.deliverSoon(message.tenantId));
    return sent;
  }

  deliverPending(): Promise<number> {
    return this.track(
      (async () => {
        const tenantIds = await this.scopes.run({ tenantId: null, userId: null }, ({ tx }) => this.opts.stores.ids(tx));
        let tried = 0;
        // Every store's mail, then the platform's own (null).
        for (const tenantId of [...tenantIds, null]) tried += await this.deliverTenant(tenantId);
        return tried;
      })(),
    );
  }

  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
    this.transport.close();
  }

  /** Starts the tenant's (or the platform's) delivery in the background; several sends of one transaction share it. */
  private deliverSoon(tenantId: string | null): void {
    if (this.closed) return;
    // Never into the caller: a failure here leaves the message 'stored' for the next sweep.
    this.track(this.deliverTenant(tenantId)).catch((err: unknown) => this.opts.log?.warn({ err, tenantId }, 'email delivery after commit did not run'));
  }

  /**
   * Sends the tenant's waiting messages one by one; answers how many it tried. Null: the platform's
   * own mail, in the platform-sales scope its rows live in (decision 029), from the platform's name.
   */
  private async deliverTenant(tenantId: string | null): Promise<number> {
    const scope = salesBookScope(tenantId);
    let tried = 0;
    for (;;) {
      const claimed = await this.scopes.run(scope, async ({ tx }) => {
        const next = await claimNext(tx, tenantId, this.provider);
        if (!next) return null;
        if (tenantId === null) return { ...next, shopName: PLATFORM_NAME, sender: null };
        return { ...next, shopName: (await this.opts.stores.name(tx, tenantId)) ?? '', sender: (await this.opts.identity?.(tx)) ?? null };
      });
      if (!claimed) return tried;
      tried++;
      const error = await this.transmit(claimed, claimed.sender);
      await this.scopes.run(scope, ({ tx }) => (error === null ? markSent(tx, tenantId, claimed.id) : markFailed(tx, tenantId, claimed.id, error)));
      if (error !== null) this.opts.log?.warn({ tenantId, emailId: claimed.id, error }, 'email delivery failed');
    }
  }

  /**
   * The network step, with no transaction open. Answers the error text, or null once accepted. A
   * store with a verified domain sends from it, DKIM-signed with that domain's key; others from
   * EMAIL_FROM with the store's name.
   */
  private async transmit(m: ClaimedEmail & { shopName: string }, sender: SenderIdentity | null): Promise<string | null> {
    if (!SINGLE_ADDRESS.test(m.to_address)) return `Invalid recipient address: ${m.to_address}`;
    try {
      await this.transport.sendMail({
        from: sender ? { name: sender.name, address: sender.address } : { name: this.opts.from.name ?? m.shopName, address: this.opts.from.address },
        ...(sender ? { dkim: sender.dkim } : {}),
        to: m.to_address,
        subject: m.subject,
        html: m.html,
        text: m.text,
        // A reminder names its unsubscribe address for the mail client's own button (RFC 8058 one-click).
        ...(m.unsubscribe_url ? { list: { unsubscribe: m.unsubscribe_url }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
        // Message content is ours, but never let it pull in local files or remote URLs.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      return null;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.running.add(p);
    const done = () => this.running.delete(p);
    p.then(done, done);
    return p;
  }
}
