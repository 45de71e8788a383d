import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { FileDown, FileSpreadsheet, History, UploadCloud } from 'lucide-react';
import { IMPORT_DISPLAYED_MAX, IMPORT_MESSAGES, importRowAction } from '@shared/imports';
import type { ImportBatch } from '@shared/import-schemas';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { checkCsvFile, IMPORT_TEMPLATE_URL, useImportBatches, useUploadImport } from '@/lib/admin-imports';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useFileDrop } from '../catalogue/image-drop';
import { ExportButton } from './ExportButton';
import { formatImportDate, statsLine, statusBadge } from './import-format';

/**
 * Admin spec §2 "Product import" (/admin/import): a CSV by drag and drop or the file picker, the sample
 * template, and the import history with each batch's status, row counts and its next step.
 */
export function ImportPage() {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Import Products</h1>
          <p className="mt-1 text-sm text-zinc-500">Add or update many products at once from a spreadsheet saved as CSV.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportButton />
          <Button asChild variant="outline">
            <a href={IMPORT_TEMPLATE_URL} download="product-import-template.csv">
              <FileDown aria-hidden /> Download Template
            </a>
          </Button>
        </div>
      </div>
      <UploadCard />
      <HistoryCard />
    </div>
  );
}

function UploadCard() {
  const upload = useUploadImport();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const start = (files: File[]) => {
    const file = files[0];
    if (!file || upload.isPending) return;
    const refusal = checkCsvFile(file);
    if (refusal) {
      toast.error(IMPORT_MESSAGES.invalidFileTitle, { description: refusal });
      return;
    }
    setProgress({ name: file.name, fraction: 0 });
    upload.mutate(
      { file, onProgress: (fraction) => setProgress({ name: file.name, fraction }) },
      {
        onSuccess: (batch) => toast.success(IMPORT_MESSAGES.uploaded, { description: `${batch.original_filename} is ready for field mapping.` }),
        onError: (err) => toast.error(IMPORT_MESSAGES.uploadFailedTitle, { description: errorMessage(err, IMPORT_MESSAGES.uploadFailed) }),
        onSettled: () => setProgress(null),
      },
    );
  };
  const { dragging, dragProps } = useFileDrop(start);
  const choose = () => input.current?.click();
  const percent = progress ? Math.round(progress.fraction * 100) : 0;

  return (
    <Card className="p-4 sm:p-5" {...dragProps}>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-label="Choose a CSV file to import"
        data-testid="import-file-input"
        onChange={(e) => {
          if (e.target.files?.length) start([...e.target.files]);
          e.target.value = '';
        }}
      />
      {progress ? (
        <div className="flex flex-col gap-3 rounded-lg border-2 border-dashed border-indigo-300 bg-indigo-50/50 px-6 py-10" role="status" aria-live="polite">
          <div className="flex items-center gap-3">
            <FileSpreadsheet className="size-8 shrink-0 text-indigo-500" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-zinc-900">{progress.name}</p>
              <p className="text-sm text-zinc-500">Uploading… {percent}%</p>
            </div>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-indigo-100" role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className="h-full rounded-full bg-indigo-500 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={choose}
          className={cn(
            'flex w-full flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
            dragging ? 'border-indigo-400 bg-indigo-50' : 'border-zinc-300 hover:border-zinc-400 hover:bg-zinc-50',
          )}
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50">
            <UploadCloud className="size-6 text-indigo-600" aria-hidden />
          </span>
          <span className="font-medium text-zinc-900">{dragging ? 'Drop your CSV file to upload it' : 'Drag and drop your CSV file here'}</span>
          <span className="text-sm text-zinc-500">
            or <span className="font-medium text-indigo-600 underline-offset-2 hover:underline">choose a file</span> · CSV only, up to {IMPORT_DISPLAYED_MAX}
          </span>
        </button>
      )}
      <p className="mt-3 text-xs text-zinc-500">
        New to importing? Download the template: it has every column with example products, including one with two sizes.
      </p>
    </Card>
  );
}

function HistoryCard() {
  const batches = useImportBatches();
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center gap-2 border-b border-zinc-200 px-4 py-3 sm:px-5">
        <History className="size-4 text-zinc-400" aria-hidden />
        <h2 className="font-semibold">Import History</h2>
      </div>
      {batches.isError ? (
        <div className="p-4 sm:p-5">
          <Alert variant="destructive">
            <span className="flex-1">{errorMessage(batches.error, IMPORT_MESSAGES.loadFailed)}</span>
            <Button size="sm" variant="outline" onClick={() => void batches.refetch()}>Try again</Button>
          </Alert>
        </div>
      ) : batches.isPending ? (
        <ul aria-label="Loading import history" className="divide-y divide-zinc-100">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="flex items-center gap-4 px-4 py-4 sm:px-5">
              <Skeleton className="size-9 rounded-md" />
              <div className="flex-1">
                <Skeleton className="h-4 w-48" />
                <Skeleton className="mt-2 h-3 w-32" />
              </div>
              <Skeleton className="h-8 w-24" />
            </li>
          ))}
        </ul>
      ) : batches.data.length === 0 ? (
        <div className="p-4 sm:p-5">
          <EmptyState icon={FileSpreadsheet} title="No imports yet">
            Upload a CSV file above. Each import is listed here with its status and how many rows went in.
          </EmptyState>
        </div>
      ) : (
        <ul className="divide-y divide-zinc-100" aria-label="Import history">
          {batches.data.map((batch) => (
            <BatchRow key={batch.id} batch={batch} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function BatchRow({ batch }: { batch: ImportBatch }) {
  const badge = statusBadge(batch.status);
  const action = importRowAction(batch.status);
  const stats = statsLine(batch.stats, batch.status, batch.result);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 px-4 py-4 sm:flex-nowrap sm:px-5" data-testid="import-batch">
      <span className="hidden size-9 shrink-0 items-center justify-center rounded-md bg-zinc-100 sm:flex">
        <FileSpreadsheet className="size-5 text-zinc-500" aria-hidden />
      </span>
      <div className="min-w-0 flex-1 basis-full sm:basis-auto">
        <div className="flex min-w-0 items-center gap-2">
          <p className="truncate font-medium text-zinc-900" title={batch.original_filename}>{batch.original_filename}</p>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </div>
        <p className="mt-0.5 text-sm text-zinc-500">
          {formatImportDate(batch.created_at)}
          {stats ? ` · ${stats}` : ''}
        </p>
      </div>
      {action.disabled ? (
        <Button variant="outline" size="sm" disabled className="w-full sm:w-auto">{action.label}</Button>
      ) : (
        <Button asChild variant={action.label === 'Map Fields' ? 'default' : 'outline'} size="sm" className="w-full sm:w-auto">
          <Link to={`/admin/import/${batch.id}`}>{action.label}</Link>
        </Button>
      )}
    </li>
  );
}
