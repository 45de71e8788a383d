import nodemailer, { type Mail } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connection';
import { rowsOf } from '../../db/rows';
import { withScope } from '../../db/scope';
import type { Config } from '../../config';
import type { EmailLog, EmailMessage, EmailSender, SentEmail } from './email';
import { claimNext, insertMessage, listTenantIds, markFailed, markSent, type ClaimedEmail } from './email-repo';

/** A dead or silent server fails within seconds instead of holding a delivery for minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };
/** Advisory lock space of "a transaction that recorded mail" (two-int form: its own key space). */
const LOCK_CLASS = 0x6d61696c;
/** A caller's transaction open longer than this leaves its mail to the sweep. */
const COMMIT_WAIT = '60s';
/** One plain address: a comma or a name in `to` must never turn into extra recipients. */
const SINGLE_ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/;

export interface SmtpOptions {
  url: string;
  from: Config['emailFrom'];
  log?: EmailLog;
  /** Tests shorten these. */
  timeouts?: Partial<typeof TIMEOUTS>;
}

/**
 * SMTP through nodemailer. `send` records the message like the outbox does (status 'stored',
 * provider 'smtp') and arranges delivery after the caller's transaction commits:
 *
 * - In the caller's transaction it takes a transaction-scoped advisory lock keyed by that
 *   transaction's id, and starts a background waiter that asks for the same lock in another
 *   transaction. Postgres grants it when the caller's transaction ends, so the waiter wakes right
 *   after the commit (and then finds the message) or the rollback (and finds nothing to send). On
 *   PGlite the caller's transaction holds the only connection, so the waiter simply runs after it.
 *   The caller needs no after-commit hook of its own and can never send mail for a rolled-back order.
 * - Delivery claims one message at a time (a lease, see email-repo.ts), sends it with no transaction
 *   open, and records 'sent' or 'failed' with the error in its own tenant-scoped transaction. It runs
 *   in the background: a slow or failing SMTP server never delays, fails or rolls back the caller.
 * - deliverPending() is the safety net for mail whose waiter never ran (crash, restart, timeout).
 */
export class SmtpEmailSender implements EmailSender {
  readonly provider = 'smtp' as const;
  private readonly transport: Mail;
  /** Transactions that already have a waiter: one waiter delivers all of a transaction's mail. */
  private readonly waiting = new Set<string>();
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly opts: SmtpOptions,
  ) {
    this.transport = nodemailer.createTransport({ url: opts.url, ...TIMEOUTS, ...opts.timeouts });
  }

  async send(tx: Tx, message: EmailMessage): Promise<SentEmail> {
    const sent = await insertMessage(tx, message, this.provider);
    const [{ xid }] = rowsOf<{ xid: string }>(
      await tx.execute(sql`select txid_current()::text as xid, pg_advisory_xact_lock(${LOCK_CLASS}::int, (txid_current() % 2147483647)::int)`),
    );
    this.afterCommit(message.tenantId, xid);
    return sent;
  }

  deliverPending(): Promise<number> {
    return this.track(
      (async () => {
        const tenantIds = await withScope(this.db, { tenantId: null, userId: null }, listTenantIds);
        let tried = 0;
        for (const tenantId of tenantIds) tried += await this.deliverTenant(tenantId);
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

  private afterCommit(tenantId: string, xid: string): void {
    if (this.closed || this.waiting.has(xid)) return;
    this.waiting.add(xid);
    const delivery = this.waitForEnd(xid)
      .finally(() => this.waiting.delete(xid))
      .then(() => this.deliverTenant(tenantId));
    // Never into the caller: a failure here leaves the message 'stored' for the next sweep.
    this.track(delivery).catch((err: unknown) => this.opts.log?.warn({ err, tenantId }, 'email delivery after commit did not run'));
  }

  /** Returns once the transaction xid has committed or rolled back (it holds the lock until then). */
  private waitForEnd(xid: string): Promise<void> {
    return withScope(this.db, { tenantId: null, userId: null }, async (tx) => {
      await tx.execute(sql`select set_config('lock_timeout', ${COMMIT_WAIT}, true)`);
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, (${xid}::bigint % 2147483647)::int)`);
    });
  }

  /** Sends the tenant's waiting messages one by one; answers how many it tried. */
  private async deliverTenant(tenantId: string): Promise<number> {
    const scope = { tenantId, userId: null };
    let tried = 0;
    for (;;) {
      const claimed = await withScope(this.db, scope, (tx) => claimNext(tx, tenantId, this.provider));
      if (!claimed) return tried;
      tried++;
      const error = await this.transmit(claimed);
      await withScope(this.db, scope, (tx) => (error === null ? markSent(tx, tenantId, claimed.id) : markFailed(tx, tenantId, claimed.id, error)));
      if (error !== null) this.opts.log?.warn({ tenantId, emailId: claimed.id, error }, 'email delivery failed');
    }
  }

  /** The network step, with no transaction open. Answers the error text, or null once accepted. */
  private async transmit(m: ClaimedEmail): Promise<string | null> {
    if (!SINGLE_ADDRESS.test(m.to_address)) return `Invalid recipient address: ${m.to_address}`;
    try {
      await this.transport.sendMail({
        from: { name: this.opts.from.name ?? m.shop_name, address: this.opts.from.address },
        to: m.to_address,
        subject: m.subject,
        html: m.html,
        text: m.text,
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
