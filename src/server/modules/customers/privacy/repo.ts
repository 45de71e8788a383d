import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { rowsOf } from '../../../db/rows';
import type { CustomerRecord } from '../admin/repo';

// The customers module's own records of a person in one store (UK GDPR, issue 26 item 5), and the audit
// row of each export and erasure.

export interface DataSubject {
  userId: string | null;
  /** Lower-cased; null when the person is not known to hold the address (see service.ts). */
  email: string | null;
}

function ofSubject(tenantId: string, who: DataSubject): SQL {
  const parts: SQL[] = [];
  if (who.userId) parts.push(sql`c.user_id = ${who.userId}::uuid`);
  if (who.email) parts.push(sql`c.email = ${who.email}`);
  if (parts.length === 0) throw new Error('a data subject names an account or an email');
  return sql`c.tenant_id = ${tenantId}::uuid and (${sql.join(parts, sql` or `)})`;
}

/** A customer record as Admin > Customers reads it, less the account it links to (the export is the person's own). */
export type RecordRow = Omit<CustomerRecord, 'user_id'>;

export async function recordsOf(tx: Tx, tenantId: string, who: DataSubject): Promise<RecordRow[]> {
  return rowsOf<RecordRow>(
    await tx.execute(sql`
      select c.id, c.email, c.name, c.orders_count, c.total_spent, c.first_order_at, c.last_order_at, c.marketing_consent, c.marketing_consent_at, c.created_at
      from store_customers c where ${ofSubject(tenantId, who)} order by c.created_at, c.id`),
  );
}

/** Staff's notes on these records, oldest first; who wrote them is the staff's data, not the customer's. */
export async function notesOf(tx: Tx, tenantId: string, recordIds: readonly string[]): Promise<{ body: string; created_at: Date | string }[]> {
  if (recordIds.length === 0) return [];
  return rowsOf(
    await tx.execute(sql`
      select n.body, n.created_at from customer_notes n
      where n.tenant_id = ${tenantId}::uuid and n.customer_id in (${sql.join(recordIds.map((id) => sql`${id}::uuid`), sql`, `)})
      order by n.created_at, n.id`),
  );
}

/**
 * After their orders were erased (each left its record's figures as it went): a record with no order
 * left goes, with its notes; one still counting orders (another person's guest orders under an email
 * this person is not known to hold) only loses the link to the account. Answers records and notes gone.
 */
export async function forgetRecords(tx: Tx, tenantId: string, who: DataSubject): Promise<{ records: number; notes: number }> {
  const [{ notes }] = rowsOf<{ notes: number }>(
    await tx.execute(sql`
      select count(*)::int as notes from customer_notes n join store_customers c on c.id = n.customer_id and c.tenant_id = n.tenant_id
      where n.tenant_id = ${tenantId}::uuid and ${ofSubject(tenantId, who)} and c.orders_count = 0`),
  );
  const deleted = rowsOf<{ id: string }>(await tx.execute(sql`delete from store_customers c where ${ofSubject(tenantId, who)} and c.orders_count = 0 returning c.id`));
  if (who.userId) await tx.execute(sql`update store_customers c set user_id = null, updated_at = now() where c.tenant_id = ${tenantId}::uuid and c.user_id = ${who.userId}::uuid`);
  return { records: deleted.length, notes };
}

/** The account's saved addresses in this store; answers how many. */
export async function forgetAddresses(tx: Tx, tenantId: string, userId: string): Promise<number> {
  return rowsOf(await tx.execute(sql`delete from customer_addresses where tenant_id = ${tenantId}::uuid and user_id = ${userId}::uuid returning id`)).length;
}

export interface PrivacyRequest {
  tenantId: string | null;
  kind: 'export' | 'erasure';
  requestedBy: 'customer' | 'staff';
  staffUserId: string | null;
  counts: Record<string, number>;
}

export async function recordRequest(tx: Tx, r: PrivacyRequest): Promise<void> {
  await tx.execute(sql`
    insert into privacy_requests (tenant_id, kind, requested_by, staff_user_id, counts)
    values (${r.tenantId}::uuid, ${r.kind}, ${r.requestedBy}, ${r.staffUserId}::uuid, ${JSON.stringify(r.counts)}::jsonb)`);
}
