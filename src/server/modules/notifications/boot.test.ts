import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { resetTestApp, type TestApp } from '../../test/harness';
import { rowsOf } from '../../db/rows';
import { preparePush } from './boot';

let t: TestApp;
beforeAll(async () => {
  t = await resetTestApp();
});

describe('preparing push at boot', () => {
  it('generates one VAPID pair and every later boot (any instance) reads the same one', async () => {
    const first = await preparePush(t.database.db, null);
    const [second, third] = await Promise.all([preparePush(t.database.db, null), preparePush(t.database.db, null)]);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    // A pair that signs: web-push accepts it as VAPID details.
    expect(() => webpush.getVapidHeaders('https://fcm.googleapis.com', 'mailto:a@b.test', first.publicKey, first.privateKey, 'aes128gcm')).not.toThrow();
    const rows = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from push_vapid_keys`));
    expect(rows[0].n).toBe(1);
  });

  it('uses keys from the environment as they are, leaving the stored pair alone', async () => {
    const stored = await preparePush(t.database.db, null);
    const env = webpush.generateVAPIDKeys();
    expect(await preparePush(t.database.db, env)).toEqual(env);
    expect(await preparePush(t.database.db, null)).toEqual(stored);
  });

  it('writes each default template once, for no store, and keeps a default as it is', async () => {
    await t.database.db.execute(sql`update push_templates set title = 'Edited by a migration' where key = 'test' and tenant_id is null`);
    await preparePush(t.database.db, null);
    const rows = rowsOf<{ key: string; tenant_id: string | null; title: string }>(await t.database.db.execute(sql`select key, tenant_id, title from push_templates order by key`));
    expect(rows.map((r) => [r.key, r.tenant_id])).toEqual([['order_paid', null], ['order_shipped', null], ['test', null]]);
    expect(rows.find((r) => r.key === 'test')!.title).toBe('Edited by a migration');
  });
});
