import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { UnitOfWork, Work } from '../../../db/unit-of-work';
import type { FileStorage } from '../../../adapters/storage/storage';
import type { Actor, TenantCtx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { applyImportedProducts, attachedImageSources, type ImportedImage, type ImportOutcome } from '../../catalogue';
import type { ClaimedJob, Lease } from '../../jobs';
import type { ColumnMapping } from '../../../../shared/import/mapping';
import { fieldHeader } from '../../../../shared/import/mapping';
import type { ProductDraft, RowError } from '../../../../shared/import/rows';
import { EMPTY_IMPORT_RESULT, IMPORT_MESSAGES, type ImportResult, type ImportStats } from '../../../../shared/imports';
import { CsvFileError } from '../csv/decode';
import { openCsv } from '../csv/parse';
import { fetchImportImages, type ImportImageDeps } from '../images';
import * as repo from '../repo';
import { openStored } from '../mapping-service';
import { asTemplateExample, isTemplateExample } from '../template';
import { insertRowErrors, type RowErrorEntry } from './errors-repo';
import { isImportable, readSegments, type SettledProduct } from './segments';

// Processing an import batch in the background (issue 15 item 3, decision 025). The stored file is
// streamed again from the start; products are written a chunk at a time through the catalogue's
// writer, and each chunk's transaction also records its rejected rows, the batch's counts and the
// job's cursor (data rows settled so far) under the job's lease. After a restart the file is read
// from the start again (the grouping needs every earlier SKU to spot duplicates) but nothing before
// the cursor is written twice.

/** Products per chunk: one transaction, a fixed number of statements. */
export const IMPORT_CHUNK_PRODUCTS = 500;
/** Rejected rows also end a chunk, so a file of errors still commits as it goes. */
const IMPORT_CHUNK_REJECTED = 2_000;
/** Pictures fetched between two renewals of the lease. */
const IMAGES_PER_LEASE = 16;

export interface ImportJobDeps {
  scopes: UnitOfWork;
  storage: FileStorage;
  images: Omit<ImportImageDeps, 'storage'>;
  /** Products per chunk (tests use small chunks to see several commits). */
  chunkProducts?: number;
}

interface Chunk {
  through: number;
  products: SettledProduct[];
  rejected: RowErrorEntry[];
  rejectedRows: number;
}

class JobStopped extends Error {}

const newChunk = (through: number): Chunk => ({ through, products: [], rejected: [], rejectedRows: 0 });

/** Every line of a product that is not imported: its own problems, or a note naming the line that has one. */
function rejectionEntries(lines: readonly number[], errors: readonly RowError[], firstLine: number): RowErrorEntry[] {
  const entries: RowErrorEntry[] = [];
  const withErrors = new Set(errors.map((e) => e.line));
  const anchor = errors[0]?.line ?? firstLine;
  for (const line of lines) {
    if (withErrors.has(line)) continue;
    entries.push({ line, column: null, field: null, message: `Not imported: another row of this product (line ${anchor}) has a problem`, rejected: true });
  }
  for (const e of errors) entries.push({ line: e.line, column: e.column, field: e.field, message: e.message, rejected: true });
  return entries.sort((a, b) => a.line - b.line);
}

/**
 * The job's actor: the person who started the import (the stock ledger names them). An empty id when
 * that account has gone: the ledger then records no one (nullif in recordImportAdjustments).
 */
function actorOf(tenantId: string, userId: string | null): Actor {
  return { sessionId: '', userId: userId ?? '', email: '', isOwner: false, isSales: false, activeTenantId: tenantId };
}

export class ImportJob {
  private readonly chunkProducts: number;

  constructor(private readonly deps: ImportJobDeps) {
    this.chunkProducts = deps.chunkProducts ?? IMPORT_CHUNK_PRODUCTS;
  }

  private inStore<T>(job: ClaimedJob, userId: string | null, fn: (ctx: TenantCtx) => Promise<T>): Promise<T> {
    return this.deps.scopes.run({ tenantId: job.tenantId, userId }, (work: Work) => fn({ ...work, tenantId: job.tenantId, actor: actorOf(job.tenantId, userId), role: null, permissions: [] }));
  }

  /** Ends the batch as failed with a message the merchant reads, and the job with it. */
  private async fail(job: ClaimedJob, lease: Lease, message: string): Promise<void> {
    await this.inStore(job, null, async (ctx) => {
      await lease.hold(ctx.tx);
      await repo.moveBatch(ctx, job.subjectId, ['processing'], { status: 'failed', error: message.slice(0, 2000), finishedAt: sql`now()` });
      await lease.finish(ctx.tx, 'failed', message);
    });
  }

  /** The job was claimed too many times (it keeps stopping part way). */
  readonly giveUp = (job: ClaimedJob, lease: Lease): Promise<void> => this.fail(job, lease, IMPORT_MESSAGES.stoppedRepeatedly);

  readonly run = async (job: ClaimedJob, lease: Lease): Promise<void> => {
    const batch = await this.inStore(job, null, (ctx) => repo.findBatch(ctx, job.subjectId));
    if (!batch || batch.status !== 'processing' || !batch.mapping || !batch.storagePath) {
      // Nothing (left) to do: the batch went away or was ended already.
      await this.inStore(job, null, (ctx) => lease.finish(ctx.tx, 'failed', 'The import batch is not waiting to be processed'));
      return;
    }
    const mapping = batch.mapping;
    const cursor = Number((await lease.cursor()).through ?? 0);
    let result: ImportResult = { ...EMPTY_IMPORT_RESULT, ...(batch.result ?? {}) };
    let stats: ImportStats = { ...batch.stats };
    const expectedRows = batch.dryRun?.summary.rows_total ?? 0;
    const userId = batch.createdBy;
    const notes = `CSV import: ${batch.originalFilename}`.slice(0, 200);

    let stream: Readable;
    try {
      stream = await openStored(this.deps.storage, batch.storagePath);
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return this.fail(job, lease, err.message);
      throw err;
    }
    try {
      const csv = await openCsv(stream);
      try {
        if (csv.headers.length !== mapping.length) return await this.fail(job, lease, IMPORT_MESSAGES.columnCount);
        const imageHeader = mapping.indexOf('image_urls') >= 0 ? csv.headers[mapping.indexOf('image_urls')] : fieldHeader('image_urls');
        const flush = async (chunk: Chunk) => {
          // Shutting down: stop between chunks; another instance (or this one, restarted) carries on.
          if (lease.signal.aborted) throw new JobStopped();
          ({ result, stats } = await this.writeChunk(job, lease, { userId, mapping, imageHeader, notes, expectedRows }, chunk, { result, stats }));
        };
        let chunk = newChunk(cursor);
        for await (const segment of readSegments(csv.rows, csv.headers, mapping)) {
          if (segment.through <= cursor) continue;
          chunk.through = segment.through;
          for (const e of segment.unreadable) chunk.rejected.push({ ...e, rejected: true });
          chunk.rejectedRows += segment.unreadable.length;
          const product = segment.product;
          if (product && isImportable(product)) chunk.products.push(product);
          else if (product) {
            chunk.rejected.push(...rejectionEntries(product.lines, product.grouped.errors, product.grouped.line));
            chunk.rejectedRows += product.lines.length;
          }
          if (chunk.products.length >= this.chunkProducts || chunk.rejectedRows >= IMPORT_CHUNK_REJECTED) {
            await flush(chunk);
            chunk = newChunk(chunk.through);
          }
        }
        if (chunk.through > cursor) await flush(chunk);
        await this.inStore(job, userId, async (ctx) => {
          await lease.hold(ctx.tx);
          const done = { ...stats, rows_total: result.rows_done };
          await repo.moveBatch(ctx, job.subjectId, ['processing'], { status: 'succeeded', result, stats: done, error: null, finishedAt: sql`now()` });
          await lease.finish(ctx.tx, 'succeeded');
        });
      } finally {
        csv.close();
      }
    } catch (err) {
      // A file that cannot be read ends the import with that reason; anything else is tried again.
      if (err instanceof CsvFileError) return this.fail(job, lease, err.message);
      if (err instanceof JobStopped) return lease.release();
      throw err;
    } finally {
      stream.destroy();
    }
  };

  /** Fetches the chunk's new pictures, then writes it in one transaction under the lease. */
  private async writeChunk(
    job: ClaimedJob,
    lease: Lease,
    run: { userId: string | null; mapping: ColumnMapping; imageHeader: string; notes: string; expectedRows: number },
    chunk: Chunk,
    before: { result: ImportResult; stats: ImportStats },
  ): Promise<{ result: ImportResult; stats: ImportStats }> {
    const { userId, mapping, imageHeader, notes } = run;
    // The template's example products, left in the file: drafts marked as examples (issue 27 item 5).
    const drafts = chunk.products
      .map((p) => p.grouped.draft)
      .filter((d): d is ProductDraft => d !== null)
      .map((d) => (isTemplateExample(d) ? asTemplateExample(d) : d));
    const { images, failures } = await this.fetchPictures(job, lease, userId, drafts);
    const warnings: RowErrorEntry[] = [];
    for (const draft of drafts) {
      for (const url of draft.image_urls ?? []) {
        const error = failures.get(url);
        if (error) warnings.push({ line: draft.line, column: imageHeader, field: 'image_urls', message: `${error} (${url.slice(0, 300)})`, rejected: false });
      }
    }
    return this.inStore(job, userId, async (ctx) => {
      await lease.hold(ctx.tx);
      const outcomes: ImportOutcome[] = drafts.length > 0 ? await applyImportedProducts(ctx, drafts, { variantsMapped: mapping.includes('variant_sku'), images, stockNote: notes }) : [];
      const result = { ...before.result };
      let rowsOk = 0;
      let rowsFailed = chunk.rejectedRows;
      const entries = [...chunk.rejected];
      outcomes.forEach((outcome, i) => {
        const product = chunk.products[i];
        if (outcome.result === 'rejected') {
          rowsFailed += product.lines.length;
          entries.push(...rejectionEntries(product.lines, outcome.errors, product.grouped.line));
          return;
        }
        rowsOk += product.lines.length;
        if (outcome.result === 'created') result.products_created += 1;
        else if (outcome.result === 'updated') result.products_updated += 1;
        else result.products_unchanged += 1;
        result.images_saved += outcome.imagesAdded;
      });
      // Warnings for products that were imported (a rejected product's pictures do not matter).
      const imported = new Set(outcomes.flatMap((o) => (o.result === 'rejected' ? [] : [o.line])));
      const kept = warnings.filter((w) => imported.has(w.line));
      result.images_failed += kept.length;
      result.rows_done = chunk.through;
      const stats: ImportStats = {
        rows_total: Math.max(run.expectedRows, chunk.through),
        rows_ok: before.stats.rows_ok + rowsOk,
        rows_failed: before.stats.rows_failed + rowsFailed,
      };
      await insertRowErrors(ctx, job.subjectId, [...entries, ...kept]);
      await repo.moveBatch(ctx, job.subjectId, ['processing'], { status: 'processing', result, stats });
      await lease.hold(ctx.tx, { through: chunk.through });
      if (outcomes.some((o) => o.result === 'created' || o.result === 'updated')) ctx.emit({ type: 'catalogue.changed', tenantId: ctx.tenantId });
      return { result, stats };
    });
  }

  /** The chunk's pictures the store does not have yet, fetched into storage (no transaction open meanwhile). */
  private async fetchPictures(job: ClaimedJob, lease: Lease, userId: string | null, drafts: readonly ProductDraft[]) {
    const images = new Map<string, ImportedImage>();
    const failures = new Map<string, string>();
    const withPictures = drafts.filter((d) => (d.image_urls?.length ?? 0) > 0);
    if (withPictures.length === 0) return { images, failures };
    const known = await this.inStore(job, userId, (ctx) => attachedImageSources(ctx, withPictures.map((d) => d.sku)));
    const wanted = [...new Set(withPictures.flatMap((d) => (d.image_urls ?? []).filter((url) => !known.get(d.sku)?.has(url))))];
    for (let i = 0; i < wanted.length; i += IMAGES_PER_LEASE) {
      const part = wanted.slice(i, i + IMAGES_PER_LEASE);
      const fetched = await fetchImportImages({ ...this.deps.images, storage: this.deps.storage }, job.tenantId, part);
      for (const [url, outcome] of fetched) {
        if ('error' in outcome) failures.set(url, outcome.error);
        else images.set(url, outcome);
      }
      await lease.extend();
    }
    return { images, failures };
  }
}
