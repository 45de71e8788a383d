// Product CSV import batches (issue 15, admin spec §2 "Product import", §3 "Import batch", §4).
import { IMPORT_MAX_BYTES } from './product-csv';

/**
 * A batch's life: created 'uploading' (no file yet), 'uploaded' once its file is stored, then the
 * mapping and validation steps (mapping, validating, ready), processing, and succeeded or failed.
 * 'uploading' is this platform's own (decision 022): the spec's flow creates the batch before the
 * file is sent, and a batch without a file must not offer 'Map Fields'.
 */
export const IMPORT_STATUSES = ['uploading', 'uploaded', 'mapping', 'validating', 'ready', 'processing', 'succeeded', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface ImportStats {
  rows_total: number;
  rows_ok: number;
  rows_failed: number;
}

/** What processing has done so far (issue 15 item 3), updated with every committed chunk. */
export interface ImportResult {
  /** Data rows read and settled (imported or rejected). */
  rows_done: number;
  products_created: number;
  products_updated: number;
  /** Products in the file exactly as the store already has them: nothing written. */
  products_unchanged: number;
  images_saved: number;
  images_failed: number;
}

export const EMPTY_IMPORT_RESULT: ImportResult = { rows_done: 0, products_created: 0, products_updated: 0, products_unchanged: 0, images_saved: 0, images_failed: 0 };

/** Rejected rows per page in View Details. */
export const IMPORT_ERRORS_PAGE_SIZE = 50;

/** What a dry run found (issue 15 item 3): nothing is written to the catalogue. */
export interface ImportDryRunSummary {
  /** Data rows read (blank rows not counted). */
  rows_total: number;
  products_to_create: number;
  /** Products whose SKU is already in the store. */
  products_to_update: number;
  /** Rows of products with an error, and rows that could not be read. */
  rows_rejected: number;
}

export interface ImportRowError {
  line: number;
  column: string | null;
  field: string | null;
  message: string;
}

/** A picture address of the file that would not be imported, and why. */
export interface ImportPictureProblem {
  line: number;
  url: string;
  message: string;
}

/** The dry run's picture check (issue 27 item 5): the first addresses fetched, those that failed. */
export interface ImportDryRunPictures {
  /** Picture addresses the importable products list (each time it is listed). */
  listed: number;
  /** Distinct addresses checked: the first DRY_RUN_PICTURES_CHECKED in file order. */
  checked: number;
  failed: ImportPictureProblem[];
}

/** The template's example products still in the file: imported as drafts, marked as examples. */
export interface ImportDryRunExamples {
  count: number;
  names: string[];
}

export interface ImportDryRun {
  summary: ImportDryRunSummary;
  /** The first DRY_RUN_ERROR_LIMIT errors, in file order. */
  errors: ImportRowError[];
  /** Every error found, including those not listed. */
  errors_total: number;
  checked_at: string;
  /** Absent on checks made before pictures were checked. */
  pictures?: ImportDryRunPictures;
  /** Absent on checks made before examples were recognised, or with none. */
  examples?: ImportDryRunExamples;
}

/** Distinct picture addresses the dry run fetches at most (each within 5 s, a few at a time). */
export const DRY_RUN_PICTURES_CHECKED = 50;
/** How an example product of the import template is named in the store. */
export const EXAMPLE_NAME_PREFIX = 'Example: ';

export const DRY_RUN_ERROR_LIMIT = 100;
/** Errors listed for one product (its first ones). */
export const DRY_RUN_ERRORS_PER_PRODUCT = 5;

export const EMPTY_IMPORT_STATS: ImportStats = { rows_total: 0, rows_ok: 0, rows_failed: 0 };

/** How many batches the history shows (newest first). */
export const IMPORT_HISTORY_LIMIT = 50;
export const IMPORT_FILENAME_MAX = 255;

/** What the screen says the limit is (spec §5); the server takes up to IMPORT_MAX_BYTES. */
export const IMPORT_DISPLAYED_MAX = '10MB';
export { IMPORT_MAX_BYTES };

export const IMPORT_MESSAGES = {
  notCsv: 'Please upload a CSV file',
  invalidFileTitle: 'Invalid File',
  empty: 'The file is empty. Add a header row and at least one product.',
  binary: 'This file is not a CSV text file. Save it from your spreadsheet as CSV (comma separated) and try again.',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / (1024 * 1024)} MB. Split it into smaller files.`,
  notFound: 'Import not found',
  alreadyUploaded: 'This import already has its file. Start a new import to upload another.',
  cannotFail: 'Only an import whose upload has not finished can be marked failed.',
  uploadIncomplete: 'The upload did not finish.',
  loadFailed: 'Failed to load import history',
  uploadFailedTitle: 'Upload Failed',
  uploadFailed: 'Failed to upload CSV file',
  uploaded: 'File Uploaded',
  noFile: 'This import has no file to read. Start a new import and upload the file again.',
  fileMissing: 'The uploaded file could not be found in storage. Start a new import and upload it again.',
  notMappable: 'Fields can only be mapped before the import is processed.',
  mappingSaved: 'Mapping saved',
  mapFirst: 'Save the field mapping before checking the file.',
  mappingChanged: 'The mapping changed while the file was being checked. Check the file again.',
  columnCount: 'The mapping must have one entry for each column of the file.',
  notReady: 'Check the file before importing it.',
  confirmRejected: 'Some rows will be rejected. Confirm to import the valid products and skip the rejected rows.',
  alreadyStarted: 'This import has already started.',
  importStarted: 'Import started',
  noRejectedRows: 'This import has no rejected rows.',
  stoppedRepeatedly: 'The import stopped repeatedly and was given up. Start a new import with the same file to try again.',
} as const;

/** True when a file name is a CSV by its name (spec §5). */
export const isCsvName = (name: string) => /\.csv$/i.test(name.trim());

/** The statuses the history badges name (spec §4); any other shows the pending style. */
export type ImportBadgeTone = 'uploaded' | 'processing' | 'succeeded' | 'failed' | 'pending';
export function importBadgeTone(status: string): ImportBadgeTone {
  return status === 'uploaded' || status === 'processing' || status === 'succeeded' || status === 'failed' ? status : 'pending';
}

/** The button a history row offers (spec §2): 'Map Fields' while uploaded, else 'View Details', disabled while processing. */
export function importRowAction(status: string): { label: 'Map Fields' | 'View Details'; disabled: boolean } {
  if (status === 'uploaded') return { label: 'Map Fields', disabled: false };
  return { label: 'View Details', disabled: status === 'processing' };
}
