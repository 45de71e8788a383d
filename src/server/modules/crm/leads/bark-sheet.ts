import Papa from 'papaparse';
import { z } from 'zod';
import { AppError } from '../../../http/errors';
import { fetchRemoteFile, parseTarget, RemoteFetchError, sizeLabel, type RemoteFetchOptions } from '../../../adapters/http/safe-fetch';
import type { BarkMetadata } from '../../../../shared/crm/leads';

// The Bark sheet import (admin spec §3 "Sheet import columns", §7 bark-sheets-import): a published
// Google Sheet's CSV, fetched from the address the person typed through the SSRF-guarded fetcher
// (decision 025), one lead per row with a Bark id, name and email.

/** The sheet as downloaded, at most (a published sheet of a few thousand leads is well under 1 MB). */
export const BARK_SHEET_MAX_BYTES = 5 * 1024 * 1024;
/** Rows read at most; a larger sheet is refused as a whole rather than imported in part. */
export const BARK_SHEET_MAX_ROWS = 5000;

/** A row ready to insert, in the table's terms (pence, the metadata as its JSON string). */
export interface BarkLead {
  barkId: string;
  name: string;
  email: string;
  phone: string | null;
  projectType: string | null;
  projectDescription: string | null;
  location: string | null;
  quoteAmountPence: number | null;
  notes: string;
}

const emailSchema = z.email();
// Not CSV, whatever the server calls it: a sign-in page or an error page instead of the sheet.
const HTML_START = /^\s*<(!doctype|html|head|body|\?xml)/i;
const CSV_TYPES = new Set(['', 'text/csv', 'application/csv', 'text/comma-separated-values', 'text/plain', 'application/octet-stream', 'application/vnd.ms-excel']);

const refused = (message: string, status = 422) => new AppError(status, 'invalid_input', message, { sheets_url: message });

/** Refuses (400) an address no fetch would even be tried for, before the import is counted. */
export function assertSheetAddress(url: string): void {
  try {
    parseTarget(url);
  } catch (e) {
    if (e instanceof RemoteFetchError) throw refused(`Could not fetch the sheet: ${e.message}`, 400);
    throw e;
  }
}

/** Fetches the sheet's text; every failure is the person's to fix (4xx), never a 500. */
export async function fetchBarkSheet(url: string, fetchOptions: Pick<RemoteFetchOptions, 'allowPrivate' | 'timeoutMs' | 'maxBytes'>): Promise<string> {
  const maxBytes = Math.min(BARK_SHEET_MAX_BYTES, fetchOptions.maxBytes ?? BARK_SHEET_MAX_BYTES);
  let bytes: Buffer;
  let contentType: string;
  try {
    ({ bytes, contentType } = await fetchRemoteFile(url, { ...fetchOptions, maxBytes, accept: 'text/csv, text/plain;q=0.5' }));
  } catch (e) {
    if (!(e instanceof RemoteFetchError)) throw e;
    const message = e.reason === 'too_large' ? `The sheet is larger than ${sizeLabel(maxBytes)}` : `Could not fetch the sheet: ${e.message}`;
    throw refused(message, e.reason === 'bad_url' ? 400 : 422);
  }
  // Text PostgreSQL can hold: no byte order mark, no NUL; bad UTF-8 becomes U+FFFD.
  const text = new TextDecoder('utf-8').decode(bytes).replaceAll('\u0000', '');
  if (!CSV_TYPES.has(contentType) || HTML_START.test(text)) throw refused('The address did not answer with a CSV file. Publish the sheet to the web as CSV and use that link');
  return text;
}

/** Cuts to a column's limit without splitting a surrogate pair (a lone half is not storable text). */
function cut(value: string, max: number): string {
  if (value.length <= max) return value;
  const end = /[\uD800-\uDBFF]/.test(value[max - 1]) ? max - 1 : max;
  return value.slice(0, end);
}

/** Pounds in the sheet ("£1,250.00", "1250") to pence; anything else is no quote. */
function pence(raw: string): number | null {
  const n = Number(raw.replace(/[£,\s]/g, ''));
  if (!raw.trim() || !Number.isFinite(n) || n < 0 || n > 1_000_000_000) return null;
  return Math.round(n * 100);
}

/**
 * The sheet's rows as leads, and how many rows were skipped (no Bark id, no name, no usable email, or
 * a Bark id seen earlier in the same sheet). Columns are found by header name, in any order.
 */
export function readBarkSheet(text: string): { leads: BarkLead[]; skipped: number } {
  const parsed = Papa.parse<Record<string, string | undefined>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    preview: BARK_SHEET_MAX_ROWS + 1,
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  if (!parsed.meta.fields?.includes('bark_id')) throw refused('The sheet has no bark_id column. Use "Setup Google Sheets Headers" for the header row');
  if (parsed.data.length > BARK_SHEET_MAX_ROWS) throw refused(`The sheet has more than ${BARK_SHEET_MAX_ROWS} rows`);
  const leads: BarkLead[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const row of parsed.data) {
    const cell = (key: string) => (typeof row[key] === 'string' ? row[key].trim() : '');
    const barkId = cell('bark_id');
    const name = cell('bark_buyer_name') || cell('bark_buyer_short_name');
    const email = cell('bark_email').toLowerCase();
    if (!barkId || barkId.length > 200 || seen.has(barkId) || !name || email.length > 254 || !emailSchema.safeParse(email).success) {
      skipped++;
      continue;
    }
    seen.add(barkId);
    const metadata: BarkMetadata = {
      bark_created_at_date_utc: cell('bark_created_at_date_utc') || undefined,
      bark_purchased_count: cell('bark_purchased_count') || undefined,
      bark_credits_required: cell('bark_credits_required') || undefined,
      // Shorter than the column's own copy: escaped control characters may grow it six-fold in JSON.
      bark_display_text: cut(cell('bark_display_text'), 2000) || undefined,
    };
    const location = [cell('bark_location_name'), cell('bark_postcode')].filter(Boolean).join(', ');
    leads.push({
      barkId,
      name: cut(name, 200),
      email,
      phone: cut(cell('bark_telephone_formatted') || cell('bark_telephone'), 50) || null,
      projectType: cut(cell('bark_category_name'), 100) || null,
      projectDescription: cut(cell('bark_display_text'), 5000) || null,
      location: cut(location, 200) || null,
      quoteAmountPence: pence(cell('quote_value')),
      notes: JSON.stringify(metadata),
    });
  }
  return { leads, skipped };
}
