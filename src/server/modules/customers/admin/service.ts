import type { TenantCtx } from '../../../http/context';
import { forbidden, notFound } from '../../../http/errors';
import { customerOrders } from '../../orders';
import { userEmails } from '../../accounts';
import { penceToPounds } from '../../../../shared/money';
import { isUuid } from '../../../../shared/ids';
import { canManageStore } from '../../../../shared/roles';
import {
  CUSTOMER_MESSAGES,
  CUSTOMER_ORDERS_PAGE_SIZE,
  CUSTOMERS_PAGE_SIZE,
  DEFAULT_DIRECTION,
  type CustomerDetail,
  type CustomerNote,
  type CustomerOrders,
  type CustomerPage,
  type CustomerRow,
  type CustomersExportQuery,
  type CustomersQuery,
} from '../../../../shared/customers';
import * as repo from './repo';
import { listAddresses } from '../addresses/repo';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
const pages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

export function toCustomerRow(r: repo.CustomerRecord): CustomerRow {
  return {
    id: r.id,
    email: r.email,
    name: r.name || null,
    has_account: r.user_id !== null,
    orders_count: Number(r.orders_count),
    total_spent: penceToPounds(Number(r.total_spent)),
    first_order_at: isoOrNull(r.first_order_at),
    last_order_at: isoOrNull(r.last_order_at),
    marketing_consent: r.marketing_consent,
  };
}

/** The list's order: last order, newest first, unless another is asked for; a sort's own direction by default. */
export function listOrder(q: Pick<CustomersQuery, 'sort' | 'dir'>): repo.ListOrder {
  const sort = q.sort ?? 'last_order';
  return { sort, dir: q.dir ?? DEFAULT_DIRECTION[sort] };
}

export async function listCustomers(ctx: TenantCtx, q: CustomersQuery): Promise<CustomerPage> {
  const page = q.page ?? 1;
  const limit = q.limit ?? CUSTOMERS_PAGE_SIZE;
  const { rows, total } = await repo.listCustomers(ctx, { ...listOrder(q), search: q.search || null, limit, offset: (page - 1) * limit });
  return { customers: rows.map(toCustomerRow), pagination: { page, limit, total, pages: pages(total, limit) } };
}

/** A record of this store, or the same 404 for a missing one, another store's or an id that is no id. */
export async function customerOr404(ctx: TenantCtx, id: string): Promise<repo.CustomerRecord> {
  const found = isUuid(id) ? await repo.findCustomer(ctx, id) : null;
  if (!found) throw notFound(CUSTOMER_MESSAGES.notFound);
  return found;
}

async function ordersOf(ctx: TenantCtx, customer: repo.CustomerRecord, page: number): Promise<CustomerOrders> {
  const limit = CUSTOMER_ORDERS_PAGE_SIZE;
  const { rows, total } = await customerOrders(ctx.tx, ctx.tenantId, customer.email, limit, (page - 1) * limit);
  return {
    orders: rows.map((o) => ({
      id: o.id,
      order_number: o.order_number,
      status: o.status,
      payment_status: o.payment_status,
      currency: o.currency,
      item_count: Number(o.item_count),
      total_amount: penceToPounds(o.total_amount),
      refunded_amount: penceToPounds(o.refunded_amount),
      placed_at: iso(o.placed_at),
    })),
    pagination: { page, limit, total, pages: pages(total, limit) },
  };
}

/** Owners, admins and platform owners delete any note; staff only their own. */
const mayDelete = (ctx: TenantCtx, note: repo.NoteRow) => canManageStore(ctx.role, ctx.actor.isOwner) || note.author_user_id === ctx.actor.userId;

async function toNotes(ctx: TenantCtx, rows: repo.NoteRow[]): Promise<CustomerNote[]> {
  const emails = await userEmails(ctx, rows.flatMap((n) => (n.author_user_id ? [n.author_user_id] : [])));
  return rows.map((n) => ({
    id: n.id,
    body: n.body,
    author_email: n.author_user_id ? (emails.get(n.author_user_id) ?? null) : null,
    created_at: iso(n.created_at),
    can_delete: mayDelete(ctx, n),
  }));
}

export async function customerDetail(ctx: TenantCtx, id: string): Promise<CustomerDetail> {
  const customer = await customerOr404(ctx, id);
  // One after another: a transaction runs one statement at a time.
  const orders = await ordersOf(ctx, customer, 1);
  const addresses = customer.user_id ? await listAddresses(ctx.tx, ctx.tenantId, customer.user_id) : [];
  const notes = await repo.listNotes(ctx, customer.id);
  return {
    ...toCustomerRow(customer),
    marketing_consent_at: isoOrNull(customer.marketing_consent_at),
    created_at: iso(customer.created_at),
    orders,
    addresses,
    notes: await toNotes(ctx, notes),
  };
}

export async function customerOrdersPage(ctx: TenantCtx, id: string, page: number): Promise<CustomerOrders> {
  return ordersOf(ctx, await customerOr404(ctx, id), page);
}

export async function addNote(ctx: TenantCtx, customerId: string, body: string): Promise<CustomerNote> {
  const customer = await customerOr404(ctx, customerId);
  const row = await repo.insertNote(ctx, customer.id, body, ctx.actor.userId);
  const [note] = await toNotes(ctx, [row]);
  return note;
}

export async function deleteNote(ctx: TenantCtx, customerId: string, noteId: string): Promise<void> {
  const customer = await customerOr404(ctx, customerId);
  const note = isUuid(noteId) ? await repo.findNote(ctx, customer.id, noteId) : null;
  if (!note) throw notFound(CUSTOMER_MESSAGES.noteNotFound);
  if (!mayDelete(ctx, note)) throw forbidden('Only the note’s author or a store admin can delete it.');
  await repo.deleteNote(ctx, note.id);
}

export type ExportFilters = repo.ListOrder & { search: string | null };

/** The export's order and search: the list's. */
export function exportFilters(q: CustomersExportQuery): ExportFilters {
  return { ...listOrder(q), search: q.search || null };
}

/** One page of the export after `cursor` (null: the first), in its own transaction (see routes.ts). */
export function exportPage(ctx: TenantCtx, filters: ExportFilters, cursor: repo.ExportCursor | null) {
  return repo.exportPage(ctx, filters, cursor);
}
