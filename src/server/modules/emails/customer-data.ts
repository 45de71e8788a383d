import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { rowsOf } from '../../db/rows';

// A customer's emails under UK GDPR (issue 26 item 5): the store's outbox keeps every message it sent,
// with the address and the words (their name, address, order). Found by the orders they were about and,
// when the person is known to hold it, the address they went to.

export interface MessageSubject {
  /** Lower-cased; null when only the orders are known to be theirs. */
  email: string | null;
  orderIds: readonly string[];
}

function ofSubject(tenantId: string, who: MessageSubject): SQL | null {
  const parts: SQL[] = [];
  if (who.email) parts.push(sql`lower(m.to_address) = ${who.email}`);
  if (who.orderIds.length > 0) parts.push(sql`m.order_id in (${sql.join(who.orderIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
  return parts.length === 0 ? null : sql`m.tenant_id = ${tenantId}::uuid and (${sql.join(parts, sql` or `)})`;
}

export interface ExportedMessage {
  to: string;
  subject: string;
  kind: string;
  text: string;
  created_at: string;
}

/** The messages the store sent them, oldest first, with their words as plain text. */
export async function messagesFor(tx: Tx, tenantId: string, who: MessageSubject): Promise<ExportedMessage[]> {
  const where = ofSubject(tenantId, who);
  if (!where) return [];
  return rowsOf<ExportedMessage>(
    await tx.execute(sql`select m.to_address as to, m.subject, m.kind, m.text, m.created_at from email_messages m where ${where} order by m.created_at, m.id`),
  ).map((m) => ({ ...m, created_at: new Date(m.created_at).toISOString() }));
}

/** Deletes them from the outbox (sent or not); answers how many. */
export async function forgetMessagesFor(tx: Tx, tenantId: string, who: MessageSubject): Promise<number> {
  const where = ofSubject(tenantId, who);
  if (!where) return 0;
  return rowsOf<{ id: string }>(await tx.execute(sql`delete from email_messages m where ${where} returning m.id`)).length;
}

/**
 * Deletes the platform's own mail to the account of this scope (its erasure, issue 26): the database
 * function deletes only messages addressed to that account's email. Answers how many.
 */
export async function forgetOwnPlatformMail(tx: Tx): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select app_forget_own_platform_mail() as n`));
  return row.n;
}
