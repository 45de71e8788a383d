import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Download, Info, ReceiptPoundSterling, TriangleAlert } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useVatReport, vatReportCsvUrl, type VatReport } from '@/lib/admin-vat-report';
import { formatGBP } from '@shared/money';
import { londonToday, periodErrors, periodFromSearch, periodLabel, presetOf, presetPeriod, VAT_PERIOD_LABELS, VAT_PERIOD_PRESETS, type VatPeriod, type VatPeriodPreset } from './vat-periods';
import { formatWholePounds, isEmptyReport } from './vat-report-view';
import { VatRateTable } from './VatRateTable';

const CUSTOM = 'custom';

/**
 * Admin /admin/reports/vat (issue 25): sales, refunds and VAT by rate for a period of UK calendar days,
 * the figures a VAT return takes from sales (boxes 1 and 6), and the same report as CSV. The period is
 * in the address (?from=&to=), so a reload or a shared link shows the same report.
 */
export function VatReportPage() {
  // The UK day when the page opened: the presets count from it.
  const today = useMemo(() => londonToday(new Date()), []);
  const [params, setParams] = useSearchParams();
  const period = periodFromSearch(params, today);

  // The dates as typed; they become the report's period once the server would take them.
  const [draft, setDraft] = useState<VatPeriod>(period);
  const [shown, setShown] = useState<VatPeriod>(period);
  if (shown.from !== period.from || shown.to !== period.to) {
    setShown(period);
    setDraft(period);
  }

  const report = useVatReport(period);
  const serverFields = report.error instanceof ApiError ? report.error.fields : {};
  const draftErrors = periodErrors(draft);
  // While the typed dates cannot be used, the report below is still the last good period's: dimmed.
  const datesOk = Object.keys(draftErrors).length === 0;
  const errors = { from: draftErrors.from ?? serverFields.from, to: draftErrors.to ?? serverFields.to };
  // "Custom dates" stays chosen while the dates are typed, even when they happen to match a preset.
  const [custom, setCustom] = useState(false);
  const preset = custom ? CUSTOM : (presetOf(draft, today) ?? CUSTOM);
  const fromInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (report.isError) toast.error(errorMessage(report.error, 'Failed to load the VAT report'), { id: 'vat-report-load' });
  }, [report.isError, report.error]);

  const show = (next: VatPeriod) => setParams(new URLSearchParams({ from: next.from, to: next.to }), { replace: true });
  const choosePreset = (value: string) => {
    setCustom(value === CUSTOM);
    if (value === CUSTOM) fromInput.current?.focus();
    else show(presetPeriod(value as VatPeriodPreset, today));
  };
  const type = (key: keyof VatPeriod, value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (Object.keys(periodErrors(next)).length === 0) show(next);
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">VAT report</h1>
          <p className="mt-1 text-sm text-zinc-500">Sales, refunds and VAT by rate for a period of UK calendar days.</p>
        </div>
        {datesOk ? (
          <Button variant="outline" asChild>
            <a href={vatReportCsvUrl(period)} download>
              <Download aria-hidden /> Download CSV
            </a>
          </Button>
        ) : (
          <Button variant="outline" disabled>
            <Download aria-hidden /> Download CSV
          </Button>
        )}
      </div>

      <Card className="p-4">
        <form aria-label="Report dates" onSubmit={(e) => e.preventDefault()} className="grid grid-cols-2 items-start gap-3 sm:grid-cols-3">
          <div className="col-span-2 sm:col-span-1">
            <FormField label="Period">
              <Select value={preset} onChange={(e) => choosePreset(e.target.value)}>
                {VAT_PERIOD_PRESETS.map((p) => <option key={p} value={p}>{VAT_PERIOD_LABELS[p]}</option>)}
                <option value={CUSTOM}>Custom dates</option>
              </Select>
            </FormField>
          </div>
          <FormField label="From" error={errors.from}>
            <Input ref={fromInput} type="date" value={draft.from} max={today} onChange={(e) => type('from', e.target.value)} />
          </FormField>
          <FormField label="To" error={errors.to}>
            <Input type="date" value={draft.to} max={today} onChange={(e) => type('to', e.target.value)} />
          </FormField>
        </form>
      </Card>

      {report.isError && !report.data ? (
        <Alert variant="destructive" className="items-center">
          <span className="flex-1">
            <span className="block font-medium">Failed to load the VAT report</span>
            {errorMessage(report.error, '') ? <span className="block">{errorMessage(report.error, '')}</span> : null}
          </span>
          <Button size="sm" variant="outline" onClick={() => void report.refetch()}>Try again</Button>
        </Alert>
      ) : report.isPending ? (
        <ReportSkeleton />
      ) : (
        <div className={cn('transition-opacity', (report.isPlaceholderData || !datesOk) && 'opacity-50')} aria-busy={report.isPlaceholderData}>
          <ReportBody report={report.data} />
        </div>
      )}
    </div>
  );
}

function ReportBody({ report }: { report: VatReport }) {
  const period = { from: report.from, to: report.to };
  const empty = isEmptyReport(report);
  return (
    <div className="flex flex-col gap-6">
      {!report.vat_registered ? (
        <Alert variant="warning">
          <TriangleAlert aria-hidden />
          <span>
            Your store is not VAT registered, so it charges shoppers no VAT. The figures below are what was charged in this period.{' '}
            <Link to="/admin/settings?tab=store" className="font-medium underline underline-offset-2">Change this in Store Info</Link>
          </span>
        </Alert>
      ) : null}

      <p className="text-sm text-zinc-600">
        <span className="font-medium text-zinc-900">{periodLabel(period)}</span>
        {report.vat_registered && report.vat_number ? <>{' · '}VAT number <span className="font-mono">{report.vat_number}</span></> : null}
      </p>

      <ul className="grid grid-cols-2 gap-4 xl:grid-cols-4" aria-label="Figures">
        <Figure className="col-span-2 sm:col-span-1" label="Box 1 VAT due on sales" value={formatGBP(report.mtd.box1)} note="VAT on sales less VAT on refunds." />
        <Figure className="col-span-2 sm:col-span-1" label="Box 6 Total value of sales excluding VAT" value={formatWholePounds(report.mtd.box6)} note="After refunds, in whole pounds as HMRC asks." />
        <Figure label="Paid orders" value={report.order_count.toLocaleString('en-GB')} note="Paid in this period." />
        <Figure label="Refunds" value={report.refund_count.toLocaleString('en-GB')} note="Made in this period." />
      </ul>
      <Alert>
        <Info aria-hidden />
        <span>For your VAT return. Boxes 1 and 6 come from your sales here; the boxes for purchases (4 and 7) come from your own records.</span>
      </Alert>

      {empty ? (
        <EmptyState icon={ReceiptPoundSterling} title="No sales in this period">
          Paid orders and refunds from {periodLabel(period)} will show here.
        </EmptyState>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>VAT by rate</CardTitle>
            <CardDescription>Gross includes VAT; net is gross less VAT.</CardDescription>
          </CardHeader>
          <CardContent className="px-0 pb-0">
            <VatRateTable report={report} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function Figure({ label, value, note, className }: { label: string; value: string; note: string; className?: string }) {
  return (
    <li className={className}>
      <Card className="h-full">
        <CardContent className="pt-5">
          <p className="text-sm font-medium text-zinc-600">{label}</p>
          <p className="mt-1 text-2xl font-semibold tracking-tight tabular-nums">{value}</p>
          <p className="mt-1 text-xs text-zinc-500">{note}</p>
        </CardContent>
      </Card>
    </li>
  );
}

function ReportSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading the VAT report">
      <Skeleton className="h-5 w-72" />
      <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={cn('grid gap-2 rounded-lg border border-zinc-200 bg-white p-5', i < 2 && 'col-span-2 sm:col-span-1')}>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-7 w-1/2" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        ))}
      </div>
      <div className="grid gap-2 rounded-lg border border-zinc-200 bg-white p-4">
        {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-9" />)}
      </div>
    </div>
  );
}
