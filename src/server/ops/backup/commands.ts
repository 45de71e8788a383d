import path from 'node:path';
import { ConfigError, loadBootConfig } from '../../config';
import { openDatabase, type Database } from '../../db/connection';
import { pgliteFolderState } from '../../db/pglite-folder';
import { createFileStorage } from '../../adapters/storage/create-file-storage';
import { BACKUP_USAGE, parseBackupArguments, parseRestoreArguments, RESTORE_USAGE, UsageError } from './arguments';
import { createBackup } from './backup';
import { restoreBackup, RestoreRefused } from './restore';
import { ArchiveError } from './archive-reader';

/** Where a command writes: its progress and summary, and its errors. */
export interface Console {
  log(line: string): void;
  error(line: string): void;
}

export const EXIT = { done: 0, failed: 1, usage: 2, refused: 3 } as const;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** `npm run backup -- --out FILE` (scripts/backup.ts): answers the exit status. */
export async function backupCommand(argv: readonly string[], env: NodeJS.ProcessEnv, out: Console): Promise<number> {
  return guarded(BACKUP_USAGE, out, async () => {
    const args = parseBackupArguments(argv);
    if (!args) {
      out.log(BACKUP_USAGE);
      return EXIT.done;
    }
    const { config, database: address } = loadBootConfig(env);
    const started = performance.now();
    let database: Database;
    if (address.url) {
      database = await openDatabase({ databaseUrl: address.url, dataDir: null });
    } else {
      const dir = path.join(config.dataDir, 'pglite');
      const state = pgliteFolderState(dir);
      if (state === 'empty') {
        out.error(`There is no embedded database in ${dir}: nothing to back up (is DATA_DIR right?).`);
        return EXIT.failed;
      }
      if (state === 'open') {
        out.error(`Refused: the embedded database in ${dir} is open (its postmaster.pid exists). PGlite is a single-process database: stop the server, then back up. If no server runs, it stopped without closing: start it and stop it once.`);
        return EXIT.refused;
      }
      database = await openDatabase({ dataDir: dir });
    }
    try {
      const summary = await createBackup({ database, databaseUrl: address.url, storage: createFileStorage(config), storageKind: config.s3 ? 's3' : 'local', dataDir: config.dataDir }, args.out, (line) => out.log(line));
      out.log(`Backup written to ${summary.out}: ${mb(summary.bytes)} (database ${mb(summary.databaseBytes)}, ${summary.files} files ${mb(summary.fileBytes)}) in ${seconds(started)}.`);
      if (summary.vanishedFiles) out.log(`${summary.vanishedFiles} files were deleted while the backup ran and are not in it.`);
      return EXIT.done;
    } finally {
      await database.close();
    }
  });
}

/** `npm run restore -- FILE` (scripts/restore.ts): answers the exit status. */
export async function restoreCommand(argv: readonly string[], env: NodeJS.ProcessEnv, out: Console): Promise<number> {
  return guarded(RESTORE_USAGE, out, async () => {
    const args = parseRestoreArguments(argv);
    if (!args) {
      out.log(RESTORE_USAGE);
      return EXIT.done;
    }
    const { config, database: address } = loadBootConfig(env);
    const started = performance.now();
    const target = {
      kind: address.url ? ('postgres' as const) : ('pglite' as const),
      databaseUrl: address.url,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      storage: createFileStorage(config),
      dataDir: config.dataDir,
    };
    const summary = await restoreBackup(args.archive, target, (line) => out.log(line));
    const made = summary.manifest;
    out.log(`Restored ${args.archive} (made ${made.created_at} by version ${made.app_version}, ${made.database.migrations_applied} migrations): database ${mb(summary.databaseBytes)}, ${summary.files} files ${mb(summary.fileBytes)}, in ${seconds(started)}.`);
    out.log('Start the server: it applies the migrations of a newer release.');
    return EXIT.done;
  });
}

/** Turns the failures an operator can act on into a message and an exit status; anything else is printed whole. */
async function guarded(usage: string, out: Console, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof UsageError) {
      out.error(`${err.message}\n\n${usage}`);
      return EXIT.usage;
    }
    if (err instanceof RestoreRefused) {
      out.error(err.message);
      return EXIT.refused;
    }
    if (err instanceof ConfigError) out.error(err.message);
    else if (err instanceof ArchiveError) out.error(`The archive cannot be restored: ${err.message}`);
    else out.error(`Failed: ${err instanceof Error ? err.message : String(err)}`);
    return EXIT.failed;
  }
}
