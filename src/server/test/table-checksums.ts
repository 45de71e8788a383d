import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { rowsOf } from '../db/rows';
import type { FileStorage } from '../adapters/storage/storage';

/**
 * Every row of every table (the app's and drizzle's migration log), as a row count and an MD5 of the
 * rows' text in a stable order, plus every sequence's position: two databases with equal answers hold
 * the same data. Read as the owner (a superuser in tests, so row-level security hides nothing).
 */
export async function tableChecksums(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`),
  );
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: number; sum: string | null }>(
      await db.execute(sql.raw(`select count(*)::int as n, md5(string_agg(t::text, E'\\n' order by t::text collate "C")) as sum from ${name} t`)),
    );
    sums[name] = `${row.n} rows ${row.sum ?? '-'}`;
  }
  const sequences = rowsOf<{ name: string; last: string | null }>(
    await db.execute(sql`select format('%I.%I', schemaname, sequencename) as name, last_value::text as last from pg_sequences where schemaname in ('public', 'drizzle') order by 1`),
  );
  for (const s of sequences) sums[`sequence ${s.name}`] = s.last ?? 'unused';
  return sums;
}

/** Every stored file's SHA-256 and content type, by key. */
export async function fileChecksums(storage: FileStorage): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for await (const file of storage.list('')) {
    const stored = await storage.get(file.key);
    if (stored) sums[file.key] = `${createHash('sha256').update(stored.body).digest('hex')} ${stored.contentType}`;
  }
  return sums;
}
