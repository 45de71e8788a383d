import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from './connection';
import { rowsOf } from './rows';

const dialect = new PgDialect();
// SQL text -> statement name; the texts are a small fixed set (values are always parameters). The
// bound keeps a query whose text did vary from filling every connection with statements: past it, new
// texts run unnamed (planned each time, as before).
const names = new Map<string, string>();
const MAX_STATEMENTS = 500;

function nameFor(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_STATEMENTS) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a raw query as a named prepared statement, for hot read paths. Planning the storefront's
 * queries (several subqueries over row-level-secured tables) costs PostgreSQL more than running them:
 * pgbench on the product-by-slug transaction gave 570 tps unprepared, 2,290 prepared. node-postgres
 * parses each named statement once per connection and PostgreSQL then reuses its plan. Plans follow
 * the role and row-level security (PostgreSQL replans when they differ), and the tenant is read at
 * execution, so a cached plan never carries one tenant's rows to another. PGlite ignores the name.
 *
 * The SQL text must not vary with values (use parameters), or every value would prepare a statement.
 */
export async function executePrepared<T>(tx: Tx, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const result = await tx._.session.prepareQuery(built, undefined, nameFor(built.sql), false).execute();
  return rowsOf<T>(result);
}
