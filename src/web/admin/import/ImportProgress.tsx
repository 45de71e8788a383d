import { Loader2 } from 'lucide-react';
import { EMPTY_IMPORT_RESULT } from '@shared/imports';
import type { ImportBatch } from '@shared/import-schemas';
import { Card } from '@/components/ui/card';
import { Stat } from './import-parts';

/** Whole percent done, never 100 before the batch has finished (the last chunk may still commit). */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(99, Math.floor((done / total) * 100));
}

/**
 * While processing (decision 025): the rows settled so far out of the file's rows, and what was
 * written. The page reads the batch every second (useImportBatch) and shows View Details at the end.
 */
export function ImportProgress({ batch }: { batch: ImportBatch }) {
  const result = batch.result ?? EMPTY_IMPORT_RESULT;
  const total = batch.stats.rows_total;
  const done = Math.min(result.rows_done, total || result.rows_done);
  const percent = progressPercent(done, total);
  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-5" aria-label="Import progress">
      <div className="flex items-start gap-3">
        <Loader2 className="mt-0.5 size-5 shrink-0 animate-spin text-indigo-500" aria-hidden />
        <div className="min-w-0">
          <h2 className="font-semibold">Importing products…</h2>
          <p className="mt-1 text-sm text-zinc-600">You can leave this page: the import carries on, and its details are here when it ends.</p>
        </div>
      </div>
      <div className="flex flex-col gap-2" role="status" aria-live="polite">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
          <span className="font-medium text-zinc-900" data-testid="import-progress-rows">
            {done.toLocaleString('en-GB')} of {total.toLocaleString('en-GB')} rows
          </span>
          <span className="tabular-nums text-zinc-600">{percent}%</span>
        </div>
        <div className="h-2.5 overflow-hidden rounded-full bg-indigo-100" role="progressbar" aria-label="Import progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <div className="h-full rounded-full bg-indigo-500 transition-[width] duration-500" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <ImportCounts batch={batch} />
    </Card>
  );
}

/** Created, updated, unchanged, rejected and pictures: the same boxes during and after processing. */
export function ImportCounts({ batch }: { batch: ImportBatch }) {
  const result = batch.result ?? EMPTY_IMPORT_RESULT;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-6" aria-label="Import counts">
      <Stat label="Created" value={result.products_created} tone="text-emerald-700" testId="import-created" />
      <Stat label="Updated" value={result.products_updated} tone="text-indigo-700" testId="import-updated" />
      <Stat label="Unchanged" value={result.products_unchanged} testId="import-unchanged" />
      <Stat label="Rows rejected" value={batch.stats.rows_failed} tone="text-red-700" testId="import-rejected" />
      <Stat label="Pictures saved" value={result.images_saved} tone="text-emerald-700" testId="import-images-saved" />
      <Stat label="Pictures failed" value={result.images_failed} tone="text-amber-700" testId="import-images-failed" />
    </dl>
  );
}
