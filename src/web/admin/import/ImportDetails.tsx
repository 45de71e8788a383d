import { useState } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, ChevronLeft, ChevronRight, FileDown, UploadCloud, XCircle } from 'lucide-react';
import type { ImportBatch } from '@shared/import-schemas';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { rejectedRowsUrl, useImportErrors } from '@/lib/admin-imports';
import { formatBytes, formatImportDate, statusBadge } from './import-format';
import { Item } from './import-parts';
import { ImportCounts } from './ImportProgress';

/**
 * View Details of a processed import (decision 025): when and how it ended, what it wrote, and every
 * rejected row and picture warning a page at a time, with the rejected rows as a file to fix.
 */
export function ImportDetails({ batch }: { batch: ImportBatch }) {
  const badge = statusBadge(batch.status);
  return (
    <>
      {batch.status === 'failed' ? (
        <Alert variant="destructive">
          <XCircle aria-hidden />
          <span>
            <span className="font-medium">This import failed.</span> {batch.error ?? 'It stopped before the end of the file.'} Products written before it stopped are kept.
          </span>
        </Alert>
      ) : (
        <Alert variant="info">
          <CheckCircle2 aria-hidden />
          <span>
            <span className="font-medium">Import finished.</span> {batch.stats.rows_ok.toLocaleString('en-GB')} of {batch.stats.rows_total.toLocaleString('en-GB')} rows imported.
          </span>
        </Alert>
      )}
      <Card className="p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <h2 className="font-semibold">Summary</h2>
          <Button asChild variant="outline" size="sm" className="w-full sm:w-auto">
            <Link to="/admin/import"><UploadCloud aria-hidden /> Start a new import</Link>
          </Button>
        </div>
        <dl className="mt-4 grid grid-cols-1 gap-x-8 gap-y-4 sm:grid-cols-2 lg:grid-cols-4">
          <Item label="File">{batch.original_filename} <span className="text-zinc-500">({formatBytes(batch.file_size)})</span></Item>
          <Item label="Status"><Badge variant={badge.variant}>{badge.label}</Badge></Item>
          <Item label="Started">{formatImportDate(batch.started_at ?? batch.created_at)}</Item>
          <Item label="Finished">{batch.finished_at ? formatImportDate(batch.finished_at) : '—'}</Item>
        </dl>
        <h2 className="mt-6 mb-3 font-semibold">Products</h2>
        <ImportCounts batch={batch} />
      </Card>
      <RowProblems batch={batch} />
    </>
  );
}

function RowProblems({ batch }: { batch: ImportBatch }) {
  const [page, setPage] = useState(1);
  const errors = useImportErrors(batch.id, page);
  const data = errors.data;
  return (
    <Card className="overflow-hidden" aria-label="Rejected rows and warnings">
      <div className="flex flex-col gap-3 border-b border-zinc-200 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
        <div className="min-w-0">
          <h2 className="font-semibold">Rejected rows and warnings</h2>
          <p className="mt-1 text-sm text-zinc-600">
            Rejected rows were not imported. A picture that could not be fetched is a warning: its product was imported without it.
          </p>
        </div>
        {data && data.rows_rejected > 0 ? (
          <Button asChild variant="outline" size="sm" className="w-full shrink-0 sm:w-auto">
            <a href={rejectedRowsUrl(batch.id)} download>
              <FileDown aria-hidden /> Download rejected rows (CSV)
            </a>
          </Button>
        ) : null}
      </div>
      {errors.isError && !data ? (
        <div className="p-4 sm:p-5">
          <Alert variant="destructive">
            <span className="flex-1">{errorMessage(errors.error, 'Failed to load the rejected rows')}</span>
            <Button size="sm" variant="outline" onClick={() => void errors.refetch()}>Try again</Button>
          </Alert>
        </div>
      ) : !data ? (
        <div className="flex flex-col gap-2 p-4 sm:p-5" aria-label="Loading the rejected rows">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-8 w-full" />
          ))}
        </div>
      ) : data.total === 0 ? (
        <div className="p-4 sm:p-5">
          <EmptyState icon={CheckCircle2} title="No rows were rejected">
            Every row of the file was imported{batch.status === 'failed' ? ' before the import stopped' : ''}.
          </EmptyState>
        </div>
      ) : (
        <>
          <p className="border-b border-zinc-100 px-4 py-2.5 text-sm text-zinc-600 sm:px-5" data-testid="import-problem-totals">
            {data.rows_rejected === 0
              ? `No rows were rejected. ${data.total.toLocaleString('en-GB')} ${data.total === 1 ? 'warning' : 'warnings'}.`
              : `${data.rows_rejected.toLocaleString('en-GB')} ${data.rows_rejected === 1 ? 'row' : 'rows'} rejected. ${data.total.toLocaleString('en-GB')} ${data.total === 1 ? 'problem' : 'problems'} listed.`}
          </p>
          <Table aria-label="Import problems" aria-busy={errors.isPlaceholderData || undefined}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="w-14 sm:w-16">Line</TableHead>
                <TableHead className="hidden w-44 sm:table-cell">Column</TableHead>
                <TableHead>Problem</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.errors.map((e, i) => (
                <TableRow key={`${e.line}-${i}`}>
                  <TableCell className="align-top tabular-nums text-zinc-900">{e.line}</TableCell>
                  <TableCell className="hidden max-w-44 truncate align-top text-zinc-600 sm:table-cell" title={e.column ?? undefined}>{e.column ?? 'Whole row'}</TableCell>
                  <TableCell className="align-top break-words whitespace-normal text-zinc-900">
                    <span className="block text-xs text-zinc-500 sm:hidden">{e.column ?? 'Whole row'}</span>
                    {!e.rejected && <Badge variant="warning" className="mr-2">Warning</Badge>}
                    {e.message}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {data.pages > 1 ? (
            <nav className="flex items-center justify-between gap-3 border-t border-zinc-100 px-4 py-3 sm:px-5" aria-label="Problem pages">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                <ChevronLeft aria-hidden /> Previous
              </Button>
              <span className="text-sm text-zinc-600">
                Page {data.page} of {data.pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= data.pages} onClick={() => setPage((p) => p + 1)}>
                Next <ChevronRight aria-hidden />
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </Card>
  );
}
