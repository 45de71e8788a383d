import type { Tx } from '../../../db/connection';
import type { StoreCtx } from '../../../http/context';
import { conflict } from '../../../http/errors';
import type { PaymentProvider } from '../../../adapters/payments/payments';
import { eraseCustomerOrders, ordersForExport, ordersUnderWay, type ExportedOrder } from '../../orders';
import { eraseReviewsBy, reviewsByEmail, type ExportedReview } from '../../reviews';
import { forgetMessagesFor, messagesFor, type ExportedMessage } from '../../emails';
import { customerPushesOf, forgetCustomerPushes } from '../../notifications';
import { accountForExport, endAllSessions, type ExportedAccount } from '../../accounts';
import { forgetStoreKeys } from '../../limits';
import { penceToPounds } from '../../../../shared/money';
import { PRIVACY_TEXT } from '../../../../shared/privacy';
import type { SavedAddress } from '../../../../shared/saved-addresses';
import { listAddresses } from '../addresses/repo';
import * as repo from './repo';

// A person's data in one store under UK GDPR (issue 26 item 5): gathered into one file (right of access,
// art. 15 and 20) and erased (art. 17) while the store keeps what accounting needs. Each table's owner
// reads and erases its own rows in this one transaction, so an erasure is whole or not at all.
//
// Whose data: an account's own (orders placed signed in, saved addresses, push subscriptions) and, when
// the person is known to hold the email (a shopper whose email is confirmed, or the store itself acting
// on its customer record), what is filed under the email: guest orders, reviews, emails sent.

export type DataSubject = repo.DataSubject;


const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export interface StoreDataExport {
  about: { store: string; made_at: string; note: string };
  account: ExportedAccount | null;
  customer_records: {
    email: string;
    name: string;
    orders_count: number;
    total_spent: number;
    first_order_at: string | null;
    last_order_at: string | null;
    since: string;
  }[];
  consents: {
    marketing_emails: { email: string; given: boolean | null; answered_at: string | null }[];
    order_updates_by_push: { browser: string | null; created_at: string; last_seen_at: string }[];
  };
  addresses: SavedAddress[];
  orders: (Omit<ExportedOrder, 'id' | 'subtotal' | 'shipping_total' | 'discount_total' | 'total_amount' | 'vat_included' | 'refunded_amount' | 'items'> & {
    subtotal: number;
    delivery_total: number;
    discount_total: number;
    total: number;
    vat_included: number;
    refunded: number;
    items: { product_name: string; sku: string; options: unknown; quantity: number; unit_price: number; total: number }[];
  })[];
  reviews: ExportedReview[];
  emails: ExportedMessage[];
  staff_notes: { note: string; written_at: string }[];
}

const NOTE =
  'Everything this shop holds about you: your account as this shop sees it, your customer record, consents, saved addresses, orders, reviews, the emails it sent you and its staff’s notes. Amounts are in pounds.';

/** Pounds from the pence the orders keep, as every other screen and file shows them. */
function toExportedOrder({ id: _id, subtotal, shipping_total, discount_total, total_amount, vat_included, refunded_amount, items, ...rest }: ExportedOrder): StoreDataExport['orders'][number] {
  return {
    ...rest,
    subtotal: penceToPounds(subtotal),
    delivery_total: penceToPounds(shipping_total),
    discount_total: penceToPounds(discount_total),
    total: penceToPounds(total_amount),
    vat_included: penceToPounds(vat_included),
    refunded: penceToPounds(refunded_amount),
    items: items.map(({ total_amount: total, unit_price, ...item }) => ({ ...item, unit_price: penceToPounds(unit_price), total: penceToPounds(total) })),
  };
}

/** The whole file; `withAccount` for the person themselves (staff see the store's records only). */
export async function storeDataOf(ctx: StoreCtx, who: DataSubject, storeName: string, withAccount: boolean): Promise<StoreDataExport> {
  const { tx, tenantId } = ctx;
  // One after another: a transaction runs one statement at a time.
  const account = withAccount && who.userId ? await accountForExport(tx, who.userId) : null;
  // The customer record is the email's (it adds up every order placed with it, a guest's too): only for
  // an email known to be theirs, never through the account alone (an unconfirmed email may be another's).
  const records = who.email ? await repo.recordsOf(tx, tenantId, { userId: null, email: who.email }) : [];
  const pushes = who.userId ? await customerPushesOf(tx, tenantId, who.userId) : [];
  const addresses = who.userId ? await listAddresses(tx, tenantId, who.userId) : [];
  const orders = await ordersForExport(tx, tenantId, who);
  const reviews = who.email ? await reviewsByEmail(tx, tenantId, who.email) : [];
  const emails = await messagesFor(tx, tenantId, { email: who.email, orderIds: orders.map((o) => o.id) });
  const notes = await repo.notesOf(tx, tenantId, records.map((r) => r.id));
  return {
    about: { store: storeName, made_at: new Date().toISOString(), note: NOTE },
    account,
    customer_records: records.map((r) => ({
      email: r.email,
      name: r.name,
      orders_count: Number(r.orders_count),
      total_spent: penceToPounds(Number(r.total_spent)),
      first_order_at: iso(r.first_order_at),
      last_order_at: iso(r.last_order_at),
      since: iso(r.created_at)!,
    })),
    consents: {
      marketing_emails: records.map((r) => ({ email: r.email, given: r.marketing_consent, answered_at: iso(r.marketing_consent_at) })),
      order_updates_by_push: pushes,
    },
    addresses,
    orders: orders.map(toExportedOrder),
    reviews,
    emails,
    staff_notes: notes.map((n) => ({ note: n.body, written_at: iso(n.created_at)! })),
  };
}

/** What an export held, for its audit row (how many of each, nothing of them). */
export function exportCounts(file: StoreDataExport): Record<string, number> {
  return {
    customer_records: file.customer_records.length,
    addresses: file.addresses.length,
    orders: file.orders.length,
    reviews: file.reviews.length,
    emails: file.emails.length,
    staff_notes: file.staff_notes.length,
  };
}

export interface ErasureDeps {
  payments: Pick<PaymentProvider, 'forgetCustomerDetails'>;
}

export type ErasureCounts = Record<'orders' | 'reviews' | 'emails' | 'addresses' | 'push_subscriptions' | 'customer_records' | 'staff_notes', number>;

/**
 * Erases the subject's data in this store (see eraseCustomerOrders for what an order keeps). Refused while
 * an order is still being paid for, delivered or refunded: its address is still needed.
 */
export async function eraseStoreData(ctx: StoreCtx, deps: ErasureDeps, who: DataSubject, underWayMessage: string): Promise<ErasureCounts> {
  const { tx, tenantId } = ctx;
  if ((await ordersUnderWay(tx, tenantId, who)) > 0) throw conflict('orders_under_way', underWayMessage);
  const orders = await eraseCustomerOrders(tx, tenantId, who);
  const orderIds = orders.map((o) => o.id);
  // The payment provider's copy of the name and email, once this has committed (no network call inside it).
  const sessionIds = orders.flatMap((o) => (o.payment_session_id ? [o.payment_session_id] : []));
  ctx.afterCommit(() => deps.payments.forgetCustomerDetails(tenantId, sessionIds));
  // The store's rate-limit counters keyed by the addresses they checked out from, or by the account.
  await forgetStoreKeys(tx, tenantId, [...new Set(orders.flatMap((o) => (o.checkout_address ? [o.checkout_address] : [])).concat(who.userId ? [who.userId] : []))]);
  const reviews = who.email ? await eraseReviewsBy(tx, tenantId, who.email) : 0;
  // Reviews on the storefront name their author (masked): its cached answers for this store are dropped.
  if (reviews > 0) ctx.emit({ type: 'catalogue.changed', tenantId });
  const emails = await forgetMessagesFor(tx, tenantId, { email: who.email, orderIds });
  const pushes = who.userId ? await forgetCustomerPushes(tx, tenantId, who.userId) : 0;
  const addresses = who.userId ? await repo.forgetAddresses(tx, tenantId, who.userId) : 0;
  const records = await repo.forgetRecords(tx, tenantId, who);
  return { orders: orderIds.length, reviews, emails, addresses, push_subscriptions: pushes, customer_records: records.records, staff_notes: records.notes };
}

/** The person's own erasure in a store also signs them out everywhere (their account stays). */
export async function eraseOwnStoreData(ctx: StoreCtx, deps: ErasureDeps, userId: string, who: DataSubject): Promise<ErasureCounts> {
  const counts = await eraseStoreData(ctx, deps, who, PRIVACY_TEXT.ordersUnderWay);
  await endAllSessions(ctx.tx, userId);
  return counts;
}

export function recordRequest(tx: Tx, request: repo.PrivacyRequest): Promise<void> {
  return repo.recordRequest(tx, request);
}
