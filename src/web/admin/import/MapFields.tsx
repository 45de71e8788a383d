import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, CheckCircle2, FileWarning, Sparkles, History } from 'lucide-react';
import { toast } from 'sonner';
import type { ImportBatch, ImportColumn, ImportColumnsResponse, ImportDryRunResult, ImportField } from '@shared/import-schemas';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError, errorMessage } from '@/lib/api';
import { useCheckImport, useImportColumns } from '@/lib/admin-imports';
import { ImportAction } from './ImportAction';
import { ExampleProductsNote, PictureCheckNote } from './DryRunNotes';

type Mapping = Record<string, string | null>;

/** Variant fields are listed in their own group of the field picker. */
const isVariantField = (field: string) => field.startsWith('option') || field.startsWith('variant_');

/**
 * Map Fields (issue 15 item 2, decision 024), like Shopify's and Matrixify's import screens: each column
 * of the file with its first values, and the product field it feeds. Columns are matched by name (or
 * by this store's earlier choices) before the merchant sees them; 'Save mapping and check file' keeps
 * the mapping and checks every row without writing anything.
 */
export function MapFields({ batch }: { batch: ImportBatch }) {
  const columns = useImportColumns(batch.id, true);
  if (columns.isPending) {
    return (
      <Card className="flex flex-col gap-3 p-4 sm:p-5" aria-label="Reading the file’s columns">
        <Skeleton className="h-6 w-48" />
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </Card>
    );
  }
  if (columns.isError) {
    const fileProblem = columns.error instanceof ApiError && columns.error.status === 422;
    return (
      <Alert variant="destructive">
        <FileWarning aria-hidden />
        <span className="flex flex-1 flex-col gap-2">
          <span>
            <span className="font-medium">{fileProblem ? 'This file cannot be mapped. ' : ''}</span>
            {errorMessage(columns.error, 'Failed to read the file’s columns')}
          </span>
          {fileProblem ? (
            <Button asChild size="sm" variant="outline" className="w-fit">
              <Link to="/admin/import">Upload another file</Link>
            </Button>
          ) : (
            <Button size="sm" variant="outline" className="w-fit" onClick={() => void columns.refetch()}>Try again</Button>
          )}
        </span>
      </Alert>
    );
  }
  return <MappingForm key={batch.id} batch={batch} data={columns.data} />;
}

function MappingForm({ batch, data }: { batch: ImportBatch; data: ImportColumnsResponse }) {
  const [mapping, setMapping] = useState<Mapping>(data.mapping);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // The server's refusal of the mapping, in its own words: what no column can show (a required field
  // nothing is mapped to, a file that changed) stays on screen until the mapping is changed.
  const [refusal, setRefusal] = useState<{ message: string; problems: string[] } | null>(null);
  const check = useCheckImport(batch.id);
  const resultRef = useRef<HTMLDivElement>(null);
  // After a check, its result is brought into view once it has rendered.
  const scrollPending = useRef(false);
  useEffect(() => {
    if (scrollPending.current && batch.dry_run) {
      scrollPending.current = false;
      resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [batch.dry_run]);

  const fieldsByName = useMemo(() => new Map<string, ImportField>(data.fields.map((f) => [f.field, f])), [data.fields]);
  /** Column index feeding each field first (from the left). */
  const firstColumnOf = useMemo(() => {
    const first = new Map<string, number>();
    data.columns.forEach((c) => {
      const field = mapping[String(c.index)];
      if (field && !first.has(field)) first.set(field, c.index);
    });
    return first;
  }, [data.columns, mapping]);
  const required = data.fields.filter((f) => f.required);
  const importedCount = data.columns.filter((c) => mapping[String(c.index)]).length;
  // The form differs from the mapping the check used: importing now would not do what the screen shows.
  const stale = data.columns.some((c) => (mapping[String(c.index)] ?? null) !== (batch.mapping?.[String(c.index)] ?? null));

  const choose = (index: number, field: string | null) => {
    setMapping((m) => ({ ...m, [String(index)]: field }));
    setFieldErrors({});
    setRefusal(null);
  };

  const submit = () => {
    setRefusal(null);
    check.mutate(mapping, {
      onSuccess: (result) => {
        const { products_to_create, products_to_update, rows_rejected } = result.summary;
        const counts = `${products_to_create} to create, ${products_to_update} to update, ${rows_rejected} ${rows_rejected === 1 ? 'row' : 'rows'} rejected.`;
        if (rows_rejected === 0) toast.success('File checked', { description: `${counts} Nothing has been imported yet.` });
        else toast.warning('File checked: some rows have problems', { description: counts });
        scrollPending.current = true;
      },
      onError: (err) => {
        const fields = err instanceof ApiError ? err.fields : {};
        setFieldErrors(fields);
        const message = errorMessage(err, 'Failed to save the mapping');
        // Problems not tied to a column (fields.<name>: a required field left unmapped) are listed here.
        const problems = Object.entries(fields).filter(([key]) => !key.startsWith('mapping.')).map(([, text]) => text);
        setRefusal({ message, problems: problems.length > 1 || (problems.length === 1 && problems[0] !== message) ? problems : [] });
        toast.error('Mapping not saved', { description: message });
      },
    });
  };

  return (
    <>
      <Card>
        <div className="flex flex-col gap-3 border-b border-zinc-200 p-4 sm:p-5">
          <div>
            <h2 className="font-semibold">Map Fields</h2>
            <p className="mt-1 text-sm text-zinc-600">
              Choose the product field each column of your file fills. Columns were matched by their names; change any that are wrong, or choose “Don’t import”.
            </p>
          </div>
          <ul className="flex flex-wrap gap-2" aria-label="Required fields">
            {required.map((f) => {
              const column = firstColumnOf.get(f.field);
              const missing = column === undefined;
              return (
                <li
                  key={f.field}
                  className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium ${missing ? 'border-red-200 bg-red-50 text-red-700' : 'border-emerald-200 bg-emerald-50 text-emerald-800'}`}
                >
                  {missing ? <AlertTriangle className="size-3.5" aria-hidden /> : <CheckCircle2 className="size-3.5" aria-hidden />}
                  {f.header}: {missing ? 'not mapped' : `“${data.columns[column].header || `Column ${column + 1}`}”`}
                </li>
              );
            })}
          </ul>
        </div>
        <div className="hidden grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)_minmax(0,1.1fr)] gap-4 border-b border-zinc-200 bg-zinc-50/60 px-5 py-2.5 text-xs font-medium tracking-wide text-zinc-500 uppercase md:grid">
          <span>Column in your file</span>
          <span>Sample values</span>
          <span>Product field</span>
        </div>
        <ol className="divide-y divide-zinc-100" aria-label="File columns">
          {data.columns.map((column) => (
            <ColumnRow
              key={column.index}
              column={column}
              fields={data.fields}
              field={mapping[String(column.index)] ?? null}
              chosen={fieldsByName.get(mapping[String(column.index)] ?? '')}
              takenBy={(() => {
                const field = mapping[String(column.index)];
                const first = field ? firstColumnOf.get(field) : undefined;
                return first !== undefined && first !== column.index ? data.columns[first].header || `Column ${first + 1}` : null;
              })()}
              error={fieldErrors[`mapping.${column.index}`]}
              onChange={(field) => choose(column.index, field)}
            />
          ))}
        </ol>
        {refusal ? (
          <div className="border-t border-zinc-200 p-4 sm:p-5">
            <Alert variant="destructive" aria-label="Mapping not saved">
              <AlertTriangle aria-hidden />
              <span className="flex flex-col gap-1">
                <span className="font-medium">The mapping was not saved. {refusal.problems.length ? '' : refusal.message}</span>
                {refusal.problems.length ? (
                  <ul className="list-disc pl-4">
                    {refusal.problems.map((problem) => <li key={problem}>{problem}</li>)}
                  </ul>
                ) : null}
              </span>
            </Alert>
          </div>
        ) : null}
        {/* Stays in view while a long file's columns scroll by. */}
        <div className="sticky bottom-0 z-10 flex flex-col gap-3 rounded-b-lg border-t border-zinc-200 bg-zinc-50/95 p-4 backdrop-blur-sm sm:flex-row sm:items-center sm:justify-between sm:p-5">
          <p className="text-sm text-zinc-600">
            {importedCount} of {data.columns.length} columns will be imported. Nothing is written to your catalogue by the check.
          </p>
          <Button onClick={submit} disabled={check.isPending} className="w-full sm:w-auto">
            {check.isPending ? (
              <>
                <Spinner className="size-4 text-current" label="Checking" /> Checking file…
              </>
            ) : (
              'Save mapping and check file'
            )}
          </Button>
        </div>
      </Card>
      {batch.dry_run ? (
        <div ref={resultRef} className="scroll-mt-4">
          <DryRunResult result={batch.dry_run} status={batch.status} action={<ImportAction batch={batch} stale={stale} />} />
        </div>
      ) : null}
    </>
  );
}

function ColumnRow({
  column,
  fields,
  field,
  chosen,
  takenBy,
  error,
  onChange,
}: {
  column: ImportColumn;
  fields: ImportField[];
  field: string | null;
  chosen: ImportField | undefined;
  takenBy: string | null;
  error?: string;
  onChange: (field: string | null) => void;
}) {
  const id = `map-column-${column.index}`;
  const auto = field !== null && field === column.suggested_field && column.saved_field === undefined;
  const saved = field !== null && column.saved_field !== undefined && field === column.saved_field;
  const productFields = fields.filter((f) => !isVariantField(f.field));
  const variantFields = fields.filter((f) => isVariantField(f.field));
  const label = (f: ImportField) => `${f.header}${f.required ? ' (required)' : ''}`;
  return (
    <li className="grid grid-cols-1 gap-2 px-4 py-3.5 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)_minmax(0,1.1fr)] md:gap-4 md:px-5" data-testid="map-column">
      <div className="min-w-0">
        <label htmlFor={id} className="block truncate font-medium text-zinc-900" title={column.header}>
          {column.header || <span className="text-zinc-500 italic">Column {column.index + 1} (no name)</span>}
        </label>
        <span className="text-xs text-zinc-500">Column {column.index + 1}</span>
      </div>
      <div className="min-w-0 text-sm text-zinc-600">
        {column.samples.length ? (
          <ul className="flex flex-col gap-0.5">
            {column.samples.map((sample, i) => (
              <li key={i} className="truncate" title={sample}>
                {sample}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-zinc-400 italic">Empty in the first rows</span>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Select
          id={id}
          value={field ?? ''}
          onChange={(e) => onChange(e.target.value || null)}
          aria-invalid={Boolean(error || takenBy) || undefined}
          aria-describedby={`${id}-note`}
          className={field ? undefined : 'text-zinc-500'}
        >
          <option value="">Don’t import</option>
          <optgroup label="Product">
            {productFields.map((f) => (
              <option key={f.field} value={f.field}>{label(f)}</option>
            ))}
          </optgroup>
          <optgroup label="Variants">
            {variantFields.map((f) => (
              <option key={f.field} value={f.field}>{label(f)}</option>
            ))}
          </optgroup>
        </Select>
        <div id={`${id}-note`} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
          {auto ? (
            <Badge variant="default"><Sparkles className="size-3" aria-hidden /> Auto-matched</Badge>
          ) : null}
          {saved ? (
            <Badge variant="secondary"><History className="size-3" aria-hidden /> Used last time</Badge>
          ) : null}
          {takenBy ? (
            <span className="font-medium text-red-700">Already chosen for “{takenBy}”</span>
          ) : error ? (
            <span className="font-medium text-red-700">{error}</span>
          ) : chosen ? (
            <span className="text-zinc-500">{chosen.hint}</span>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** The dry run's counts and its first errors. */
export function DryRunResult({ result, status, action }: { result: ImportDryRunResult; status: string; action?: ReactNode }) {
  const { summary } = result;
  const clean = summary.rows_rejected === 0;
  return (
    <Card className="overflow-hidden" aria-label="Check result">
      <div className="flex flex-col gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-semibold">Check result</h2>
          <span className="text-xs text-zinc-500">{summary.rows_total.toLocaleString('en-GB')} rows read</span>
        </div>
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          <Count label="Products to create" value={summary.products_to_create} tone="text-emerald-700" testId="dry-run-create" />
          <Count label="Products to update" value={summary.products_to_update} tone="text-indigo-700" testId="dry-run-update" />
          <Count label="Rows rejected" value={summary.rows_rejected} tone="text-red-700" testId="dry-run-rejected" />
        </dl>
        {clean ? (
          <Alert variant="info">
            <CheckCircle2 aria-hidden />
            <span>
              <span className="font-medium">{status === 'ready' ? 'Ready to import.' : 'No problems found.'}</span> Every row passed the check. Nothing has been written to your catalogue yet.
            </span>
          </Alert>
        ) : (
          <Alert variant="warning">
            <AlertTriangle aria-hidden />
            <span>
              <span className="font-medium">
                {summary.rows_rejected.toLocaleString('en-GB')} {summary.rows_rejected === 1 ? 'row has' : 'rows have'} problems.
              </span>{' '}
              Fix them in your file and upload it again, change the mapping above and check again, or import the other products and skip these rows. Nothing has been written to your catalogue yet.
            </span>
          </Alert>
        )}
        {result.examples ? <ExampleProductsNote examples={result.examples} /> : null}
        {result.pictures ? <PictureCheckNote pictures={result.pictures} /> : null}
        {action}
      </div>
      {result.errors.length > 0 ? (
        <div className="border-t border-zinc-200">
          <Table aria-label="Problems found">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="w-14 sm:w-16">Line</TableHead>
                <TableHead className="hidden w-40 sm:table-cell">Column</TableHead>
                <TableHead>Problem</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {result.errors.map((e, i) => (
                <TableRow key={i}>
                  <TableCell className="align-top tabular-nums text-zinc-900">{e.line}</TableCell>
                  <TableCell className="hidden max-w-40 truncate align-top text-zinc-600 sm:table-cell" title={e.column ?? undefined}>{e.column ?? 'Whole row'}</TableCell>
                  <TableCell className="align-top text-zinc-900">
                    <span className="block text-xs text-zinc-500 sm:hidden">{e.column ?? 'Whole row'}</span>
                    {e.message}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {result.errors_total > result.errors.length ? (
            <p className="border-t border-zinc-100 px-4 py-3 text-sm text-zinc-500">
              Showing the first {result.errors.length} of {result.errors_total.toLocaleString('en-GB')} problems.
            </p>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

function Count({ label, value, tone, testId }: { label: string; value: number; tone: string; testId: string }) {
  return (
    <div className="flex flex-col justify-between rounded-lg border border-zinc-200 px-2.5 py-2 sm:px-3 sm:py-2.5">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className={`mt-0.5 text-xl font-semibold sm:text-2xl tabular-nums ${value ? tone : 'text-zinc-900'}`} data-testid={testId}>{value.toLocaleString('en-GB')}</dd>
    </div>
  );
}
