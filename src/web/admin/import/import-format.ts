import { importBadgeTone, type ImportResult, type ImportStats } from '@shared/imports';
import type { BadgeProps } from '@/components/ui/badge';

const TONE_VARIANT: Record<ReturnType<typeof importBadgeTone>, NonNullable<BadgeProps['variant']>> = {
  uploaded: 'default',
  processing: 'warning',
  succeeded: 'success',
  failed: 'destructive',
  pending: 'secondary',
};

/** The badge a status shows (spec §4: uploaded, processing, succeeded, failed; any other the pending style). */
export function statusBadge(status: string): { label: string; variant: NonNullable<BadgeProps['variant']> } {
  return { label: status.charAt(0).toUpperCase() + status.slice(1), variant: TONE_VARIANT[importBadgeTone(status)] };
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-GB')} ${word}${n === 1 ? '' : 's'}`;

/** Statuses whose counts come from the check (dry run), not from importing. */
const CHECKED = new Set(['mapping', 'validating', 'ready']);

/**
 * '120 rows · 118 imported · 2 failed' ('118 valid · 2 rejected' after a check; '3 created · 1 updated ·
 * 0 unchanged · 2 rejected' once processed), or null before the file was read.
 */
export function statsLine(stats: ImportStats, status = '', result: ImportResult | null = null): string | null {
  if (result && (status === 'succeeded' || status === 'failed' || status === 'processing')) {
    const n = (v: number) => v.toLocaleString('en-GB');
    return `${plural(stats.rows_total, 'row')} · ${n(result.products_created)} created · ${n(result.products_updated)} updated · ${n(result.products_unchanged)} unchanged · ${n(stats.rows_failed)} rejected`;
  }
  if (stats.rows_total === 0 && stats.rows_ok === 0 && stats.rows_failed === 0) return null;
  if (CHECKED.has(status)) return `${plural(stats.rows_total, 'row')} · ${stats.rows_ok.toLocaleString('en-GB')} valid · ${stats.rows_failed.toLocaleString('en-GB')} rejected`;
  return `${plural(stats.rows_total, 'row')} · ${stats.rows_ok.toLocaleString('en-GB')} imported · ${stats.rows_failed.toLocaleString('en-GB')} failed`;
}

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** '24 Nov 2026, 17:54' */
export const formatImportDate = (iso: string) => DATE_TIME.format(new Date(iso));
