import { sql } from 'drizzle-orm';
import type { Db, Tx } from './connection';

/** Who a transaction acts for. Row-level security policies read these settings. */
export interface Scope {
  tenantId: string | null;
  userId: string | null;
  /** Set only after the server has verified the user is a platform owner. */
  platformOwner?: boolean;
}

export const APP_ROLE = 'shop_app';

/**
 * Runs fn in one transaction as the unprivileged app role with the scope set transaction-locally
 * (DESIGN rule 2): set_config(..., true) ends with the transaction, so a pooled connection never
 * carries one request's tenant into the next.
 */
export function withScope<T>(db: Db, scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${APP_ROLE}, true),
                 set_config('app.tenant_id', ${scope.tenantId ?? ''}, true),
                 set_config('app.user_id', ${scope.userId ?? ''}, true),
                 set_config('app.platform_owner', ${scope.platformOwner ? 'on' : ''}, true)`,
    );
    return fn(tx);
  });
}
