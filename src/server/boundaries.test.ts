import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The layer rules in eslint.boundaries.js, run through ESLint as `npm run lint` runs them: each
// forbidden arrow must be reported, and its allowed twin must not be.
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

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
});
