import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../../db/connection';
import { knownMigrations } from '../../db/migration-state';
import { pgliteFolderState } from '../../db/pglite-folder';
import type { FileStorage } from '../../adapters/storage/storage';
import { ArchiveError, readArchive, type ArchiveEntry } from './archive-reader';
import { DATABASE_ENTRY, keyOfEntry, MANIFEST_ENTRY, parseManifest, SECRETS_ENTRY, type DatabaseKind, type Manifest, type ManifestEntry } from './manifest';
import { pgRestore } from './postgres-tools';
import { postgresContents, prepareAppRole, restoreDefaultPrivileges } from './postgres-target';
import { firstStoredFile, hashed, restoreFile } from './stored-files';
import type { Progress } from './backup';

/** Where a restore writes: an empty database of the configured kind, the configured storage, DATA_DIR. */
export interface RestoreTarget {
  kind: DatabaseKind;
  /** PostgreSQL: DATABASE_URL, connecting as the role that will own the tables. */
  databaseUrl?: string;
  /** PGlite: DATA_DIR/pglite. */
  pgliteDir?: string;
  storage: FileStorage;
  /** DATA_DIR: secrets.json is written here. */
  dataDir: string;
}

/** The restore would overwrite something, or does not fit this target: nothing was written. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreSummary {
  files: number;
  fileBytes: number;
  databaseBytes: number;
  manifest: Manifest;
}

/**
 * Restores an archive into an empty target (decision 056). Refuses a target holding anything, then
 * reads the whole archive once to check every entry against the manifest (size and SHA-256) and the
 * manifest against this target and this version, and only then writes: the database, the secrets,
 * the files (each checked again as it is written). Nothing is written before every check has passed.
 */
export async function restoreBackup(archive: string, target: RestoreTarget, progress: Progress = () => {}): Promise<RestoreSummary> {
  if (target.kind === 'postgres' ? !target.databaseUrl : !target.pgliteDir) throw new Error(`A restore into ${target.kind} needs ${target.kind === 'postgres' ? 'the database URL' : 'the data folder'}`);
  await refuseUnlessEmpty(target);
  progress('Checking the archive against its manifest...');
  const manifest = await verifyArchive(archive);
  await refuseUnfit(manifest, target);
  // Again, now that a long read is over: nothing may have arrived meanwhile.
  await refuseUnlessEmpty(target);
  const expected = new Map(manifest.entries.map((e) => [e.path, e]));
  let files = 0;
  let fileBytes = 0;
  let databaseBytes = 0;
  for await (const entry of readArchive(archive)) {
    const want = expected.get(entry.path);
    // The manifest was read already; an entry's unread body is passed over, not read.
    if (entry.path === MANIFEST_ENTRY || !want) continue;
    if (entry.path === DATABASE_ENTRY[target.kind]) {
      progress(target.kind === 'postgres' ? 'Restoring the PostgreSQL database (pg_restore)...' : 'Restoring the embedded database...');
      await restoreDatabase(entry, want, target);
      databaseBytes = entry.size;
      progress('Restoring the stored files...');
    } else if (entry.path === SECRETS_ENTRY) {
      await restoreSecrets(entry, want, target.dataDir);
    } else {
      await restoreFile(target.storage, keyOfEntry(entry.path)!, entry, want);
      files += 1;
      fileBytes += entry.size;
    }
  }
  return { files, fileBytes, databaseBytes, manifest };
}

/** Everything in the target a restore would overwrite or mix with, in words; refused when anything is. */
async function refuseUnlessEmpty(target: RestoreTarget): Promise<void> {
  const found: string[] = [];
  if (target.kind === 'postgres') {
    const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: null });
    try {
      const contents = await postgresContents(database.db);
      if (contents.length) found.push(`the PostgreSQL database holds ${contents.join(', ')}${contents.length >= 5 ? ', ...' : ''}`);
    } finally {
      await database.close();
    }
  } else if (pgliteFolderState(target.pgliteDir!) !== 'empty') {
    found.push(`${target.pgliteDir} holds an embedded database`);
  }
  const file = await firstStoredFile(target.storage);
  if (file) found.push(`the file storage holds files (${file}, ...)`);
  if (found.length) {
    throw new RestoreRefused(`Refused: a restore only fills an empty database and file storage, and nothing was written.\n  - ${found.join('\n  - ')}\nRestore into a new database and empty storage (or empty these yourself first).`);
  }
}

/** Reads every entry once, hashing it, and answers the manifest once all of them match it. */
async function verifyArchive(archive: string): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  for await (const entry of readArchive(archive)) {
    if (seen.has(entry.path) || (entry.path === MANIFEST_ENTRY && manifestText !== null)) throw new ArchiveError(`${entry.path} is in the archive twice`);
    if (entry.path === MANIFEST_ENTRY) {
      if (entry.size > 512 * 1024 * 1024) throw new ArchiveError('manifest.json is too large to be a manifest');
      manifestText = (await collect(entry)).toString('utf8');
      continue;
    }
    const hash = createHash('sha256');
    for await (const _ of hashed(entry.body, hash)) void _;
    seen.set(entry.path, { size: entry.size, sha256: hash.digest('hex') });
  }
  if (manifestText === null) throw new ArchiveError('The archive has no manifest.json: it is not a complete backup');
  const manifest = parseManifest(manifestText);
  const databaseEntry = DATABASE_ENTRY[manifest.database.kind];
  for (const entryPath of seen.keys()) {
    if (entryPath !== SECRETS_ENTRY && entryPath !== databaseEntry && !keyOfEntry(entryPath)) {
      throw new ArchiveError(`The archive holds ${entryPath}, which no backup of this kind holds: it is not a backup of this platform`);
    }
  }
  const listed = new Map<string, ManifestEntry>(manifest.entries.map((e) => [e.path, e]));
  for (const [entryPath, got] of seen) {
    const want = listed.get(entryPath);
    if (!want) throw new ArchiveError(`${entryPath} is in the archive but not in its manifest`);
    if (want.size !== got.size || want.sha256 !== got.sha256) throw new ArchiveError(`${entryPath} does not match its checksum in the manifest: the archive is damaged`);
  }
  const missing = [...listed.keys()].filter((p) => !seen.has(p));
  if (missing.length) throw new ArchiveError(`The manifest lists ${missing.length} entries the archive does not hold (${missing[0]}, ...): the archive is incomplete`);
  if (!seen.has(databaseEntry)) throw new ArchiveError('The archive holds no database dump');
  return manifest;
}

/** The backup must match this target's kind of database, come from this version or an older one, and keep its keys. */
async function refuseUnfit(manifest: Manifest, target: RestoreTarget): Promise<void> {
  const kind = manifest.database.kind;
  if (kind !== target.kind) {
    const name = (k: DatabaseKind) => (k === 'postgres' ? 'PostgreSQL (DATABASE_URL set)' : 'the embedded database (no DATABASE_URL)');
    throw new RestoreRefused(`Refused: this backup holds ${name(kind)} and the target is ${name(target.kind)}; nothing was written. Restore it with the same kind of database.`);
  }
  const known = knownMigrations().length;
  if (manifest.database.migrations_applied > known) {
    throw new RestoreRefused(`Refused: the backup's database has ${manifest.database.migrations_applied} migrations applied and this version knows ${known}: it was made by a newer release. Restore it with that release or a later one; nothing was written.`);
  }
  const secretsFile = path.join(target.dataDir, 'secrets.json');
  const secrets = manifest.entries.find((e) => e.path === SECRETS_ENTRY);
  if (secrets && existsSync(secretsFile)) {
    const current = createHash('sha256').update(await readFile(secretsFile)).digest('hex');
    if (current !== secrets.sha256) {
      throw new RestoreRefused(`Refused: ${secretsFile} holds other keys than the backup's (sign-in codes and links are sealed with them). Move it away so the backup's keys are restored; nothing was written.`);
    }
  }
}

async function restoreDatabase(entry: ArchiveEntry, want: ManifestEntry, target: RestoreTarget): Promise<void> {
  const hash = createHash('sha256');
  if (target.kind === 'pglite') {
    const tarball = await collect({ ...entry, body: hashed(entry.body, hash) });
    checkSum(entry.path, hash, want);
    // Opening an empty folder with the dump writes the data folder; closing it leaves it ready for the server.
    const database = await openDatabase({ dataDir: target.pgliteDir!, loadDataDir: tarball });
    await database.close();
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-restore-'));
  try {
    const file = path.join(dir, 'postgres.dump');
    await pipeline(Readable.from(hashed(entry.body, hash)), createWriteStream(file, { mode: 0o600 }));
    checkSum(entry.path, hash, want);
    const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: null });
    try {
      await prepareAppRole(database.db);
      await pgRestore(target.databaseUrl!, file, path.join(dir, 'restore.list'));
      await restoreDefaultPrivileges(database.db);
    } finally {
      await database.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function restoreSecrets(entry: ArchiveEntry, want: ManifestEntry, dataDir: string): Promise<void> {
  const hash = createHash('sha256');
  const body = await collect({ ...entry, body: hashed(entry.body, hash) });
  checkSum(entry.path, hash, want);
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return; // the same keys (checked before anything was written)
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, body, { mode: 0o600, flag: 'wx' });
}

function checkSum(entryPath: string, hash: ReturnType<typeof createHash>, want: ManifestEntry): void {
  const got = hash.digest('hex');
  if (got !== want.sha256) throw new Error(`${entryPath} changed while it was being restored (checksum ${got}, manifest ${want.sha256})`);
}

async function collect(entry: Pick<ArchiveEntry, 'body'>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body) chunks.push(chunk);
  return Buffer.concat(chunks);
}
