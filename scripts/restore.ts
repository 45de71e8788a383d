// `npm run restore -- FILE`: a backup back into an empty database and file storage, every entry checked
// against the manifest first (src/server/ops/backup, decision 056). Reads the same environment as the server.
import { restoreCommand } from '../src/server/ops/backup/commands';

process.exitCode = await restoreCommand(process.argv.slice(2), process.env, console);
