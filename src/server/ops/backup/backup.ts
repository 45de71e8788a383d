import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../db/connection';
import { migrationState } from '../../db/migration-state';
import type { FileStorage } from '../../adapters/storage/storage';
import { ArchiveWriter } from './archive-writer';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, DATABASE_ENTRY, MANIFEST_ENTRY, SECRETS_ENTRY, type Manifest } from './manifest';
import { pgDump } from './postgres-tools';
import { backUpFiles } from './stored-files';

/** What a backup reads: the opened database (owner), the file storage and the data folder's secrets. */
export interface BackupSource {
  database: Database;
  /** PostgreSQL: where pg_dump connects (DATABASE_URL, the tables' owner). Unset for PGlite. */
  databaseUrl?: string;
  storage: FileStorage;
  storageKind: 'local' | 's3';
  /** DATA_DIR: secrets.json is taken from here when the server keeps its keys there. */
  dataDir: string;
}

export interface BackupSummary {
  out: string;
  bytes: number;
  databaseBytes: number;
  files: number;
  fileBytes: number;
  vanishedFiles: number;
}

export type Progress = (line: string) => void;

const packageFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../package.json');
const appVersion = () => (JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string }).version;

/**
 * Writes one archive (decision 056): the database first, then the files, then the manifest. On
 * PostgreSQL pg_dump reads one snapshot while the server keeps serving; files are copied after it, so a
 * file uploaded meanwhile is in the archive without a row (harmless: housekeeping removes it later), and
 * only a file deleted in that window can be missing for a row the dump still has. On PGlite the caller
 * has made sure no server has the database open (pgliteFolderState).
 */
export async function createBackup(source: BackupSource, out: string, progress: Progress = () => {}): Promise<BackupSummary> {
  const writer = await ArchiveWriter.create(out);
  try {
    const kind = source.database.kind;
    const migrations = await migrationState(source.database.db);
    progress(kind === 'postgres' ? 'Dumping the PostgreSQL database (pg_dump)...' : 'Dumping the embedded database...');
    const database = kind === 'postgres' ? await dumpPostgres(source, writer) : await writer.add(DATABASE_ENTRY.pglite, Buffer.from(await dumpPglite(source.database)));
    const secretsFile = path.join(source.dataDir, 'secrets.json');
    const secrets = existsSync(secretsFile) ? [await writer.add(SECRETS_ENTRY, await readFile(secretsFile))] : [];
    progress(`Copying the stored files (${source.storageKind === 's3' ? 'S3 bucket' : 'local folder'})...`);
    const files = await backUpFiles(source.storage, writer);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      created_at: new Date().toISOString(),
      app_version: appVersion(),
      database: { kind, migrations_applied: migrations.applied, last_migration: migrations.last },
      storage: { kind: source.storageKind, files: files.entries.length, bytes: files.bytes },
      vanished_files: files.vanished,
      entries: [database, ...secrets, ...files.entries],
    };
    await writer.add(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 1)));
    await writer.finish();
    const bytes = writer.written.reduce((n, e) => n + e.size, 0);
    return { out, bytes, databaseBytes: database.size, files: files.entries.length, fileBytes: files.bytes, vanishedFiles: files.vanished };
  } catch (err) {
    await writer.abort();
    throw err;
  }
}

async function dumpPostgres(source: BackupSource, writer: ArchiveWriter) {
  if (!source.databaseUrl) throw new Error('A PostgreSQL backup needs the database URL');
  // pg_dump writes its file first (the custom format is not streamed), beside the other temporary files.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-backup-'));
  try {
    const file = path.join(dir, 'postgres.dump');
    await pgDump(source.databaseUrl, file);
    return await writer.addFile(DATABASE_ENTRY.postgres, file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function dumpPglite(database: Database): Promise<Uint8Array> {
  if (!database.dumpDataDir) throw new Error('This database cannot dump its data folder');
  return database.dumpDataDir();
}
