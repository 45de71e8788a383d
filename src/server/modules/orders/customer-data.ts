import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { rowsOf } from '../../db/rows';
import type { PostalAddress } from '../../../shared/address';

// A customer's orders under UK GDPR (issue 26 item 5): read for their data export, and anonymised when
// their data is erased. The customers module decides whose data it is and asks here, in its transaction.

/**
 * Whose orders: those placed by the account (user_id) and, when the person is known to hold the address,
 * those placed with the email (in any letter case). At least one is set.
 */
export interface OrderSubject {
  userId: string | null;
  /** Lower-cased. */
  email: string | null;
}

/** The subject's orders not yet erased, as `o`. */
function ofSubject(tenantId: string, who: OrderSubject): SQL {
  const parts: SQL[] = [];
  if (who.userId) parts.push(sql`o.user_id = ${who.userId}::uuid`);
  if (who.email) parts.push(sql`lower(o.customer_email) = ${who.email}`);
  if (parts.length === 0) throw new Error('an order subject names an account or an email');
  return sql`o.tenant_id = ${tenantId}::uuid and o.erased_at is null and (${sql.join(parts, sql` or `)})`;
}

export interface ExportedOrder {
  id: string;
  order_number: string;
  placed_at: string;
  paid_at: string | null;
  status: string;
  payment_status: string;
  customer_email: string;
  customer_name: string;
  customer_phone: string | null;
  shipping_address: PostalAddress;
  billing_address: PostalAddress;
  delivery: string;
  tracking_reference: string | null;
  currency: string;
  /** Pence, as the order keeps them. */
  subtotal: number;
  shipping_total: number;
  discount_total: number;
  total_amount: number;
  vat_included: number;
  refunded_amount: number;
  items: { product_name: string; sku: string; options: unknown; quantity: number; unit_price: number; total_amount: number }[];
}

/** Every order of the subject in this store with its lines, oldest first (a data export). */
export async function ordersForExport(tx: Tx, tenantId: string, who: OrderSubject): Promise<ExportedOrder[]> {
  return rowsOf<ExportedOrder>(
    await tx.execute(sql`
      select o.id, o.order_number, o.placed_at, o.paid_at, o.status, o.payment_status, o.customer_email, o.customer_name, o.customer_phone,
             o.shipping_address, o.billing_address, o.shipping_method_name as delivery, o.tracking_reference, o.currency,
             o.subtotal, o.shipping_total, o.discount_total, o.total_amount, o.vat_included, o.refunded_amount,
             coalesce((select json_agg(json_build_object('product_name', i.product_name, 'sku', i.product_sku, 'options', i.variant_options,
                                                         'quantity', i.quantity, 'unit_price', i.unit_price, 'total_amount', i.total_amount) order by i.id)
                       from order_items i where i.order_id = o.id and i.tenant_id = o.tenant_id), '[]'::json) as items
      from orders o
      where ${ofSubject(tenantId, who)}
      order by o.placed_at, o.id`),
  ).map((o) => ({ ...o, placed_at: new Date(o.placed_at).toISOString(), paid_at: o.paid_at === null ? null : new Date(o.paid_at).toISOString() }));
}

/**
 * Orders still under way: paid and not yet shipped, with a refund on its way, or holding stock while
 * the payment is made. Their address is still needed, so erasure waits for them.
 */
export async function ordersUnderWay(tx: Tx, tenantId: string, who: OrderSubject): Promise<number> {
  const [{ n }] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from orders o
      where ${ofSubject(tenantId, who)}
        and ((o.payment_status in ('paid', 'partially_refunded') and o.status in ('pending', 'confirmed', 'processing'))
             or o.refund_pending > 0
             or (o.payment_status = 'unpaid' and o.reservation_state = 'held'))`),
  );
  return n;
}

/** An address with only its country left (the place of supply, which VAT records keep). */
const blankAddress = (column: string) =>
  sql.raw(`jsonb_build_object('first_name', '', 'last_name', '', 'company', null, 'line1', '', 'line2', null, 'city', '',
                              'postcode', '', 'country', coalesce(o.${column}->>'country', 'GB'), 'phone', null)`);

export interface ErasedOrder {
  id: string;
  /** The provider keeps the name and email with its session. */
  payment_session_id: string | null;
  /** The client address the checkout came from, as the store's rate limits may still count it. */
  checkout_address: string | null;
}

/** Why a customer email was not sent about an erased order. */
export const ERASED_REASON = 'the customer’s data was erased';

export const ERASED_NOTE = 'Note removed: the customer’s data was erased';

/**
 * Erases the subject's personal data from their orders in this store; answers what else may still name
 * them elsewhere (see ErasedOrder).
 * Kept, as accounting needs them (HMRC: six years): the number, dates, amounts, VAT, lines, payment and
 * refund records, the delivery method and the country. Gone: name, email, phone, both addresses, the
 * account and browser that could look the order up, the checkout's client address, staff notes on the
 * order, and the email in the order's history; their order-claim links, checkout recovery reminders and
 * the account's carts here.
 */
export async function eraseCustomerOrders(tx: Tx, tenantId: string, who: OrderSubject): Promise<ErasedOrder[]> {
  // The history keeps what happened and when; not the email in its words, nor the shopper as its actor.
  await tx.execute(sql`
    update order_events e
    set message = case when e.type = 'note' then ${ERASED_NOTE} else replace(e.message, o.customer_email, '[erased]') end,
        actor_user_id = case when e.actor_user_id = o.user_id then null else e.actor_user_id end
    from orders o
    where e.tenant_id = ${tenantId}::uuid and e.order_id = o.id and ${ofSubject(tenantId, who)}`);
  const claims: SQL[] = [];
  if (who.userId) claims.push(sql`user_id = ${who.userId}::uuid`);
  if (who.email) claims.push(sql`lower(email) = ${who.email}`);
  await tx.execute(sql`delete from order_claims where tenant_id = ${tenantId}::uuid and (${sql.join(claims, sql` or `)})`);
  if (who.userId) await tx.execute(sql`update carts set user_id = null where tenant_id = ${tenantId}::uuid and user_id = ${who.userId}::uuid`);
  // Their checkout recovery reminders (decision 048): the address, and the links to their checkouts.
  await tx.execute(sql`delete from checkout_recoveries r using orders o where r.tenant_id = ${tenantId}::uuid and r.order_id = o.id and ${ofSubject(tenantId, who)}`);
  if (who.email) await tx.execute(sql`delete from checkout_recoveries where tenant_id = ${tenantId}::uuid and email = ${who.email}`);
  return rowsOf<ErasedOrder>(
    await tx.execute(sql`
      with before as (select o.id, o.checkout_address from orders o where ${ofSubject(tenantId, who)} for update)
      update orders o set customer_email = '', customer_name = '', customer_phone = null,
        shipping_address = ${blankAddress('shipping_address')}, billing_address = ${blankAddress('billing_address')},
        user_id = null, browser_token_hash = null, checkout_address = null, erased_at = now(), updated_at = now()
      from before where o.id = before.id
      returning o.id, o.payment_session_id, before.checkout_address`),
  );
}
