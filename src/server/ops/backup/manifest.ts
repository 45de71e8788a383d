import { z } from 'zod';
import { isValidKey } from '../../adapters/storage/storage';

// The backup archive's layout (decision 056). One uncompressed tar (its large parts are compressed
// already: pg_dump's custom format, PGlite's gzipped data folder, pictures):
//   database/postgres.dump   pg_dump --format=custom of DATABASE_URL     (or)
//   database/pglite.tar.gz   PGlite's dumpDataDir() of DATA_DIR/pglite
//   secrets.json             DATA_DIR/secrets.json, when the server keeps its keys there
//   files/<key>              every stored file, by its storage key
//   manifest.json            last: what the archive holds, each entry's size and SHA-256

export const BACKUP_FORMAT = 'shop-platform-backup';
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST_ENTRY = 'manifest.json';
export const SECRETS_ENTRY = 'secrets.json';
export const FILES_PREFIX = 'files/';
export type DatabaseKind = 'postgres' | 'pglite';
export const DATABASE_ENTRY: Record<DatabaseKind, string> = { postgres: 'database/postgres.dump', pglite: 'database/pglite.tar.gz' };

/** The storage key an entry restores to, or null when the entry is not a stored file. */
export function keyOfEntry(path: string): string | null {
  if (!path.startsWith(FILES_PREFIX)) return null;
  const key = path.slice(FILES_PREFIX.length);
  return isValidKey(key) ? key : null;
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const size = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const entrySchema = z.strictObject({
  path: z.string().min(1).max(400),
  size,
  sha256,
  /** Stored files: the type the storage answered, given back to it on restore (S3 keeps it per object). */
  content_type: z.string().max(200).optional(),
});

export const manifestSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1).max(1000),
  created_at: z.iso.datetime(),
  app_version: z.string().max(50),
  database: z.strictObject({
    kind: z.enum(['postgres', 'pglite']),
    /** How many of the app's migrations the database had applied, and the last one's name. */
    migrations_applied: z.number().int().min(0).max(100_000),
    last_migration: z.string().max(200).nullable(),
  }),
  storage: z.strictObject({ kind: z.enum(['local', 's3']), files: z.number().int().min(0), bytes: size }),
  /** Files listed but gone before they were read (deleted meanwhile, on a running server). */
  vanished_files: z.number().int().min(0),
  entries: z.array(entrySchema).max(50_000_000),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = Manifest['entries'][number];

/** Reads a manifest, or says in a sentence why it is not one this version understands. */
export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('manifest.json is not JSON');
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`manifest.json is not a backup manifest (${issue.path.join('.') || 'top'}: ${issue.message})`);
  }
  if (parsed.data.version > BACKUP_FORMAT_VERSION) throw new Error(`The backup is in format version ${parsed.data.version}; this version of the platform reads up to ${BACKUP_FORMAT_VERSION}. Restore it with a newer release.`);
  return parsed.data;
}
