import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/connection';
import { rowsOf } from '../../db/rows';
import { pushVapidKeys } from '../../db/schema';
import { DEFAULT_PUSH_TEMPLATES } from './default-templates';

/**
 * Boot work, as the owner (DESIGN rule 10): the default templates, and the VAPID key pair every
 * instance signs with. Keys from the environment win; otherwise the first instance to boot generates
 * a pair and stores it (the app role cannot read that table), and every later boot, of any instance,
 * reads the same pair: instances booting at once race on one row and all read the winner's.
 */
export async function preparePush(db: Db, fromEnv: { publicKey: string; privateKey: string } | null): Promise<{ publicKey: string; privateKey: string }> {
  for (const t of DEFAULT_PUSH_TEMPLATES) {
    await db.execute(sql`
      insert into push_templates (tenant_id, key, title, body, url)
      values (null, ${t.key}, ${t.title}, ${t.body}, ${t.url})
      on conflict (key) where tenant_id is null do nothing`);
  }
  if (fromEnv) return fromEnv;
  const fresh = webpush.generateVAPIDKeys();
  await db.insert(pushVapidKeys).values({ id: 1, publicKey: fresh.publicKey, privateKey: fresh.privateKey }).onConflictDoNothing();
  const [row] = rowsOf<{ public_key: string; private_key: string }>(await db.execute(sql`select public_key, private_key from push_vapid_keys where id = 1`));
  return { publicKey: row.public_key, privateKey: row.private_key };
}
