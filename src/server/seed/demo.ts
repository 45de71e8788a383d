import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { withScope } from '../db/scope';
import { platformSalesScope } from '../db/privileged-scopes';
import { tenants, users } from '../db/schema/index';
import * as accounts from '../modules/accounts';
import * as stores from '../modules/tenants';
import type { MemberRole } from '../../shared/roles';
import type { FileStorage } from '../adapters/storage/storage';
import { seedCatalogue } from './catalogue';
import { ACME_CATALOGUE, DEMO_STORE_CATALOGUE } from './catalogue-demo';
import { seedShippingMethods } from './shipping';
import { DEMO_POLICIES } from './policies';
import { seedTestPaymentAccount } from './payments';
import { seedDemoCrmKit, seedDemoLeads } from '../modules/crm';

export interface DemoTenant {
  key: 'demo' | 'acme';
  name: string;
  slug: string;
  domain: string;
}

/** HMRC's own example VAT number: valid in form, never a real business's. */
export const DEMO_VAT_NUMBER = 'GB999999973';

export const DEMO_TENANTS: DemoTenant[] = [
  { key: 'demo', name: 'Demo Store', slug: 'demo', domain: 'demo.localhost' },
  { key: 'acme', name: 'Acme', slug: 'acme', domain: 'acme.localhost' },
];

/** Demo accounts (DESIGN "Running"); partner@demo.test belongs to both stores to show the chooser. */
export const DEMO_ACCOUNTS: { email: string; owner?: boolean; sales?: boolean; roles: Partial<Record<DemoTenant['key'], MemberRole>> }[] = [
  { email: 'owner@platform.test', owner: true, roles: {} },
  // The provider's own sales team (decision 027): the platform CRM at /admin/crm, no store.
  { email: 'sales@platform.test', sales: true, roles: {} },
  { email: 'admin@demo.test', roles: { demo: 'admin' } },
  { email: 'staff@demo.test', roles: { demo: 'staff' } },
  { email: 'shopper@demo.test', roles: {} },
  { email: 'admin@acme.test', roles: { acme: 'admin' } },
  { email: 'partner@demo.test', roles: { demo: 'admin', acme: 'staff' } },
];

export interface SeededDemo {
  tenantIds: Record<DemoTenant['key'], string>;
  userIds: Record<string, string>;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tenants);
  return Number(row.n) === 0;
}

/**
 * Writes the demo tenants and accounts. Tenant rows are written inside each tenant's scope so the
 * seed obeys the same row-level security as requests do. Later features add their demo data here.
 */
export async function seedDemo(db: Db, password: string, storage: FileStorage): Promise<SeededDemo> {
  const passwordHash = await accounts.hashPassword(password);
  const userIds: Record<string, string> = {};
  const tenantIds = {} as Record<DemoTenant['key'], string>;
  // Accounts (with their platform-owner flags) and stores are platform rows the app role may not
  // write that way: the seed writes them as the owner, at boot.
  await db.transaction(async (tx) => {
    for (const account of DEMO_ACCOUNTS) {
      const [row] = await tx
        .insert(users)
        .values({ email: account.email, passwordHash, isPlatformOwner: account.owner ?? false, isPlatformSales: account.sales ?? false, emailConfirmedAt: new Date() })
        .onConflictDoUpdate({ target: users.email, set: { passwordHash } })
        .returning({ id: users.id });
      userIds[account.email] = row.id;
    }
    for (const t of DEMO_TENANTS) {
      // Demo Store charges VAT (HMRC's published test VAT number); Acme is a small business that does not (issue 25).
      const business = t.key === 'demo' ? { vat_registered: true, vat_number: DEMO_VAT_NUMBER } : { vat_registered: false };
      const tenant = await stores.insertTenant({ tx }, { name: t.name, slug: t.slug, settings: { policies: DEMO_POLICIES, business } });
      tenantIds[t.key] = tenant.id;
    }
  });
  for (const t of DEMO_TENANTS) {
    const tenantId = tenantIds[t.key];
    await withScope(db, { tenantId, userId: null }, async (tx) => {
      const store = { tx, tenantId };
      await stores.insertDomain(store, t.domain);
      for (const account of DEMO_ACCOUNTS) {
        const role = account.roles[t.key];
        if (role) await accounts.insertMembership(store, userIds[account.email], role);
      }
    });
  }
  await seedCatalogue(db, tenantIds.demo, DEMO_STORE_CATALOGUE, storage);
  await seedCatalogue(db, tenantIds.acme, ACME_CATALOGUE, storage);
  for (const tenantId of Object.values(tenantIds)) await seedShippingMethods(db, tenantId);
  for (const t of DEMO_TENANTS) await seedTestPaymentAccount(db, tenantIds[t.key], t.name);
  // CRM pipelines (issue 16): the platform's own book (decision 027: its scope sets platform_sales) and Demo Store's.
  await withScope(db, platformSalesScope(null), (tx) => seedDemoLeads(tx, null));
  await withScope(db, { tenantId: tenantIds.demo, userId: null }, (tx) => seedDemoLeads(tx, tenantIds.demo));
  // The demo store shows the spec's web-agency CRM (DESIGN rule 14); Acme starts neutral, as a new store does (decision 044).
  await withScope(db, { tenantId: tenantIds.demo, userId: null }, (tx) => seedDemoCrmKit(tx, tenantIds.demo));
  return { tenantIds, userIds };
}
