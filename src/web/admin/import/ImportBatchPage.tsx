import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, FileSearch, FileSpreadsheet } from 'lucide-react';
import { IMPORT_MESSAGES } from '@shared/imports';
import type { ImportBatch } from '@shared/import-schemas';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { isImportRunning, useImportBatch } from '@/lib/admin-imports';
import { toast } from '@/lib/toast';
import { formatBytes, formatImportDate, statusBadge } from './import-format';
import { Item, Stat } from './import-parts';
import { ImportDetails } from './ImportDetails';
import { ImportProgress } from './ImportProgress';
import { DryRunResult, MapFields } from './MapFields';

/** Statuses that open Map Fields: the file is stored and nothing is imported yet. */
const MAPPING_STATUSES = new Set(['uploaded', 'mapping', 'ready']);

/** A batch that was processed (or started to be): View Details. A failed upload keeps the plain summary. */
const wasProcessed = (batch: ImportBatch) => batch.status === 'succeeded' || (batch.status === 'failed' && batch.result !== null);

/**
 * /admin/import/{id}: while the file waits to be imported (uploaded, mapping, ready), Map Fields and the
 * check's result; while processing, its progress (read every second); after, View Details; otherwise
 * the batch's summary (its file, size, status, row counts, the last check).
 */
export function ImportBatchPage() {
  const { id = '' } = useParams();
  const batch = useImportBatch(id);
  useEndedToast(batch.data);

  return (
    <div className="flex flex-col gap-6">
      <Link to="/admin/import" className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-zinc-600 hover:text-zinc-900">
        <ArrowLeft className="size-4" aria-hidden /> Import Products
      </Link>
      {batch.isError ? (
        batch.error instanceof ApiError && batch.error.status === 404 ? (
          <EmptyState icon={FileSearch} title={IMPORT_MESSAGES.notFound} action={<Button asChild variant="outline"><Link to="/admin/import">Back to imports</Link></Button>}>
            It may belong to another store, or the link is wrong.
          </EmptyState>
        ) : (
          <Alert variant="destructive">
            <span className="flex-1">{errorMessage(batch.error, 'Failed to load the import')}</span>
            <Button size="sm" variant="outline" onClick={() => void batch.refetch()}>Try again</Button>
          </Alert>
        )
      ) : batch.isPending ? (
        <div className="flex flex-col gap-4" aria-label="Loading the import">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : isImportRunning(batch.data.status) ? (
        <>
          <BatchHeading batch={batch.data} />
          <ImportProgress batch={batch.data} />
        </>
      ) : wasProcessed(batch.data) ? (
        <>
          <BatchHeading batch={batch.data} />
          <ImportDetails batch={batch.data} />
        </>
      ) : MAPPING_STATUSES.has(batch.data.status) ? (
        <>
          <BatchHeading batch={batch.data} />
          <p className="-mt-3 text-sm text-zinc-500">
            {formatBytes(batch.data.file_size)} · uploaded {formatImportDate(batch.data.created_at)}
          </p>
          <MapFields batch={batch.data} />
        </>
      ) : (
        <BatchSummary batch={batch.data} />
      )}
    </div>
  );
}

/** Says so when an import the merchant is watching ends (not when View Details is opened later). */
function useEndedToast(batch: ImportBatch | undefined) {
  const seen = useRef<{ id: string; status: string } | null>(null);
  useEffect(() => {
    if (!batch) return;
    const before = seen.current?.id === batch.id ? seen.current.status : null;
    seen.current = { id: batch.id, status: batch.status };
    if (before === null || !isImportRunning(before) || isImportRunning(batch.status)) return;
    if (batch.status === 'succeeded') {
      const r = batch.result;
      toast.success('Import finished', { description: r ? `${r.products_created} created, ${r.products_updated} updated, ${r.products_unchanged} unchanged, ${batch.stats.rows_failed} ${batch.stats.rows_failed === 1 ? 'row' : 'rows'} rejected.` : undefined });
    } else if (batch.status === 'failed') {
      toast.error('Import failed', { description: batch.error ?? undefined });
    }
  }, [batch]);
}

function BatchHeading({ batch }: { batch: ImportBatch }) {
  const badge = statusBadge(batch.status);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-3">
      <FileSpreadsheet className="size-7 shrink-0 text-indigo-500" aria-hidden />
      <h1 className="min-w-0 truncate text-2xl font-semibold tracking-tight" title={batch.original_filename}>{batch.original_filename}</h1>
      <Badge variant={badge.variant}>{badge.label}</Badge>
    </div>
  );
}

function BatchSummary({ batch }: { batch: ImportBatch }) {
  const badge = statusBadge(batch.status);
  return (
    <>
      <BatchHeading batch={batch} />
      <NextStep batch={batch} />
      <Card className="p-4 sm:p-5">
        <h2 className="font-semibold">Summary</h2>
        <dl className="mt-4 grid grid-cols-1 gap-x-8 gap-y-4 sm:grid-cols-2">
          <Item label="File">{batch.original_filename}</Item>
          <Item label="Size">{formatBytes(batch.file_size)}</Item>
          <Item label="Status">{badge.label}</Item>
          <Item label="Uploaded">{formatImportDate(batch.created_at)}</Item>
        </dl>
        <h2 className="mt-6 font-semibold">Rows</h2>
        <dl className="mt-3 grid grid-cols-3 gap-3">
          <Stat label="Total" value={batch.stats.rows_total} />
          <Stat label="Imported" value={batch.stats.rows_ok} tone={batch.stats.rows_ok ? 'text-emerald-700' : undefined} />
          <Stat label="Failed" value={batch.stats.rows_failed} tone={batch.stats.rows_failed ? 'text-red-700' : undefined} />
        </dl>
        {batch.stats.rows_total === 0 && batch.status !== 'failed' ? <p className="mt-3 text-sm text-zinc-500">Rows are counted when the file is checked, after field mapping.</p> : null}
      </Card>
      {batch.dry_run ? <DryRunResult result={batch.dry_run} status={batch.status} /> : null}
    </>
  );
}

function NextStep({ batch }: { batch: ImportBatch }) {
  if (batch.status === 'failed') {
    return (
      <Alert variant="destructive">
        <span>
          <span className="font-medium">This import failed.</span> {batch.error ?? IMPORT_MESSAGES.uploadFailed} Upload the file again from the import page.
        </span>
      </Alert>
    );
  }
  if (batch.status === 'uploading') {
    return <Alert variant="warning"><span>The file has not finished uploading. If the upload was interrupted, upload the file again from the import page.</span></Alert>;
  }
  return null;
}
