import { Fragment } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { formatGBP } from '@shared/money';
import { VAT_RATE_LABELS } from '@shared/vat';
import type { VatReport } from '@shared/vat-report';
import { reportRateLines, type VatFigures } from './vat-report-view';

const PARTS = [
  { key: 'sales', label: 'Sales' },
  { key: 'refunds', label: 'Refunds' },
  { key: 'net', label: 'Net' },
] as const;
const COLUMNS = [
  { key: 'gross', label: 'Gross' },
  { key: 'net', label: 'Net' },
  { key: 'vat', label: 'VAT' },
] as const;

type Line = { name: string; total?: boolean } & Record<(typeof PARTS)[number]['key'], VatFigures>;

/**
 * The report's rates with their sales, refunds and net (sales less refunds), each as gross, net and
 * VAT, and a totals row. Wide screens get one row a rate; narrower ones a block of three rows a rate,
 * so no column is cut off on a phone.
 */
export function VatRateTable({ report }: { report: VatReport }) {
  const lines: Line[] = [
    ...reportRateLines(report).map((line) => ({ ...line, name: VAT_RATE_LABELS[line.rate] })),
    { name: 'Total', total: true, ...report.totals },
  ];
  return (
    <>
      <div className="hidden xl:block">
        <Table aria-label="VAT by rate">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead rowSpan={2} className="border-r border-zinc-200 px-3">Rate</TableHead>
              {PARTS.map((part) => (
                <TableHead key={part.key} colSpan={3} scope="colgroup" className="h-8 border-r border-zinc-200 px-3 text-center last:border-r-0">{part.label}</TableHead>
              ))}
            </TableRow>
            <TableRow className="hover:bg-transparent">
              {PARTS.map((part) =>
                COLUMNS.map((column, i) => (
                  <TableHead key={`${part.key}-${column.key}`} className={cn('h-8 px-3 text-right', i === 2 && part.key !== 'net' && 'border-r border-zinc-200')}>
                    <span className="sr-only">{part.label} </span>{column.label}
                  </TableHead>
                )),
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.map((line) => (
              <TableRow key={line.name} className={cn(line.total && 'border-t-2 border-zinc-200 bg-zinc-50/60 font-semibold')}>
                <TableHead scope="row" className={cn('border-r border-zinc-200 px-3 text-sm font-medium tracking-normal whitespace-nowrap text-zinc-900 normal-case', line.total && 'font-semibold')}>{line.name}</TableHead>
                {PARTS.map((part) =>
                  COLUMNS.map((column, i) => (
                    <TableCell key={`${part.key}-${column.key}`} className={cn('px-3 text-right whitespace-nowrap tabular-nums', i === 2 && part.key !== 'net' && 'border-r border-zinc-200')}>
                      {formatGBP(line[part.key][column.key])}
                    </TableCell>
                  )),
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <div className="xl:hidden">
        <Table aria-label="VAT by rate">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="px-3 sm:px-4"><span className="sr-only">Rate and part</span></TableHead>
              {COLUMNS.map((column) => <TableHead key={column.key} className="px-3 text-right sm:px-4">{column.label}</TableHead>)}
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.map((line) => (
              <Fragment key={line.name}>
                <TableRow className={cn('hover:bg-transparent', line.total ? 'border-t-2 border-zinc-200 bg-zinc-50/60' : 'bg-zinc-50/40')}>
                  <TableHead scope="colgroup" colSpan={4} className="h-9 px-3 text-sm font-semibold tracking-normal text-zinc-900 normal-case sm:px-4">{line.name}</TableHead>
                </TableRow>
                {PARTS.map((part) => (
                  <TableRow key={part.key} className={cn(part.key === 'net' && 'font-medium text-zinc-900')}>
                    <TableHead scope="row" className="h-auto px-3 py-2 text-sm font-normal tracking-normal text-zinc-600 normal-case sm:px-4">{part.label}</TableHead>
                    {COLUMNS.map((column) => (
                      <TableCell key={column.key} className="px-3 py-2 text-right whitespace-nowrap tabular-nums sm:px-4">{formatGBP(line[part.key][column.key])}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
