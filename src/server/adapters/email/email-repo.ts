import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { rowsOf } from '../../db/rows';
import type { EmailMessage, SentEmail } from './email';

/**
 * A claimed delivery keeps status 'stored' and sets sent_at as a lease: "an attempt started then".
 * Whoever claims first (the after-commit delivery or any instance's sweep) sends; the others skip it.
 * A lease older than this is an attempt that died with its process, and is tried again. It is far
 * longer than one SMTP attempt can take (see the timeouts in smtp.ts), so a slow send is never doubled.
 */
const LEASE = '10 minutes';
const MAX_ERROR = 1000;

/** A store's messages, or the platform's own (tenant_id null, seen only in the platform-sales scope). */
const ofSender = (tenantId: string | null): SQL => (tenantId === null ? sql`tenant_id is null` : sql`tenant_id = ${tenantId}`);

export async function insertMessage(tx: Tx, m: EmailMessage, provider: string): Promise<SentEmail> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into email_messages (tenant_id, to_address, subject, html, text, kind, status, provider, order_id, order_number, unsubscribe_url)
      values (${m.tenantId}, ${m.to}, ${m.subject}, ${m.html}, ${m.text}, ${m.kind}, 'stored', ${provider}, ${m.orderId ?? null}, ${m.orderNumber ?? null}, ${m.unsubscribeUrl ?? null})
      returning id`),
  );
  return { id: rows[0].id, status: 'stored', provider, error: null };
}

export interface ClaimedEmail {
  id: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  unsubscribe_url: string | null;
}

/** Takes the oldest waiting message of the tenant (or the platform's, null) for delivery, or null when none waits. */
export async function claimNext(tx: Tx, tenantId: string | null, provider: string): Promise<ClaimedEmail | null> {
  const rows = rowsOf<ClaimedEmail>(
    await tx.execute(sql`
      update email_messages e set sent_at = now()
      where ${ofSender(tenantId)} and e.id = (
        select id from email_messages
        where ${ofSender(tenantId)} and provider = ${provider} and status = 'stored'
          and (sent_at is null or sent_at < now() - ${LEASE}::interval)
        order by created_at limit 1
        for update skip locked)
      returning e.id, e.to_address, e.subject, e.html, e.text, e.unsubscribe_url`),
  );
  return rows[0] ?? null;
}

export async function markSent(tx: Tx, tenantId: string | null, id: string): Promise<void> {
  await tx.execute(sql`
    update email_messages set status = 'sent', sent_at = now(), error = null
    where ${ofSender(tenantId)} and id = ${id}`);
}

/** sent_at goes back to null: it was only the lease, and nothing was sent. */
export async function markFailed(tx: Tx, tenantId: string | null, id: string, error: string): Promise<void> {
  await tx.execute(sql`
    update email_messages set status = 'failed', sent_at = null, error = ${error.slice(0, MAX_ERROR)}
    where ${ofSender(tenantId)} and id = ${id}`);
}
