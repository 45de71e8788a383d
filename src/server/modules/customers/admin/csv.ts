import { csvLine } from '../../../../shared/import/csv-cells';
import { consentLabel } from '../../../../shared/customers';
import { penceToPounds } from '../../../../shared/money';
import type { CustomerRecord } from './repo';

// The customers export (issue 26): one row per customer, in the list's order. Every cell goes through
// csvLine, which quotes what needs quoting and puts a ' before a cell a spreadsheet would run as a
// formula (a name like "=HYPERLINK(...)" typed at checkout stays text).

export const CUSTOMER_CSV_HEADERS = ['Name', 'Email', 'Customer type', 'Orders', 'Total spent (GBP)', 'First order', 'Last order', 'Marketing consent'] as const;

const londonParts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** UK time as a spreadsheet reads it: 2026-11-27 14:05. */
export function londonDateTime(at: Date | string | null): string {
  if (at === null) return '';
  const part = Object.fromEntries(londonParts.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

export function customerCsvRow(c: CustomerRecord): string {
  return csvLine([
    c.name,
    c.email,
    c.user_id ? 'Account' : 'Guest',
    String(c.orders_count),
    penceToPounds(Number(c.total_spent)).toFixed(2),
    londonDateTime(c.first_order_at),
    londonDateTime(c.last_order_at),
    consentLabel(c.marketing_consent),
  ]);
}

export const customersCsvHead = () => `\uFEFF${csvLine(CUSTOMER_CSV_HEADERS)}`;
export const customersFileName = (now = new Date()) => `customers-${now.toISOString().slice(0, 10)}.csv`;
