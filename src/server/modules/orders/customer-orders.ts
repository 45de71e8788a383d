import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { rowsOf } from '../../db/rows';
import type { OrderStatus, PaymentStatus } from '../../../shared/orders';

export interface CustomerOrderRow {
  id: string;
  order_number: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  currency: string;
  item_count: number;
  /** Pence. */
  total_amount: number;
  refunded_amount: number;
  placed_at: Date | string;
}

/**
 * One customer's orders in a store, newest first (Admin > Customers, issue 26): the placed (paid at
 * some point) orders whose email is `email` in any letter case, a page at a time with their count.
 * Served by orders_customer_idx (tenant, lower(email), placed_at).
 */
export async function customerOrders(tx: Tx, tenantId: string, email: string, limit: number, offset: number): Promise<{ rows: CustomerOrderRow[]; total: number }> {
  const key = email.toLowerCase();
  const rows = rowsOf<CustomerOrderRow>(
    await tx.execute(sql`
      select o.id, o.order_number, o.status, o.payment_status, o.currency, o.total_amount, o.refunded_amount, o.placed_at,
             (select count(*)::int from order_items i where i.order_id = o.id and i.tenant_id = o.tenant_id) as item_count
      from orders o
      where o.tenant_id = ${tenantId}::uuid and lower(o.customer_email) = ${key} and o.paid_at is not null
      order by o.placed_at desc, o.id desc
      limit ${limit} offset ${offset}`),
  );
  const [{ n }] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from orders o where o.tenant_id = ${tenantId}::uuid and lower(o.customer_email) = ${key} and o.paid_at is not null`),
  );
  return { rows, total: n };
}
