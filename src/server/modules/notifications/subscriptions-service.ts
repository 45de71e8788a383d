import type { StoreCtx } from '../../http/context';
import { badRequest, conflict } from '../../http/errors';
import type { PushSender } from '../../adapters/push/push';
import { spendStoreAllowance, type Limit } from '../limits';
import { MAX_CUSTOMER_SUBSCRIPTIONS_PER_STORE, SUBSCRIPTION_LIST_LIMIT } from '../../../shared/push';
import type { PushSubscribeBody, PushSubscriptionList } from '../../../shared/push-schemas';
import * as repo from './subscriptions-repo';


/** Sign-ups to a store's pushes one address may make in the window (anonymous shoppers may sign up). */
const SUBSCRIBE_LIMIT: Limit = {
  bucket: 'push_subscribe',
  max: 30,
  windowMs: 60 * 60 * 1000,
  message: 'Too many notification sign-ups from this address. Please try again later.',
};

export const ENDPOINT_REFUSED = 'This push service is not supported.';
export const STORE_FULL = 'This store cannot take more notification sign-ups right now.';

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Records a browser's subscription, or refreshes it (a re-sync). Staff rows belong to the signed-in
 * member (the route checked the membership); customer rows to whoever is signed in, or nobody, and
 * are limited per address and capped per store, since anyone on the storefront may make them.
 */
export async function subscribe(ctx: StoreCtx, sender: PushSender, body: PushSubscribeBody, ip: string) {
  if (!sender.acceptsEndpoint(body.endpoint)) throw badRequest(ENDPOINT_REFUSED, { endpoint: ENDPOINT_REFUSED });
  if (body.kind === 'customer') {
    await spendStoreAllowance(ctx.tx, ctx.tenantId, SUBSCRIBE_LIMIT, ip);
    // A re-sync of a known browser is always welcome; only new rows count against the cap (a soft
    // cap: two sign-ups at the same moment may both pass it).
    if (!(await repo.subscriptionExists(ctx, 'customer', body.endpoint))) {
      const counts = await repo.countByKind(ctx);
      if (counts.customer >= MAX_CUSTOMER_SUBSCRIPTIONS_PER_STORE) throw conflict('subscription_limit', STORE_FULL);
    }
  }
  const row = await repo.upsertSubscription(ctx, {
    kind: body.kind,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    userId: ctx.actor?.userId ?? null,
    userAgent: body.user_agent || null,
  });
  return { subscription: { id: row.id, kind: row.kind, created_at: iso(row.createdAt), last_seen_at: iso(row.lastSeenAt) } };
}

/** Removes the browser's rows in this store (the endpoint is the browser's own secret address). */
export async function unsubscribe(ctx: StoreCtx, body: { endpoint: string; kind?: 'customer' | 'staff' }) {
  return { removed: await repo.deleteByEndpoint(ctx, body.endpoint, body.kind) };
}

/** Admin: the newest subscriptions and how many there are of each kind. */
export async function list(ctx: StoreCtx): Promise<PushSubscriptionList> {
  const [rows, counts] = await Promise.all([repo.listNewest(ctx, SUBSCRIPTION_LIST_LIMIT), repo.countByKind(ctx)]);
  return {
    subscriptions: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      endpoint: r.endpoint,
      keys: { p256dh: r.p256dh, auth: r.auth },
      user_agent: r.userAgent,
      created_at: iso(r.createdAt),
      last_seen_at: iso(r.lastSeenAt),
    })),
    total: counts.customer + counts.staff,
    counts,
  };
}
