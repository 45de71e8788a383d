import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadBootConfig } from './config';
import { loadSecrets } from './secrets';
import { DatabaseUnavailableError, openDatabase, runMigrations, type Database } from './db/connection';
import { isDatabaseEmpty, seedDemo, DEMO_ACCOUNTS, DEMO_TENANTS } from './seed/demo';
import { allTenantIds, tenantName, TenantResolver } from './modules/tenants';
import { CatalogueCache } from './modules/catalogue';
import { loadFirstViewRenderer } from './http/first-view';
import { queuePictureBackfill } from './modules/media';
import { buildApp, STRAY_SUBJECTS, strayRefundDeps } from './app';
import { startMetricsServer } from './observability';
import { createFileStorage } from './adapters/storage/create-file-storage';
import { createPaymentProvider } from './adapters/payments/provider';
import { createEmailSender, startEmailSweep } from './adapters/email/create-email-sender';
import { createAiWriter } from './adapters/ai/create-ai-writer';
import { createTxtResolver } from './adapters/dns/dns';
import { ensureDefaultEmailTemplates, findSenderIdentity } from './modules/emails';
import { createPushSender } from './adapters/push/create-push-sender';
import { preparePush } from './modules/notifications';
import { startReservationSweeper } from './modules/orders';
import { startRefundReconciler } from './modules/orders';
import { startStrayRefundReconciler } from './modules/payments';
import { DomainEvents } from './db/domain-events';
import { UnitOfWork } from './db/unit-of-work';
import { stopGracefullyOnSignals } from './lifecycle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** How many connections the kernel may hold for us to accept (see the listen call). */
const LISTEN_BACKLOG = 4096;

/** Boot order (DESIGN layout): config -> database -> migrations -> demo seed -> app -> listen. */
async function main(): Promise<void> {
  // The database's address stays here: request code gets config alone.
  const { config, database: address } = loadBootConfig();
  const secrets = loadSecrets(config.dataDir);
  const database: Database = await openDatabase({
    databaseUrl: address.url,
    pool: config.databasePool,
    dataDir: address.url ? null : path.join(config.dataDir, 'pglite'),
  });
  // Under an advisory lock: instances started together apply each migration once (decision 057).
  await runMigrations(database, { onWait: () => console.log('Another instance is applying migrations; waiting for it.') });
  await ensureDefaultEmailTemplates(database.db);
  const storage = createFileStorage(config);
  if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
    await seedDemo(database.db, config.demoPassword, storage);
    console.log(`Demo data created. Every demo account uses the password: ${config.demoPassword}`);
  }
  // Boot work as the owner: default push templates, and the VAPID keys every instance shares.
  const vapid = await preparePush(database.db, config.push.vapid);
  // From here on only the app role's connection: the owner's stays for shutdown (DESIGN rule 10).
  const appDb = await database.connectApp(address.appUrl, address.listenUrl);
  const log = { error: (obj: object, msg: string) => console.error(msg, obj) };
  const scopes = new UnitOfWork(appDb, new DomainEvents(log), log);
  const payments = createPaymentProvider(config, secrets, scopes);
  const email = createEmailSender(config, scopes, { identity: findSenderIdentity, stores: { ids: (tx) => allTenantIds({ tx }), name: (tx, tenantId) => tenantName({ tx, tenantId }) } });
  const ai = createAiWriter(config.ai);
  const push = createPushSender(config, vapid);
  if (config.ai.provider === 'openai' && !config.ai.openai.apiKey) console.warn('AI_PROVIDER=openai but OPENAI_API_KEY is not set: AI copy answers 503 missing_api_key.');
  if (config.checkoutRecovery.hourMs < 3_600_000) console.warn(`CHECKOUT_RECOVERY_HOUR_SECONDS=${config.checkoutRecovery.hourMs / 1000}: checkout recovery emails run on a shortened clock, for journeys only (decision 048).`);
  const app = await buildApp(
    {
      scopes,
      config,
      secrets,
      tenants: new TenantResolver(scopes, config.platformHost),
      storage,
      payments,
      email,
      ai,
      dns: createTxtResolver(config),
      push,
      catalogueCache: new CatalogueCache({ seconds: config.catalogueCacheSeconds }),
      firstView: config.serverRendering ? await loadFirstViewRenderer(path.join(root, 'dist/ssr'), console) : null,
    },
    { webDir: path.join(root, 'dist/web'), logger: config.logLevel === 'silent' ? false : { level: config.logLevel } },
  );
  const stopEmailSweep = startEmailSweep(email, { log: app.log });
  const stopReservationSweep = startReservationSweeper(scopes, payments, (error) => app.log.error({ err: error }, 'releasing lapsed stock holds failed'));
  // Pictures stored before resized copies existed get them, once per store (decision 052).
  await queuePictureBackfill(scopes, await scopes.run({ tenantId: null, userId: null }, (work) => allTenantIds(work)));
  const stopJobs = app.jobs.start();
  const stopRefundReconciler = startRefundReconciler({ scopes, payments, email, log: app.log }, (error) => app.log.error({ err: error }, 'reconciling pending refunds failed'));
  const stopStrayRefunds = startStrayRefundReconciler(strayRefundDeps(app.deps, app.log), STRAY_SUBJECTS, (error) => app.log.error({ err: error }, 'refunding stray payments failed'));
  // SIGTERM/SIGINT: not ready, drain, finish requests, then this (app.close() hands back job leases and
  // stops LISTEN through its onClose hooks), then exit 0 (lifecycle/, decision 057).
  stopGracefullyOnSignals(app, config.shutdown, async () => {
    stopEmailSweep();
    stopReservationSweep();
    stopRefundReconciler();
    stopStrayRefunds();
    stopJobs();
    await app.close();
    await email.close();
    await database.close();
  });
  // Prometheus metrics on a port of their own, only when METRICS_PORT is set (decision 055).
  const metricsAt = await startMetricsServer(app);
  // Node listens with a backlog of 511. A flood that opens hundreds of connections at once fills that
  // queue faster than the busy main thread accepts them, and the kernel then drops new connections'
  // SYNs: a health probe or a shopper arriving at that moment waits for TCP to resend (1 s, then 3, 7,
  // 15 s). The kernel caps this at net.core.somaxconn (4096 on current Linux).
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  const port = config.port;
  console.log(`\nShop platform ready (${database.kind === 'pglite' ? 'embedded database in ' + config.dataDir : 'PostgreSQL'}).`);
  console.log(`  Platform site:  http://${config.platformHost}:${port}/`);
  for (const t of DEMO_TENANTS) console.log(`  ${t.name.padEnd(14)}  http://${t.domain}:${port}/  (admin: http://${t.domain}:${port}/admin)`);
  if (metricsAt) console.log(`  Metrics:        http://${metricsAt.family === 'IPv6' ? `[${metricsAt.address}]` : metricsAt.address}:${metricsAt.port}/metrics`);
  if (config.seedDemo) console.log(`  Demo accounts:  ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}  password: ${config.demoPassword}`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DatabaseUnavailableError) {
    console.error(err.message);
  } else {
    console.error('The server could not start:', err);
  }
  process.exit(1);
});
