import type { ReactNode } from 'react';
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
import { useImportBatch } from '@/lib/admin-imports';
import { formatBytes, formatImportDate, statusBadge } from './import-format';
import { DryRunResult, MapFields } from './MapFields';

/** Statuses that open Map Fields: the file is stored and nothing is imported yet. */
const MAPPING_STATUSES = new Set(['uploaded', 'mapping', 'ready']);

/**
 * /admin/import/{id}: while the file waits to be imported (uploaded, mapping, ready), Map Fields and the
 * check's result; otherwise the import's summary (its file, size, status, row counts, the last check).
 */
export function ImportBatchPage() {
  const { id = '' } = useParams();
  const batch = useImportBatch(id);

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

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{label}</dt>
      <dd className="mt-1 truncate text-sm text-zinc-900">{children}</dd>
    </div>
  );
}

function Stat({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-lg border border-zinc-200 px-3 py-2.5">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className={`mt-0.5 text-xl font-semibold tabular-nums ${tone ?? 'text-zinc-900'}`}>{value.toLocaleString('en-GB')}</dd>
    </div>
  );
}
