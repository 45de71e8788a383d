import type { TenantCtx } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { assertClientTenant } from '../../http/guards';
import { findTenant } from '../tenants';
import { outboundLimit, spendOutboundAllowance } from '../limits';
import { OUTBOUND_LIMITS, OUTBOUND_TEXT } from '../../../shared/outbound-limits';
import type { PushSendBody, PushSendResult } from '../../../shared/push-schemas';
import { deliver, type DeliveryDeps } from './delivery';
import { renderMessage } from './messages';
import * as subscriptions from './subscriptions-repo';
import * as templates from './templates-repo';
import { TEMPLATE_NOT_FOUND } from './templates-service';

/** Each test push goes out through the browsers' push services: per store and per person (decision 033). */
const TEST_LIMIT = outboundLimit('push_test', OUTBOUND_LIMITS.testPush, { store: OUTBOUND_TEXT.testPushStore, account: OUTBOUND_TEXT.testPushAccount });

/** A test push may wait an hour for an offline device. */
const TEST_TTL_SECONDS = 60 * 60;

export const NO_DEVICE = (kind: string) => `None of your devices is subscribed to ${kind} notifications for this store. Enable push notifications first.`;

/**
 * A test push (admin spec §7 push-send) to the caller's own devices of that kind, never to the store's
 * customers at large. The body's tenant_id selects nothing: naming another store is refused (403).
 * Delivery runs after the transaction (DESIGN rule 10); the answer is filled in once it has.
 */
export async function sendTest(ctx: TenantCtx, deps: DeliveryDeps, body: PushSendBody): Promise<PushSendResult> {
  assertClientTenant(ctx, body.tenant_id);
  const template = await templates.resolveActive(ctx, body.template_key);
  if (!template) throw notFound(TEMPLATE_NOT_FOUND);
  const targets = await subscriptions.listOfUser(ctx, body.kind, ctx.actor.userId);
  if (!targets.length) throw conflict('no_subscription', NO_DEVICE(body.kind));
  // Counted once it will go out; a refusal rolls this transaction back, so it sends nothing.
  await spendOutboundAllowance(ctx.tx, TEST_LIMIT, { tenantId: ctx.tenantId, accountId: ctx.actor.userId });
  const store = await findTenant(ctx);
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(body.payload ?? {})) vars[name] = String(value);
  vars.store_name = store?.name ?? '';
  const message = renderMessage(template, vars, `test-${body.template_key}`);
  const result: PushSendResult = { sent: 0, failed: 0, removed: 0 };
  ctx.afterCommit(async () => {
    Object.assign(result, await deliver(deps, ctx.tenantId, targets, message, TEST_TTL_SECONDS));
  });
  return result;
}
