import type { BadgeProps } from '@/components/ui/badge';
import { PIPELINE_COLUMNS, type Lead, type LeadStatus } from '@shared/crm/leads';
import { formatGBP } from '@shared/money';

// How leads read on screen (admin spec §2): money in GBP, dates as '24 Nov 2026', priority as colour.

/** Card left border by priority: high red, medium yellow, low green, anything else grey (spec §2). */
export function priorityBorderClass(priority: string | null | undefined): string {
  switch (priority) {
    case 'high':
      return 'border-l-red-500';
    case 'medium':
      return 'border-l-yellow-400';
    case 'low':
      return 'border-l-green-500';
    default:
      return 'border-l-zinc-300';
  }
}

export function priorityBadgeVariant(priority: string): BadgeProps['variant'] {
  return priority === 'high' ? 'destructive' : priority === 'medium' ? 'warning' : priority === 'low' ? 'success' : 'secondary';
}

export function statusBadgeVariant(status: LeadStatus): BadgeProps['variant'] {
  if (status === 'won') return 'success';
  if (status === 'lost') return 'destructive';
  if (status === 'quoted') return 'warning';
  return status === 'new' ? 'default' : 'secondary';
}

/** The column title a status stands for ('New Leads' for new). */
export function statusLabel(status: LeadStatus): string {
  return PIPELINE_COLUMNS.find((column) => column.id === status)?.title ?? status;
}

export const capitalise = (word: string) => (word ? word[0]!.toUpperCase() + word.slice(1) : word);

// Fixed month names: Intl's en-GB data writes September 'Sept' in newer ICU versions.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Day, short month, year in the viewer's time zone: '24 Nov 2026' (spec §2). */
export function formatLeadDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/** A quote amount in pounds, or null when there is none. */
export function formatQuote(amount: number | null | undefined): string | null {
  return amount === null || amount === undefined ? null : formatGBP(amount);
}

/** A column's card count and the GBP sum of its quote amounts. */
export function columnSummary(leads: readonly Lead[]): { count: number; total: string } {
  const pence = leads.reduce((sum, lead) => sum + Math.round((lead.quote_amount ?? 0) * 100), 0);
  return { count: leads.length, total: formatGBP(pence / 100) };
}

/** Leads grouped by pipeline column, each keeping the list's order (newest first). */
export function leadsByColumn(leads: readonly Lead[]): Record<LeadStatus, Lead[]> {
  const groups = Object.fromEntries(PIPELINE_COLUMNS.map((column) => [column.id, [] as Lead[]])) as Record<LeadStatus, Lead[]>;
  for (const lead of leads) groups[lead.status]?.push(lead);
  return groups;
}
