import { sql } from 'drizzle-orm';
import type { TenantCtx } from '../../../http/context';
import { enqueueJob, type JobRunner } from '../../jobs';
import { EMPTY_IMPORT_RESULT, IMPORT_MESSAGES } from '../../../../shared/imports';
import type { ImportBatch, ProcessImportBody } from '../../../../shared/import-schemas';
import * as repo from '../repo';
import { getBatch, invalidTransition, toImportBatch } from '../service';

/**
 * Starts processing (decision 025): a batch whose last check rejected nothing ('ready'), or one whose
 * check rejected rows when the merchant confirms skipping them. The batch becomes 'processing' and its
 * job is queued in the same transaction, and this instance's runner is kicked once that commits (any
 * other instance may take the job over if this one stops).
 */
export async function startProcessing(ctx: TenantCtx, jobs: Pick<JobRunner, 'kick'>, id: string, body: ProcessImportBody): Promise<ImportBatch> {
  const row = await getBatch(ctx, id);
  if (row.status === 'processing' || row.status === 'succeeded' || row.status === 'failed') throw invalidTransition(IMPORT_MESSAGES.alreadyStarted);
  const checked = row.dryRun;
  if (!row.mapping || !checked || (row.status !== 'ready' && row.status !== 'mapping')) throw invalidTransition(IMPORT_MESSAGES.notReady);
  if (row.status === 'mapping' && body.skip_rejected !== true) throw invalidTransition(IMPORT_MESSAGES.confirmRejected);
  const moved = await repo.moveBatch(ctx, id, [row.status], {
    status: 'processing',
    result: EMPTY_IMPORT_RESULT,
    stats: { rows_total: checked.summary.rows_total, rows_ok: 0, rows_failed: 0 },
    error: null,
    startedAt: sql`now()`,
  });
  if (!moved) throw invalidTransition(IMPORT_MESSAGES.alreadyStarted);
  if (!(await enqueueJob(ctx, 'product_import', id))) throw invalidTransition(IMPORT_MESSAGES.alreadyStarted);
  ctx.afterCommit(() => jobs.kick());
  return toImportBatch(moved);
}
