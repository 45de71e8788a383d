import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The layer rules in eslint.boundaries.js, run through ESLint as `npm run lint` runs them: each
// forbidden arrow must be reported, and its allowed twin must not be.
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string, rule = 'no-restricted-imports'): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}
const syntax = (filePath: string, code: string) => restricted(filePath, code, 'no-restricted-syntax');

describe('import boundaries (npm run lint)', () => {
  it('a module reaches another module only through its index.ts', async () => {
    expect(await restricted('src/server/modules/dashboard/x.ts', "import { findRole } from '../accounts/auth/repo';")).toEqual([expect.stringContaining('through its index.ts')]);
    expect(await restricted('src/server/modules/orders/admin/x.ts', "import * as stock from '../../inventory/stock-levels';")).toHaveLength(1);
    expect(await restricted('src/server/modules/dashboard/x.ts', "import { findRole } from '../accounts';")).toEqual([]);
    // Inside its own module anything goes.
    expect(await restricted('src/server/modules/orders/admin/x.ts', "import { isPlacedOrder } from '../orders-repo';")).toEqual([]);
  });

  it('request code cannot import the owner connection or withScope', async () => {
    for (const file of ['src/server/modules/orders/x.ts', 'src/server/http/x.ts', 'src/server/adapters/email/x.ts']) {
      const depth = file.split('/').length - 3;
      const up = '../'.repeat(depth);
      expect(await restricted(file, `import { openDatabase } from '${up}db/connection';`), file).toEqual([expect.stringContaining('owner connection')]);
      expect(await restricted(file, `import { withScope } from '${up}db/scope';`), file).toEqual([expect.stringContaining('withScope')]);
      expect(await restricted(file, `import type { Tx } from '${up}db/connection';`), file).toEqual([]);
    }
    // Boot may: it migrates and seeds.
    expect(await restricted('src/server/main.ts', "import { openDatabase } from './db/connection';")).toEqual([]);
  });

  it('db/ imports no module, adapter or http code; adapters import no module', async () => {
    expect(await restricted('src/server/db/x.ts', "import { TenantResolver } from '../modules/tenants';")).toHaveLength(1);
    expect(await restricted('src/server/db/x.ts', "import { AppError } from '../http/errors';")).toHaveLength(1);
    expect(await restricted('src/server/adapters/ai/x.ts', "import { aiRoutes } from '../../modules/ai';")).toHaveLength(1);
  });

  it('modules never import boot code; shared imports neither server nor web', async () => {
    expect(await restricted('src/server/modules/ai/x.ts', "import { buildApp } from '../../app';")).toHaveLength(1);
    expect(await restricted('src/shared/x.ts', "import type { Tx } from '../server/db/connection';")).toHaveLength(1);
    expect(await restricted('src/shared/x.ts', "import { api } from '@/lib/api';")).toHaveLength(1);
  });

  it('web areas: the storefront never imports admin code; components never import an area', async () => {
    expect(await restricted('src/web/storefront/x.tsx', "import { AdminLayout } from '@/admin/layout';")).toHaveLength(1);
    expect(await restricted('src/web/storefront/product/x.tsx', "import { AdminLayout } from '../../admin/layout';")).toHaveLength(1);
    expect(await restricted('src/web/components/x.tsx', "import { Home } from '@/storefront/home/home-page';")).toHaveLength(1);
    expect(await restricted('src/web/storefront/x.tsx', "import { Button } from '@/components/ui/button';")).toEqual([]);
    expect(await restricted('src/web/admin/x.tsx', "import type { Tx } from '../../server/db/connection';")).toHaveLength(1);
  });

  it('database drivers only in db/; no bare src/ specifier in the server', async () => {
    for (const driver of ['pg', '@electric-sql/pglite', 'drizzle-orm/node-postgres', 'drizzle-orm/pglite']) {
      expect(await restricted('src/server/modules/orders/x.ts', `import * as d from '${driver}';`), driver).toEqual([expect.stringContaining('Database drivers live in src/server/db/')]);
      expect(await restricted('src/server/db/x.ts', `import * as d from '${driver}';`), driver).toEqual([]);
    }
    expect(await restricted('src/server/http/x.ts', "import * as d from 'pg';")).toHaveLength(1);
    // Drizzle's query builder is not a driver.
    expect(await restricted('src/server/modules/orders/x.ts', "import { sql } from 'drizzle-orm';")).toEqual([]);
    expect(await restricted('src/server/modules/orders/x.ts', "import { money } from 'src/shared/money';")).toEqual([expect.stringContaining('bare src/ specifier')]);
    // The folder's own rules still hold beside these.
    expect(await restricted('src/server/modules/dashboard/x.ts', "import { findRole } from '../accounts/auth/repo';")).toEqual([expect.stringContaining('through its index.ts')]);
  });

  it('privileged scope keys only in db/privileged-scopes.ts; no dynamic import() in the server', async () => {
    const leak = "export const s = { tenantId: null, userId: null, platformOwner: true };";
    expect(await syntax('src/server/modules/orders/x.ts', leak)).toEqual([expect.stringContaining('db/privileged-scopes.ts')]);
    expect(await syntax('src/server/http/x.ts', "const platformSales = true; export const s = { tenantId: null, platformSales };")).toHaveLength(1);
    expect(await syntax('src/server/db/privileged-scopes.ts', leak)).toEqual([]);
    expect(await syntax('src/server/modules/orders/x.test.ts', leak)).toEqual([]);
    // A different key that merely starts the same way is fine.
    expect(await syntax('src/server/modules/orders/x.ts', 'export const d = { platformOwnerEmails: [] };')).toEqual([]);
    expect(await syntax('src/server/modules/orders/x.ts', "export const m = () => import('node:fs');")).toEqual([expect.stringContaining('No dynamic import()')]);
  });

  it("a module's index.ts exports services, not its repo functions", async () => {
    const index = 'src/server/modules/tenants/index.ts';
    expect(await syntax(index, "export { findTenant } from './repo';")).toEqual([expect.stringContaining('exports services, not its repo')]);
    expect(await syntax(index, "export { pageOfRowErrors } from './process/errors-repo';")).toHaveLength(1);
    expect(await syntax(index, "export { a, type B } from './settings/repo';")).toHaveLength(1);
    expect(await syntax(index, "export * from './repo';")).toHaveLength(1);
    // Its types may go out; a service may; the rule is the index's alone.
    expect(await syntax(index, "export type { SettingsRow } from './settings/repo';")).toEqual([]);
    expect(await syntax(index, "export { findTenant } from './stores';")).toEqual([]);
    expect(await syntax('src/server/modules/tenants/stores.ts', "export { findTenant } from './repo';")).toEqual([]);
    // The server's own rules still hold in an index.
    expect(await syntax(index, "export const m = () => import('node:fs');")).toEqual([expect.stringContaining('No dynamic import()')]);
  });
});
