import type { UnitOfWork, Work } from '../../../db/unit-of-work';
import type { FileStorage } from '../../../adapters/storage/storage';
import type { StoreTx } from '../../../http/context';
import { enqueueJob, type ClaimedJob, type Lease } from '../../jobs';
import { variantName } from '../../../../shared/pictures';
import { resizePicture, UnreadablePicture, type Measured } from './resize';
import { copyKeys, putCopy, queuePictures } from './service';
import * as repo from './repo';

/** Where a store's existing pictures are named (library files, product pictures, category heroes): URLs. */
export type PictureSource = (ctx: StoreTx) => Promise<string[]>;

export interface PictureJobDeps {
  scopes: UnitOfWork;
  /** Read when a job runs (tests swap the storage on deps). */
  readonly storage: FileStorage;
  /** Read by the one-off backfill of pictures stored before copies were made (decision 052). */
  sources: readonly PictureSource[];
}

/** After this many claims a picture keeps stopping part way (it crashes the worker?): it is shown as it is. */
const STOPPED_REPEATEDLY = 'Making the resized copies stopped repeatedly; the picture is shown at its uploaded size.';

/**
 * The picture jobs (decision 052). `picture_variants` (subject: a picture row) reads one original,
 * stores its resized copies beside it, then records its size and copies in one transaction with the
 * job's end: a picture is done once, and a run that stops part way (crash, lease lost) leaves it
 * pending, to be made again from the start by the retry (copies are written under the same names,
 * and nothing shows them until the picture is done). The original is only ever read.
 * `picture_backfill` (subject: the store) records every picture the store already shows.
 */
export class PictureJob {
  constructor(private readonly deps: PictureJobDeps) {}

  private inStore<T>(job: ClaimedJob, fn: (ctx: StoreTx & Work) => Promise<T>): Promise<T> {
    return this.deps.scopes.run({ tenantId: job.tenantId, userId: null }, (work) => fn({ ...work, tenantId: job.tenantId }));
  }

  private async fail(job: ClaimedJob, lease: Lease, message: string): Promise<void> {
    await this.inStore(job, async (ctx) => {
      await lease.hold(ctx.tx);
      await repo.markFailed(ctx, job.subjectId, message);
      await lease.finish(ctx.tx, 'failed', message);
    });
  }

  readonly giveUp = (job: ClaimedJob, lease: Lease): Promise<void> => this.fail(job, lease, STOPPED_REPEATEDLY);

  readonly run = async (job: ClaimedJob, lease: Lease): Promise<void> => {
    const { storage } = this.deps;
    const picture = await this.inStore(job, (ctx) => repo.findPicture(ctx, job.subjectId));
    if (!picture || picture.state !== 'pending') {
      // Made already, or the file was deleted meanwhile: nothing to do.
      await this.inStore(job, (ctx) => lease.finish(ctx.tx, 'succeeded'));
      return;
    }
    // A storage failure throws: the job is tried again when its lease lapses.
    const original = await storage.get(picture.storageKey);
    if (!original) return this.fail(job, lease, 'The original file is missing.');
    let size: Measured;
    try {
      size = await resizePicture(original.body, async (copy) => {
        await putCopy(storage, variantName(picture.storageKey, copy.width, copy.format), copy.body);
      });
    } catch (err) {
      if (err instanceof UnreadablePicture) return this.fail(job, lease, err.message);
      throw err;
    }
    await this.inStore(job, async (ctx) => {
      await lease.hold(ctx.tx);
      if (await repo.findPicture(ctx, picture.id, true)) {
        await repo.markDone(ctx, picture.id, size);
        // The storefront's cached answers now lack this picture's srcset: drop them.
        ctx.emit({ type: 'catalogue.changed', tenantId: job.tenantId });
      } else {
        // The file was deleted while its copies were being made: they go too.
        ctx.afterCommit(async () => {
          for (const key of copyKeys(picture.storageKey, size.widths)) await storage.delete(key);
        });
      }
      await lease.finish(ctx.tx, 'succeeded');
    });
  };

  /**
   * Every picture the store shows or keeps in its library, recorded and queued (queuePictures skips
   * those known already), in one transaction with the job's end: a crash before it commits runs it
   * again, after it each picture is its own job and is never made twice.
   */
  readonly backfill = async (job: ClaimedJob, lease: Lease): Promise<void> => {
    const { storage, sources } = this.deps;
    await this.inStore(job, async (ctx) => {
      await lease.hold(ctx.tx);
      const urls = new Set<string>();
      for (const source of sources) for (const url of await source(ctx)) urls.add(url);
      const files = [...urls].flatMap((url) => {
        const key = storage.keyOf(url);
        return key ? [{ key, url }] : [];
      });
      await queuePictures(ctx, files);
      await lease.finish(ctx.tx, 'succeeded');
    });
  };

  readonly giveUpBackfill = (job: ClaimedJob, lease: Lease): Promise<void> =>
    this.inStore(job, async (ctx) => {
      await lease.hold(ctx.tx);
      await lease.finish(ctx.tx, 'failed', 'Recording the existing pictures stopped repeatedly.');
    });
}

/**
 * Queues the one-off backfill for each store (at start): one job per store ever (a job's subject is
 * unique), so a restart queues nothing new, and a backfill that stopped is taken up again by its lease.
 */
export async function queuePictureBackfill(scopes: UnitOfWork, tenantIds: readonly string[]): Promise<void> {
  for (const tenantId of tenantIds) await scopes.run({ tenantId, userId: null }, (work) => enqueueJob({ tx: work.tx, tenantId }, 'picture_backfill', tenantId));
}
