import type { UnitOfWork } from '../../db/unit-of-work';
import type { StoreTx } from '../../http/context';
import { salesBookScope } from '../../db/privileged-scopes';
import { fileUrl, type FileStorage } from '../../adapters/storage/storage';
import { deleteEndedInvitations, deleteEndedResetLinks, deleteEndedSessions, deleteOldSignInFailures } from '../accounts';
import { deleteOldPlatformCounters, deleteOldStoreCounters } from '../limits';
import { deleteDeliveredMessages } from '../emails';
import { deleteStaleUploads, importFilesInUse, importFolders, STALE_UPLOAD_MS } from '../imports';
import { mediaFolders, ORPHAN_GRACE_MS, unreferencedMediaKeys, type MediaUsageFinder } from '../media';

// Each kind of clean-up of the daily housekeeping (decision 056), each module deleting its own rows
// (DESIGN rule 11): a statement deletes at most `batch` rows in a transaction of its own, so no
// transaction grows with the backlog; store rows go in each store's own scope (row-level security).

/** What each kind of clean-up removed. */
export interface HousekeepingCounts {
  sessions: number;
  reset_links: number;
  sign_in_failures: number;
  platform_rate_limit_events: number;
  rate_limit_events: number;
  emails: number;
  invitations: number;
  stale_uploads: number;
  import_files: number;
  orphaned_files: number;
}

export const noCounts = (): HousekeepingCounts => ({
  sessions: 0,
  reset_links: 0,
  sign_in_failures: 0,
  platform_rate_limit_events: 0,
  rate_limit_events: 0,
  emails: 0,
  invitations: 0,
  stale_uploads: 0,
  import_files: 0,
  orphaned_files: 0,
});

export interface SweepDeps {
  scopes: UnitOfWork;
  readonly storage: FileStorage;
  /** EMAIL_RETENTION_DAYS. */
  emailRetentionDays: number;
  /** Where a library file's URL is shown (catalogue, pages, menus): such a file is never orphaned. */
  finders: readonly MediaUsageFinder[];
  /** Rows per statement, and files per check (tests: small, to see batches). */
  batch: number;
  /** A store's or the platform's step is over: renew the lease (throws when it was lost), stop when shutting down. */
  checkpoint(): Promise<void>;
}

/** Batches per kind per store in one run: a backlog past this is finished by the next days' runs. */
const MAX_BATCHES = 200;
/** Stored files checked against the database at once. */
const FILES_PER_CHECK = 200;

/** Runs `step` (one batch) until it removes fewer than a batch; answers the total. */
async function inBatches(deps: SweepDeps, step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let round = 0; round < MAX_BATCHES; round++) {
    const removed = await step();
    total += removed;
    if (removed < deps.batch) break;
    await deps.checkpoint();
  }
  return total;
}

/** Ended sessions and reset links, old sign-in failures and counters, and the platform's own old mail. */
export async function sweepPlatform(deps: SweepDeps, counts: HousekeepingCounts): Promise<void> {
  const { scopes, batch } = deps;
  const platform = { tenantId: null, userId: null };
  counts.sessions += await inBatches(deps, () => scopes.run(platform, (work) => deleteEndedSessions(work, batch)));
  counts.reset_links += await inBatches(deps, () => scopes.run(platform, (work) => deleteEndedResetLinks(work, batch)));
  counts.sign_in_failures += await inBatches(deps, () => scopes.run(platform, (work) => deleteOldSignInFailures(work, batch)));
  counts.platform_rate_limit_events += await inBatches(deps, () => scopes.run(platform, (work) => deleteOldPlatformCounters(work, batch)));
  // The platform's own mail (to its owners) is seen only in the platform's sales-book scope (decision 029).
  counts.emails += await inBatches(deps, () => scopes.run(salesBookScope(null), (work) => deleteDeliveredMessages({ ...work, tenantId: null }, deps.emailRetentionDays, batch)));
  await deps.checkpoint();
}

/** One store's old counters, mail and invitations, its abandoned uploads and their files, its orphaned media files. */
export async function sweepStore(deps: SweepDeps, tenantId: string, counts: HousekeepingCounts): Promise<void> {
  const { scopes, batch } = deps;
  const store = { tenantId, userId: null };
  const inStore = <T>(fn: (ctx: StoreTx) => Promise<T>) => scopes.run(store, (work) => fn({ tx: work.tx, tenantId }));
  counts.rate_limit_events += await inBatches(deps, () => inStore((ctx) => deleteOldStoreCounters(ctx, batch)));
  counts.emails += await inBatches(deps, () => inStore((ctx) => deleteDeliveredMessages(ctx, deps.emailRetentionDays, batch)));
  counts.invitations += await inBatches(deps, () => inStore((ctx) => deleteEndedInvitations(ctx, batch)));
  const named: string[] = [];
  counts.stale_uploads += await inBatches(deps, async () => {
    const gone = await inStore((ctx) => deleteStaleUploads(ctx, batch));
    named.push(...gone.files);
    return gone.count;
  });
  await deps.checkpoint();
  // The file an abandoned batch named goes with it; files no batch names go below, once a day old.
  for (const key of named) await deps.storage.delete(key);
  counts.import_files += named.length;
  for (const folder of importFolders(tenantId)) {
    counts.import_files += await sweepFolder(deps, folder, STALE_UPLOAD_MS, async (keys) => {
      const used = await inStore((ctx) => importFilesInUse(ctx, keys));
      return keys.filter((k) => !used.has(k));
    });
  }
  for (const folder of mediaFolders(tenantId)) {
    counts.orphaned_files += await sweepFolder(deps, folder, ORPHAN_GRACE_MS, (keys) =>
      inStore((ctx) => unreferencedMediaKeys(ctx, keys, (key) => [...new Set([deps.storage.urlOf(key), fileUrl(key)])], deps.finders)),
    );
  }
}

/**
 * Lists a folder of the storage and removes the files `unused` picks among those older than `graceMs`
 * (a younger file is never even asked about), a batch of keys at a time. Answers how many went.
 */
async function sweepFolder(deps: SweepDeps, folder: string, graceMs: number, unused: (keys: string[]) => Promise<string[]>): Promise<number> {
  const olderThan = Date.now() - graceMs;
  let removed = 0;
  let keys: string[] = [];
  const check = async () => {
    for (const key of await unused(keys)) {
      await deps.storage.delete(key);
      removed += 1;
    }
    keys = [];
    await deps.checkpoint();
  };
  for await (const file of deps.storage.list(folder)) {
    if (file.lastModified.getTime() >= olderThan) continue;
    keys.push(file.key);
    if (keys.length >= Math.min(deps.batch, FILES_PER_CHECK)) await check();
  }
  if (keys.length) await check();
  return removed;
}
