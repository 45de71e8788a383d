import { beforeAll, describe, expect, it } from 'vitest';
import { call, resetTestApp, signIn, type TestApp } from '../../../test/harness';
import { openCsv } from '../../imports/csv/parse';
import { autoMap } from '../../../../shared/import/mapping';
import { groupProducts, type GroupedProduct, type ProductDraft } from '../../../../shared/import/rows';
import type { TenantCtx } from '../../../http/context';
import { applyImportedProducts, attachedImageSources } from './apply-products';
import { PERMISSIONS } from '../../../../shared/roles';

// Export -> import round trip (decision 023): the store's own export, imported back unchanged, is
// recognised product by product and picture by picture, so nothing is written and nothing fetched.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await resetTestApp();
  admin = await signIn(t.app, 'admin@demo.test');
});

async function readBack(body: Buffer): Promise<GroupedProduct[]> {
  const csv = await openCsv([body]);
  const out: GroupedProduct[] = [];
  for await (const product of groupProducts(csv.rows, csv.headers, autoMap(csv.headers))) out.push(product);
  return out;
}

function inStore<T>(fn: (ctx: TenantCtx) => Promise<T>): Promise<T> {
  const tenantId = t.seed.tenantIds.demo;
  const userId = t.seed.userIds['admin@demo.test'];
  return t.scopes.run({ tenantId, userId }, (work) => fn({ ...work, tenantId, actor: { sessionId: 'test', userId, email: 'admin@demo.test', isOwner: false, isSales: false, activeTenantId: tenantId }, role: 'admin', permissions: PERMISSIONS }));
}

describe('re-importing the store’s own export', () => {
  it('answers unchanged for every product and knows every picture in the file', async () => {
    const res = await call(t.app, 'GET', '/api/admin/products/export.csv', { cookie: admin });
    expect(res.statusCode).toBe(200);
    const grouped = await readBack(res.rawPayload);
    expect(grouped.filter((g) => g.errors.length)).toEqual([]);
    const drafts = grouped.map((g) => g.draft!) as ProductDraft[];
    expect(drafts.length).toBeGreaterThan(10);
    const outcomes = await inStore((ctx) => applyImportedProducts(ctx, drafts, { variantsMapped: true, images: new Map(), stockNote: 'Imported' }));
    expect(outcomes.filter((o) => o.result !== 'unchanged')).toEqual([]);
    const attached = await inStore((ctx) => attachedImageSources(ctx, drafts.map((d) => d.sku)));
    const urls = drafts.flatMap((d) => (d.image_urls ?? []).map((url) => ({ sku: d.sku, url })));
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter(({ sku, url }) => !attached.get(sku)?.has(url))).toEqual([]);
  });
});
