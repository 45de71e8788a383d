import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { rowsOf } from '../../db/rows';
import { DASHBOARD_DAYS } from '../../../shared/dashboard';

/** Money that arrived: orders with a payment, including those refunded later (their refund is taken off). */
const PAID_STATES = sql`('paid', 'partially_refunded', 'refunded')`;

export interface DayRow {
  date: string;
  revenue_pence: number;
  orders: number;
}

/**
 * Money taken and orders paid per Europe/London day over the last DASHBOARD_DAYS days (today included),
 * oldest first, every day present. An order counts on the day it was paid, for what it paid less what
 * has been refunded so far (refunds still pending at the provider are not taken off until confirmed).
 * A fully refunded order adds nothing and is not counted as an order.
 */
export async function dailySales(tx: Tx, tenantId: string): Promise<DayRow[]> {
  return rowsOf<DayRow>(
    await tx.execute(sql`
      with days as (
        select generate_series(
          (now() at time zone 'Europe/London')::date - ${DASHBOARD_DAYS - 1}::int,
          (now() at time zone 'Europe/London')::date,
          interval '1 day'
        )::date as day
      ),
      paid as (
        select (o.paid_at at time zone 'Europe/London')::date as day, o.total_amount - o.refunded_amount as net
        from orders o
        where o.tenant_id = ${tenantId}
          and o.payment_status in ${PAID_STATES}
          and o.paid_at is not null
          and o.paid_at >= ((now() at time zone 'Europe/London')::date - ${DASHBOARD_DAYS - 1}::int)::timestamp at time zone 'Europe/London'
      )
      select to_char(d.day, 'YYYY-MM-DD') as date,
             coalesce(sum(p.net), 0)::int as revenue_pence,
             (count(p.day) filter (where p.net > 0))::int as orders
      from days d left join paid p on p.day = d.day
      group by d.day order by d.day`),
  );
}
