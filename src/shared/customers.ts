import { z } from 'zod';
import { paginationSchema } from './pagination';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './order-schemas';

// Admin > Customers (issue 26): everyone who ordered from the store or has an account used there, guests
// grouped by email. Admin only: imports Zod. Money in pounds at this edge (DESIGN rule 3).

export const CUSTOMER_SORTS = ['last_order', 'total_spent', 'orders', 'name', 'email'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const CUSTOMERS_PAGE_SIZE = 25;
export const CUSTOMERS_MAX_LIMIT = 100;
export const CUSTOMER_ORDERS_PAGE_SIZE = 10;
export const CUSTOMER_SEARCH_MAX = 100;
/** Far past any real list (100,000 customers at 25 a page is 4,000 pages); keeps OFFSET inside an int. */
export const CUSTOMERS_MAX_PAGE = 100_000;
export const CUSTOMER_NOTE_MAX = 2000;

/** What a sort starts with when the column header is first chosen: the biggest or newest first, names A-Z. */
export const DEFAULT_DIRECTION: Record<CustomerSort, SortDirection> = { last_order: 'desc', total_spent: 'desc', orders: 'desc', name: 'asc', email: 'asc' };

export const CUSTOMER_MESSAGES = {
  sort: 'Choose a sort: last_order, total_spent, orders, name or email',
  dir: 'Choose a direction: asc or desc',
  page: 'Enter a page number from 1',
  limit: `Enter a page size from 1 to ${CUSTOMERS_MAX_LIMIT}`,
  search: `Keep the search to ${CUSTOMER_SEARCH_MAX} characters`,
  noteRequired: 'Write a note',
  noteTooLong: `Keep the note to ${CUSTOMER_NOTE_MAX} characters`,
  notFound: 'Customer not found',
  noteNotFound: 'Note not found',
} as const;

/** A whole number written in the address, within [1, max]. */
const wholeNumber = (max: number, message: string) =>
  z
    .string({ error: message })
    .max(7, message)
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, message);

/** The search as typed: trimmed, inner spaces made single; '' searches nothing. */
const search = z
  .string()
  .max(CUSTOMER_SEARCH_MAX, CUSTOMER_MESSAGES.search)
  .transform((s) => s.trim().replace(/\s+/g, ' '));

const filters = {
  search: search.optional(),
  sort: z.enum(CUSTOMER_SORTS, { error: CUSTOMER_MESSAGES.sort }).optional(),
  dir: z.enum(SORT_DIRECTIONS, { error: CUSTOMER_MESSAGES.dir }).optional(),
};

/** GET /api/admin/customers?search=&sort=&dir=&page=&limit= */
export const customersQuery = z.strictObject({
  ...filters,
  page: wholeNumber(CUSTOMERS_MAX_PAGE, CUSTOMER_MESSAGES.page).optional(),
  limit: wholeNumber(CUSTOMERS_MAX_LIMIT, CUSTOMER_MESSAGES.limit).optional(),
});
export type CustomersQuery = z.infer<typeof customersQuery>;

/** GET /api/admin/customers.csv: the list's search and sort, every page. */
export const customersExportQuery = z.strictObject(filters);
export type CustomersExportQuery = z.infer<typeof customersExportQuery>;

/** GET /api/admin/customers/:id/orders?page= */
export const customerOrdersQuery = z.strictObject({ page: wholeNumber(CUSTOMERS_MAX_PAGE, CUSTOMER_MESSAGES.page).optional() });

/** POST /api/admin/customers/:id/notes */
export const customerNoteInput = z.strictObject({
  body: z.string({ error: CUSTOMER_MESSAGES.noteRequired }).trim().min(1, CUSTOMER_MESSAGES.noteRequired).max(CUSTOMER_NOTE_MAX, CUSTOMER_MESSAGES.noteTooLong),
});
export type CustomerNoteInput = z.infer<typeof customerNoteInput>;

// ---- responses ----

export const customerRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The name on their latest order; null when they have not ordered (an account only). */
  name: z.string().nullable(),
  /** Whether they have an account (a guest has none). */
  has_account: z.boolean(),
  orders_count: z.number(),
  /** Paid less refunded, pounds. */
  total_spent: z.number(),
  first_order_at: z.string().nullable(),
  last_order_at: z.string().nullable(),
  /** null: never asked. */
  marketing_consent: z.boolean().nullable(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const customerPageResponse = z.object({ customers: z.array(customerRowSchema), pagination: paginationSchema });
export type CustomerPage = z.infer<typeof customerPageResponse>;

export const customerOrderSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  currency: z.string(),
  item_count: z.number(),
  total_amount: z.number(),
  refunded_amount: z.number(),
  placed_at: z.string(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;
export const customerOrdersResponse = z.object({ orders: z.array(customerOrderSchema), pagination: paginationSchema });
export type CustomerOrders = z.infer<typeof customerOrdersResponse>;

/** A saved address as the account keeps it (src/shared/saved-addresses.ts), the default first. */
export const customerAddressSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().nullable(),
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  city: z.string(),
  postcode: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
  is_default: z.boolean(),
});
export type CustomerAddress = z.infer<typeof customerAddressSchema>;

export const customerNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  /** Who wrote it; null once they are no longer a member of the store (or their account is gone). */
  author_email: z.string().nullable(),
  created_at: z.string(),
  /** Whether the person asking may delete it: its author, or an owner or admin. */
  can_delete: z.boolean(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

export const customerDetailSchema = customerRowSchema.extend({
  marketing_consent_at: z.string().nullable(),
  created_at: z.string(),
  /** The first page of their orders, newest first. */
  orders: customerOrdersResponse,
  addresses: z.array(customerAddressSchema),
  /** Newest first. */
  notes: z.array(customerNoteSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
export const customerDetailResponse = z.object({ customer: customerDetailSchema });
export const customerNoteResponse = z.object({ note: customerNoteSchema });

/** How the list and the file show the consent answer. */
export function consentLabel(consent: boolean | null): string {
  return consent === null ? 'Not asked' : consent ? 'Yes' : 'No';
}
