import { and, eq, lt } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work';
import { orders } from '../../db/schema';
import { allTenantIds } from '../tenants';
import type { PaymentProvider } from '../../adapters/payments/payments';
import { PaymentSessionCompleteError } from '../../adapters/payments/errors';
import { releaseUnpaid } from './lifecycle';
import * as repo from './orders-repo';

/**
 * Abandoned checkouts give their stock back on their own. For every unpaid order whose hold has
 * lapsed, store by store (row-level security scopes each pass): first its payment session is expired
 * so it can no longer be paid (a session that turns out to be paid is left for its webhook), then the
 * order is claimed (FOR UPDATE SKIP LOCKED, re-checked as still lapsed and held) and cancelled with
 * payment_status expired, its hold released. Several instances may sweep at once: each order is
 * released by exactly one of them, and a second sweep finds nothing. Answers how many were released.
 */
export async function releaseExpiredReservations(scopes: UnitOfWork, payments: PaymentProvider, now = new Date()): Promise<number> {
  const stores = await scopes.run({ tenantId: null, userId: null }, (work) => allTenantIds(work));
  let released = 0;
  for (const tenantId of stores) {
    const scope = { tenantId, userId: null };
    const lapsed = await scopes.run(scope, ({ tx }) =>
      tx
        .select({ id: orders.id, sessionId: orders.paymentSessionId })
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.reservationState, 'held'), eq(orders.paymentStatus, 'unpaid'), lt(orders.reservationExpiresAt, now))),
    );
    for (const { id, sessionId } of lapsed) {
      if (sessionId) {
        try {
          await payments.expireSession(sessionId);
        } catch (error) {
          if (error instanceof PaymentSessionCompleteError) continue;
          // The provider could not be reached: release anyway; a late payment still takes the stock if it is there.
        }
      }
      const done = await scopes.run(scope, async (work) => {
        const ctx = { ...work, tenantId, actor: null };
        const order = await repo.claimLapsedHold(ctx, id, now);
        return order ? releaseUnpaid(ctx, order, 'expired', 'Not paid in time: the stock hold lapsed') : false;
      });
      if (done) released++;
    }
  }
  return released;
}

/** Runs the sweep every minute in the background; the timer never keeps the process alive. */
export function startReservationSweeper(scopes: UnitOfWork, payments: PaymentProvider, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    releaseExpiredReservations(scopes, payments)
      .catch(onError)
      .finally(() => (running = false));
  }, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
