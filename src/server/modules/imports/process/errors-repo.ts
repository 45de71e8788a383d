import { and, asc, count, countDistinct, eq, sql } from 'drizzle-orm';
import type { TenantCtx } from '../../../http/context';
import { importRowErrors } from '../../../db/schema';
import type { ImportRowError } from '../../../../shared/imports';

/** A problem to record for one line of the file (rejected: the row was not imported). */
export interface RowErrorEntry extends ImportRowError {
  rejected: boolean;
}

const INSERT_ROWS = 1_000;

/** Records a chunk's problems; seq numbers the problems of one line in order. */
export async function insertRowErrors(ctx: TenantCtx, batchId: string, entries: readonly RowErrorEntry[]): Promise<void> {
  const seqs = new Map<number, number>();
  const rows = entries.map((e) => {
    const seq = seqs.get(e.line) ?? 0;
    seqs.set(e.line, seq + 1);
    return {
      tenantId: ctx.tenantId,
      batchId,
      line: e.line,
      seq,
      columnName: e.column?.slice(0, 300) ?? null,
      field: e.field?.slice(0, 40) ?? null,
      message: e.message.slice(0, 1000) || 'Rejected',
      rejected: e.rejected,
    };
  });
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    await ctx.tx.insert(importRowErrors).values(rows.slice(i, i + INSERT_ROWS)).onConflictDoNothing();
  }
}

const ofBatch = (ctx: TenantCtx, batchId: string) => and(eq(importRowErrors.tenantId, ctx.tenantId), eq(importRowErrors.batchId, batchId));

/** One page of a batch's problems in line order, with the totals. */
export async function pageOfRowErrors(ctx: TenantCtx, batchId: string, page: number, limit: number) {
  const [totals] = await ctx.tx
    .select({ total: count(), rejectedRows: countDistinct(sql`case when ${importRowErrors.rejected} then ${importRowErrors.line} end`) })
    .from(importRowErrors)
    .where(ofBatch(ctx, batchId));
  const rows = await ctx.tx
    .select({ line: importRowErrors.line, column: importRowErrors.columnName, field: importRowErrors.field, message: importRowErrors.message, rejected: importRowErrors.rejected })
    .from(importRowErrors)
    .where(ofBatch(ctx, batchId))
    .orderBy(asc(importRowErrors.line), asc(importRowErrors.seq))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows, total: totals?.total ?? 0, rejectedRows: totals?.rejectedRows ?? 0 };
}

/** The rejected lines with their problems joined, for the rejected-rows file. */
export async function rejectedLines(ctx: TenantCtx, batchId: string): Promise<Map<number, string>> {
  const rows = await ctx.tx
    .select({ line: importRowErrors.line, message: importRowErrors.message, column: importRowErrors.columnName })
    .from(importRowErrors)
    .where(and(ofBatch(ctx, batchId), eq(importRowErrors.rejected, true)))
    .orderBy(asc(importRowErrors.line), asc(importRowErrors.seq));
  const out = new Map<number, string>();
  for (const r of rows) {
    const text = r.column ? `${r.column}: ${r.message}` : r.message;
    const before = out.get(r.line);
    out.set(r.line, before ? `${before}; ${text}` : text);
  }
  return out;
}
