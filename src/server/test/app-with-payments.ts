import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { OutboxEmailSender } from '../adapters/email/outbox';
import { LocalFileStorage } from '../adapters/storage/local-storage';
import { BuiltinWriter } from '../adapters/ai/builtin-writer';
import type { PaymentProvider } from '../adapters/payments/payments';
import { TenantResolver } from '../modules/tenants/resolver';
import { TEST_INDEX_HTML, type TestApp } from './harness';

/**
 * A second app on the test database with a real payment adapter (the shared app uses a test double),
 * for the tests that must go through the built-in gateway or the Stripe provider end to end.
 * The caller closes it.
 */
export async function appWithPayments(t: TestApp, payments: PaymentProvider, webhookSecret: string): Promise<FastifyInstance> {
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'shop-payments-web-'));
  writeFileSync(path.join(webDir, 'index.html'), TEST_INDEX_HTML);
  const app = await buildApp(
    {
      scopes: t.scopes,
      config: t.config,
      secrets: { cookieSecret: 'payments-test-cookie-secret', webhookSecret },
      tenants: new TenantResolver(t.scopes, t.config.platformHost),
      storage: new LocalFileStorage(mkdtempSync(path.join(os.tmpdir(), 'shop-payments-files-'))),
      payments,
      email: new OutboxEmailSender(),
      ai: new BuiltinWriter(),
      dns: t.dns,
      push: t.app.deps.push,
      // The shared app's cache: what this app writes shows there at once, as in one instance.
      catalogueCache: t.app.deps.catalogueCache,
    },
    { webDir },
  );
  await app.ready();
  return app;
}
