import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VatReport, VatReportQuery } from '@shared/vat-report';
import { api } from './api';

/** Admin > VAT report (src/web/lib/admin-vat-report.ts): one report per period. */
export const vatReportKeys = {
  all: ['admin', 'reports', 'vat'] as const,
  period: (from: string, to: string) => ['admin', 'reports', 'vat', from, to] as const,
};

export type { VatReport } from '@shared/vat-report';

const BASE = '/api/admin/reports/vat';
const search = ({ from, to }: VatReportQuery) => new URLSearchParams({ from, to }).toString();

/**
 * GET /api/admin/reports/vat?from&to (issue 25): sales, refunds and VAT by rate for Europe/London days,
 * both included. `period` null (dates not valid yet) asks nothing. The last report stays on screen
 * while the next period loads.
 */
export function useVatReport(period: VatReportQuery | null) {
  return useQuery({
    queryKey: vatReportKeys.period(period?.from ?? '', period?.to ?? ''),
    queryFn: () => api<{ report: VatReport }>('GET', `${BASE}?${search(period!)}`).then((r) => r.report),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}

/** The same report as a CSV file (the server answers it as an attachment), for a plain download link. */
export const vatReportCsvUrl = (period: VatReportQuery) => `${BASE}.csv?${search(period)}`;
