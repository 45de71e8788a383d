// `npm run backup -- --out FILE`: one archive of the database, the stored files and the server's keys
// (src/server/ops/backup, decision 056). Reads the same environment as the server.
import { backupCommand } from '../src/server/ops/backup/commands';

process.exitCode = await backupCommand(process.argv.slice(2), process.env, console);
