import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** Wrong arguments: the command prints the message and its usage, and exits 2. */
export class UsageError extends Error {}

export const BACKUP_USAGE = `Usage: npm run backup -- --out FILE

Writes one archive (tar) holding the database, the stored files and DATA_DIR/secrets.json, with a
manifest listing every entry's size and SHA-256. It reads the server's own settings: DATABASE_URL
(PostgreSQL, dumped with pg_dump while the server runs) or DATA_DIR/pglite (the embedded database:
stop the server first), and DATA_DIR/files or the S3_* bucket. FILE must not exist yet.

Exit status: 0 written, 1 failed, 2 wrong arguments, 3 refused (the embedded database is open).`;

export const RESTORE_USAGE = `Usage: npm run restore -- FILE

Restores a backup written by \`npm run backup\` into an EMPTY target, chosen by the server's own
settings: the database at DATABASE_URL (pg_restore) or DATA_DIR/pglite (the embedded database), and
DATA_DIR/files or the S3_* bucket. Every entry is checked against the manifest's SHA-256 before
anything is written. A target holding anything is refused and left as it was. Then start the server:
it applies the migrations of a newer release.

Exit status: 0 restored, 1 failed, 2 wrong arguments, 3 refused (the target is not empty, or does not fit).`;

const MAX_PATH = 4096;

/** A path argument: bounded, no NUL, absolute from here. */
function filePath(value: string | undefined, what: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${what} needs a file name.`);
  if (value.length > MAX_PATH) throw new UsageError(`${what} is longer than ${MAX_PATH} characters.`);
  if (value.includes('\0')) throw new UsageError(`${what} holds a NUL character.`);
  return path.resolve(value);
}

/** `--out FILE` or `--out=FILE`; null for --help. */
export function parseBackupArguments(argv: readonly string[]): { out: string } | null {
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return null;
    let value: string | undefined;
    if (arg === '--out') value = argv[++i];
    else if (arg.startsWith('--out=')) value = arg.slice('--out='.length);
    else throw new UsageError(`Unknown argument: ${arg.slice(0, 100)}`);
    if (out !== undefined) throw new UsageError('--out is given twice.');
    out = filePath(value, '--out');
  }
  if (out === undefined) throw new UsageError('--out FILE is required.');
  if (existsSync(out)) throw new UsageError(`${out} already exists: a backup is never overwritten. Choose another name.`);
  const folder = path.dirname(out);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError(`The folder ${folder} does not exist.`);
  return { out };
}

/** One archive FILE; null for --help. */
export function parseRestoreArguments(argv: readonly string[]): { archive: string } | null {
  if (argv.includes('--help') || argv.includes('-h')) return null;
  const unknown = argv.find((a) => a.startsWith('-'));
  if (unknown) throw new UsageError(`Unknown argument: ${unknown.slice(0, 100)}`);
  if (argv.length !== 1) throw new UsageError(argv.length === 0 ? 'FILE is required.' : 'Give one FILE only.');
  const archive = filePath(argv[0], 'FILE');
  if (!existsSync(archive) || !statSync(archive).isFile()) throw new UsageError(`${archive} is not a file.`);
  return { archive };
}
