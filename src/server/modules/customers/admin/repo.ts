import { sql, type SQL } from 'drizzle-orm';
import type { TenantCtx } from '../../../http/context';
import { rowsOf } from '../../../db/rows';
import type { CustomerSort, SortDirection } from '../../../../shared/customers';

// The store's customers as Admin > Customers reads them (issue 26). Every read names the tenant as well
// as row-level security checking it (DESIGN rule 2). Only comparisons PostgreSQL calls LEAKPROOF are used
// on the indexed keys (=, <, >, starts-with), so the indexes still serve under row-level security.

export interface CustomerRecord {
  id: string;
  email: string;
  name: string;
  user_id: string | null;
  orders_count: number;
  total_spent: number | string;
  first_order_at: Date | string | null;
  last_order_at: Date | string | null;
  marketing_consent: boolean | null;
  marketing_consent_at: Date | string | null;
  created_at: Date | string;
}

const COLUMNS = sql.raw(
  'c.id, c.email, c.name, c.user_id, c.orders_count, c.total_spent, c.first_order_at, c.last_order_at, c.marketing_consent, c.marketing_consent_at, c.created_at',
);

/**
 * Each sort's key, with id after it, exactly as its index holds it (store_customers_*_idx): read forwards
 * for ascending, backwards for descending. The text keys compare bytewise ("C"), as their indexes do.
 */
const SORT_KEY: Record<CustomerSort, { key: (alias: string) => SQL; type: string }> = {
  last_order: { key: (a) => sql.raw(`${a}.last_order_key`), type: 'timestamptz' },
  total_spent: { key: (a) => sql.raw(`${a}.total_spent`), type: 'bigint' },
  orders: { key: (a) => sql.raw(`${a}.orders_count`), type: 'integer' },
  name: { key: (a) => sql.raw(`${a}.name_key collate "C"`), type: 'text' },
  email: { key: (a) => sql.raw(`${a}.email collate "C"`), type: 'text' },
};

export interface ListOrder {
  sort: CustomerSort;
  dir: SortDirection;
}

function orderBy(alias: string, { sort, dir }: ListOrder): SQL {
  const d = sql.raw(dir === 'asc' ? 'asc' : 'desc');
  return sql`${SORT_KEY[sort].key(alias)} ${d}, ${sql.raw(alias)}.id ${d}`;
}

/** The search lower-cased by the database, as the stored keys were; starts-with has no wildcards, so `%` is a letter. */
function matches(alias: string, search: string): SQL {
  const a = sql.raw(alias);
  // Email from its start, the name from its start, or the name's last word from its start ("smi" finds
  // "Jane Smith"). Three index ranges OR-ed: a bitmap of the matches however many customers there are.
  return sql`(${a}.email collate "C" ^@ lower(${search}) or ${a}.name_key collate "C" ^@ lower(${search}) or ${a}.surname_key collate "C" ^@ lower(${search}))`;
}

export interface ListOptions extends ListOrder {
  search: string | null;
  limit: number;
  offset: number;
}

/**
 * One page of the list and how many there are in all. Without a search: the page's ids from the sort's
 * index alone (an index-only scan, so a far page skips index entries, not rows), then their rows. With a
 * search: the matches first (materialized, so the planner cannot walk the whole sort index hoping to meet
 * them), then sorted. Always run unnamed (not executePrepared): the search's start-of-text ranges come from
 * its value, which a generic plan would not know.
 */
export async function listCustomers(ctx: TenantCtx, opts: ListOptions): Promise<{ rows: CustomerRecord[]; total: number }> {
  const t = ctx.tenantId;
  if (opts.search) {
    // One statement reads the matches once for both the page and the count: the count's row comes back
    // alone (its columns null) when the page is past the end or nothing matches.
    const rows = rowsOf<CustomerRecord & { total: number }>(
      await ctx.tx.execute(sql`
        with m as materialized (
          select s.id, s.last_order_key, s.total_spent, s.orders_count, s.name_key, s.email from store_customers s
          where s.tenant_id = ${t}::uuid and ${matches('s', opts.search)}
        ), page as (
          select m.id from m order by ${orderBy('m', opts)} limit ${opts.limit} offset ${opts.offset}
        ), n as (
          select count(*)::int as total from m
        )
        select n.total, ${COLUMNS}
        from n left join (page join store_customers c on c.id = page.id and c.tenant_id = ${t}::uuid) on true
        order by ${orderBy('c', opts)}`),
    );
    return { rows: rows.filter((r) => r.id !== null), total: rows[0].total };
  }
  const rows = rowsOf<CustomerRecord>(
    await ctx.tx.execute(sql`
      select ${COLUMNS}
      from (select s.id from store_customers s where s.tenant_id = ${t}::uuid order by ${orderBy('s', opts)} limit ${opts.limit} offset ${opts.offset}) page
      join store_customers c on c.id = page.id and c.tenant_id = ${t}::uuid
      order by ${orderBy('c', opts)}`),
  );
  const [{ n }] = rowsOf<{ n: number }>(await ctx.tx.execute(sql`select count(*)::int as n from store_customers s where s.tenant_id = ${t}::uuid`));
  return { rows, total: n };
}

/** Where an export page ends: the last row's sort key (as text, so no precision is lost) and id. */
export interface ExportCursor {
  key: string;
  id: string;
}

export const EXPORT_PAGE_SIZE = 1000;

/**
 * A page of the export in the list's order, after `cursor` (keyset: each page starts where the last one
 * ended, whatever changed in between, and reads only its own rows).
 */
export async function exportPage(ctx: TenantCtx, opts: ListOrder & { search: string | null }, cursor: ExportCursor | null, limit = EXPORT_PAGE_SIZE) {
  const { key, type } = SORT_KEY[opts.sort];
  const after = cursor
    ? sql`and (${key('c')}, c.id) ${sql.raw(opts.dir === 'asc' ? '>' : '<')} (${cursor.key}::${sql.raw(type)}${sql.raw(type === 'text' ? ' collate "C"' : '')}, ${cursor.id}::uuid)`
    : sql``;
  const search = opts.search ? sql`and ${matches('c', opts.search)}` : sql``;
  return rowsOf<CustomerRecord & { sort_key: string }>(
    await ctx.tx.execute(sql`
      select ${COLUMNS}, (${key('c')})::text as sort_key from store_customers c
      where c.tenant_id = ${ctx.tenantId}::uuid ${search} ${after}
      order by ${orderBy('c', opts)} limit ${limit}`),
  );
}

export async function findCustomer(ctx: TenantCtx, id: string): Promise<CustomerRecord | null> {
  const rows = rowsOf<CustomerRecord>(await ctx.tx.execute(sql`select ${COLUMNS} from store_customers c where c.tenant_id = ${ctx.tenantId}::uuid and c.id = ${id}::uuid`));
  return rows[0] ?? null;
}

export interface NoteRow {
  id: string;
  body: string;
  author_user_id: string | null;
  created_at: Date | string;
}

/** Notes shown on a customer's page, newest first; far more than staff write about one person. */
export const NOTES_SHOWN = 200;

export async function listNotes(ctx: TenantCtx, customerId: string): Promise<NoteRow[]> {
  return rowsOf<NoteRow>(
    await ctx.tx.execute(sql`
      select n.id, n.body, n.author_user_id, n.created_at from customer_notes n
      where n.tenant_id = ${ctx.tenantId}::uuid and n.customer_id = ${customerId}::uuid
      order by n.created_at desc, n.id desc limit ${NOTES_SHOWN}`),
  );
}

export async function insertNote(ctx: TenantCtx, customerId: string, body: string, authorUserId: string): Promise<NoteRow> {
  const [row] = rowsOf<NoteRow>(
    await ctx.tx.execute(sql`
      insert into customer_notes (tenant_id, customer_id, body, author_user_id)
      values (${ctx.tenantId}::uuid, ${customerId}::uuid, ${body}, ${authorUserId}::uuid)
      returning id, body, author_user_id, created_at`),
  );
  return row;
}

export async function findNote(ctx: TenantCtx, customerId: string, noteId: string): Promise<NoteRow | null> {
  const rows = rowsOf<NoteRow>(
    await ctx.tx.execute(sql`
      select n.id, n.body, n.author_user_id, n.created_at from customer_notes n
      where n.tenant_id = ${ctx.tenantId}::uuid and n.customer_id = ${customerId}::uuid and n.id = ${noteId}::uuid`),
  );
  return rows[0] ?? null;
}

export async function deleteNote(ctx: TenantCtx, noteId: string): Promise<void> {
  await ctx.tx.execute(sql`delete from customer_notes n where n.tenant_id = ${ctx.tenantId}::uuid and n.id = ${noteId}::uuid`);
}
