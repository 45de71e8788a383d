import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './connection';
import { rowsOf } from './rows';

const journalFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations/meta/_journal.json');

/** The migrations this version of the app has, in order (drizzle-kit's journal). */
export function knownMigrations(): string[] {
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map((e) => e.tag);
}

/**
 * How many migrations a database has applied (drizzle's own table; 0 for a database never migrated)
 * and the name of the last one, as this version knows them (null past what it knows: a newer release
 * migrated the database).
 */
export async function migrationState(db: Db): Promise<{ applied: number; last: string | null }> {
  const [table] = rowsOf<{ found: string | null }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`));
  if (!table?.found) return { applied: 0, last: null };
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
  const applied = Number(row?.n ?? 0);
  return { applied, last: applied > 0 ? (knownMigrations()[applied - 1] ?? null) : null };
}
