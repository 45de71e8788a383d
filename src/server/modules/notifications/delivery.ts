import type { UnitOfWork } from '../../db/unit-of-work';
import type { PushSender } from '../../adapters/push/push';
import type { PushMessage } from '../../../shared/push';
import * as repo from './subscriptions-repo';

export interface DeliveryDeps {
  scopes: UnitOfWork;
  push: PushSender;
  log: { warn(obj: object, msg: string): void };
}

export interface Delivery {
  sent: number;
  failed: number;
  /** Subscriptions the push service called gone (404/410), deleted. */
  removed: number;
}

/** How many pushes go out at once: a store's whole staff in one go, without a burst of hundreds. */
const PARALLEL = 8;

/** Pushes this process handed to a push service since start, by what came of them: metrics (decision 055). */
const totals = { sent: 0, failed: 0, gone: 0 };
export const pushTotals = (): Readonly<typeof totals> => totals;

/**
 * Sends one message to each subscription, outside any transaction (a slow push service never holds a
 * database connection), then deletes the subscriptions the push service no longer knows, in the
 * store's own scope. A failure is logged and counted; it never throws.
 */
export async function deliver(deps: DeliveryDeps, tenantId: string, targets: repo.SubscriptionRow[], message: PushMessage, ttlSeconds: number): Promise<Delivery> {
  const result: Delivery = { sent: 0, failed: 0, removed: 0 };
  const gone: string[] = [];
  for (let i = 0; i < targets.length; i += PARALLEL) {
    await Promise.all(
      targets.slice(i, i + PARALLEL).map(async (s) => {
        const outcome = await deps.push.send({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, message, { ttlSeconds, urgency: 'high' });
        totals[outcome.status] += 1;
        if (outcome.status === 'sent') result.sent += 1;
        else if (outcome.status === 'gone') gone.push(s.id);
        else {
          result.failed += 1;
          deps.log.warn({ tenantId, subscriptionId: s.id, reason: outcome.reason }, 'a push was not delivered');
        }
      }),
    );
  }
  if (gone.length) {
    try {
      result.removed = await deps.scopes.run({ tenantId, userId: null }, ({ tx }) => repo.deleteByIds({ tx, tenantId }, gone));
    } catch (err) {
      deps.log.warn({ err, tenantId }, 'removing dead push subscriptions failed');
    }
  }
  return result;
}

/**
 * Pushes still on their way from this process. Event handlers hand their delivery here instead of
 * making the request that emitted the event (a payment webhook) wait for the push services; tests and
 * shutdown wait for idle().
 */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  add(task: Promise<unknown>): void {
    const tracked = task.finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}
