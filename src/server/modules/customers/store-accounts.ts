import { sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { DomainEvent } from '../../db/domain-events';
import { findRole } from '../accounts';

type AccountUsed = Extract<DomainEvent, { type: 'account.used_in_store' }>;

/**
 * A shopper signed up or signed in on a store's host (issue 26): they are one of its customers from then
 * on, with their account, even before they order. The row is keyed by the lower-cased email as order
 * rows are, so an account whose email already ordered as a guest joins that record. Runs after the sign-in
 * committed, in the store's own scope. The store's own team signing in to work is not a customer (an
 * order of theirs still makes them one, through the orders triggers).
 */
export function recordStoreAccount(scopes: UnitOfWork) {
  return (event: AccountUsed) =>
    scopes.run({ tenantId: event.tenantId, userId: event.userId }, async ({ tx }) => {
      if (await findRole({ tx, tenantId: event.tenantId }, event.userId)) return;
      await tx.execute(sql`
        insert into store_customers as s (tenant_id, email, user_id)
        values (${event.tenantId}::uuid, lower(${event.email}), ${event.userId}::uuid)
        on conflict (tenant_id, email) do update set user_id = excluded.user_id, updated_at = now()
        where s.user_id is distinct from excluded.user_id`);
    });
}
