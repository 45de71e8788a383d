import type { TenantCtx } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { assertClientTenant } from '../../http/guards';
import { findRole } from '../accounts';
import { paidOrderSummary } from '../orders';
import { findTenant } from '../tenants';
import { PUSH_TEMPLATE_KEYS } from '../../../shared/push';
import type { PushSendBody, PushSendResult } from '../../../shared/push-schemas';
import { penceToPounds } from '../../../shared/money';
import { deliver, type DeliveryDeps, type InFlight } from './delivery';
import { renderMessage } from './messages';
import * as subscriptions from './subscriptions-repo';
import * as templates from './templates-repo';
import { TEMPLATE_NOT_FOUND } from './templates-service';

/** A test push may wait an hour for an offline device; an order push a day. */
const TEST_TTL_SECONDS = 60 * 60;
const ORDER_TTL_SECONDS = 24 * 60 * 60;

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
  const store = await findTenant(ctx.tx, ctx.tenantId);
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

const money = (pence: number, currency: string) => new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(penceToPounds(pence));

/**
 * The order.paid subscriber: every staff subscription of a current member hears of the paid order.
 * Runs after the payment committed and is not awaited by it: a slow or failing push service never
 * delays or fails the payment, and its failure is logged.
 */
export function pushPaidOrders(deps: DeliveryDeps, inFlight: InFlight) {
  return (event: { tenantId: string; orderId: string }): void => {
    inFlight.add(
      sendPaidOrder(deps, event.tenantId, event.orderId).catch((err) => deps.log.warn({ err, ...event }, 'the paid-order push failed')),
    );
  };
}

async function sendPaidOrder(deps: DeliveryDeps, tenantId: string, orderId: string): Promise<void> {
  const plan = await deps.scopes.run({ tenantId, userId: null }, async ({ tx }) => {
    const ctx = { tx, tenantId };
    const order = await paidOrderSummary(tx, tenantId, orderId);
    const template = order ? await templates.resolveActive(ctx, PUSH_TEMPLATE_KEYS.orderPaid) : null;
    if (!order || !template) return null;
    const staff = await subscriptions.listStaff(ctx);
    // Only people still on the team: a removed member's browser stops hearing of orders.
    const members = new Set<string>();
    for (const userId of new Set(staff.map((s) => s.userId).filter((id): id is string => id !== null))) {
      if (await findRole(tx, tenantId, userId)) members.add(userId);
    }
    const store = await findTenant(tx, tenantId);
    const vars = {
      order_number: order.orderNumber,
      customer_name: order.customerName,
      total_amount: money(order.totalAmount, order.currency),
      item_count: String(order.itemCount),
      order_id: order.id,
      store_name: store?.name ?? '',
    };
    return { targets: staff.filter((s) => s.userId && members.has(s.userId)), message: renderMessage(template, vars, `order-${order.id}`) };
  });
  if (plan?.targets.length) await deliver(deps, tenantId, plan.targets, plan.message, ORDER_TTL_SECONDS);
}
