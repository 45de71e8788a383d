import { openDatabase } from '../db/connection';
import { DomainEvents } from '../db/domain-events';
import { UnitOfWork } from '../db/unit-of-work';
import { LocalFileStorage } from '../adapters/storage/local-storage';
import { JobRunner } from '../modules/jobs';
import { ImportJob } from '../modules/imports';

// A second server process for the import tests (PostgreSQL only): it claims and processes import jobs
// from the database at argv[2], files under argv[3], so a test can kill it part way (SIGKILL: no
// shutdown, a transaction cut off mid-chunk) and see another instance carry on.
const [databaseUrl, filesRoot] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl, dataDir: null });
const scopes = new UnitOfWork(await database.connectApp(), new DomainEvents());
const runner = new JobRunner(scopes, { workerId: 'killed-worker', leaseSeconds: 2, log: { error: (obj, msg) => console.error(msg, obj) } });
const job = new ImportJob({ scopes, storage: new LocalFileStorage(filesRoot), images: { allowPrivate: true }, chunkProducts: 25 });
runner.register('product_import', job.run, job.giveUp);
await runner.drain();
await database.close();
