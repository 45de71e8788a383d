import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { rowsOf } from '../../db/rows';

/**
 * Which of these email addresses (lower-cased) bought this product from this store: a paid (or partly
 * refunded) order placed with the address holds it. Reviews show "Verified purchase" from this.
 */
export async function purchasersOf(tx: Tx, tenantId: string, productId: string, emails: readonly string[]): Promise<Set<string>> {
  // A blank email is an erased review or order (issue 26): it names nobody, so it matches nothing.
  const unique = [...new Set(emails.map((e) => e.toLowerCase()))].filter((e) => e !== '');
  if (unique.length === 0) return new Set();
  const rows = rowsOf<{ email: string }>(
    await tx.execute(sql`
      select distinct lower(o.customer_email) as email
      from orders o join order_items i on i.order_id = o.id and i.tenant_id = o.tenant_id
      where o.tenant_id = ${tenantId} and o.payment_status in ('paid', 'partially_refunded')
        and i.product_id = ${productId}::uuid
        and lower(o.customer_email) in (${sql.join(unique.map((e) => sql`${e}`), sql`, `)})`),
  );
  return new Set(rows.map((r) => r.email));
}
