import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * What is in an embedded database's data folder, for backups: nothing yet (missing or empty), a
 * database some process has open, or a closed one. PGlite writes postmaster.pid into the folder when
 * it opens it and removes it when it closes; one left behind means the server is running, or stopped
 * without closing (start it and stop it once to close it cleanly).
 */
export type PgliteFolderState = 'empty' | 'open' | 'closed';

export function pgliteFolderState(dir: string): PgliteFolderState {
  if (!existsSync(dir) || readdirSync(dir).length === 0) return 'empty';
  return existsSync(path.join(dir, 'postmaster.pid')) ? 'open' : 'closed';
}
