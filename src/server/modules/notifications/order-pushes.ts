import { findRole } from '../accounts';
import { orderPushSummary, type OrderPushSummary } from '../orders';
import { findTenant } from '../tenants';
import type { StoreTx } from '../../http/context';
import { PUSH_TEMPLATE_KEYS, type PushMessage } from '../../../shared/push';
import { penceToPounds } from '../../../shared/money';
import { deliver, type DeliveryDeps, type InFlight } from './delivery';
import { renderMessage } from './messages';
import * as subscriptions from './subscriptions-repo';
import * as templates from './templates-repo';

/** An order push may wait a day for an offline device. */
const ORDER_TTL_SECONDS = 24 * 60 * 60;

const money = (pence: number, currency: string) => new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(penceToPounds(pence));

type Plan = { targets: subscriptions.SubscriptionRow[]; message: PushMessage } | null;
type Planner = (ctx: StoreTx, order: OrderPushSummary, render: (key: string) => Promise<PushMessage | null>) => Promise<Plan>;

/**
 * One order push: read the order, the template and the devices in the store's scope, then deliver
 * outside the transaction. Runs after the change committed and is not awaited by it (handed to
 * inFlight): a slow or failing push service never delays or fails a payment or a shipment, and its
 * failure is logged.
 */
function orderPush(deps: DeliveryDeps, inFlight: InFlight, plan: Planner) {
  const run = async (tenantId: string, orderId: string) => {
    const planned = await deps.scopes.run({ tenantId, userId: null }, async ({ tx }) => {
      const ctx = { tx, tenantId };
      const order = await orderPushSummary(tx, tenantId, orderId);
      if (!order) return null;
      const store = await findTenant(ctx);
      const vars = {
        order_number: order.orderNumber,
        customer_name: order.customerName,
        total_amount: money(order.totalAmount, order.currency),
        item_count: String(order.itemCount),
        order_id: order.id,
        tracking_reference: order.trackingReference ?? '',
        store_name: store?.name ?? '',
      };
      const render = async (key: string) => {
        const template = await templates.resolveActive(ctx, key);
        return template ? renderMessage(template, vars, `order-${order.id}`) : null;
      };
      return plan(ctx, order, render);
    });
    if (planned?.targets.length) await deliver(deps, tenantId, planned.targets, planned.message, ORDER_TTL_SECONDS);
  };
  return (event: { tenantId: string; orderId: string }): void => {
    inFlight.add(run(event.tenantId, event.orderId).catch((err) => deps.log.warn({ err, ...event }, 'an order push failed')));
  };
}

/** order.paid: every staff device of a current member hears of the paid order. */
export function pushPaidOrders(deps: DeliveryDeps, inFlight: InFlight) {
  return orderPush(deps, inFlight, async (ctx, _order, render) => {
    const message = await render(PUSH_TEMPLATE_KEYS.orderPaid);
    if (!message) return null;
    const staff = await subscriptions.listStaff(ctx);
    // Only people still on the team: a removed member's browser stops hearing of orders.
    const members = new Set<string>();
    for (const userId of new Set(staff.map((s) => s.userId).filter((id): id is string => id !== null))) {
      if (await findRole(ctx, userId)) members.add(userId);
    }
    return { targets: staff.filter((s) => s.userId && members.has(s.userId)), message };
  });
}

/**
 * order.status_changed to shipped: the shopper's own devices (customer subscriptions made while signed
 * in to the account the order belongs to) hear that it is on its way. Guests' orders have no account.
 */
export function pushShippedOrders(deps: DeliveryDeps, inFlight: InFlight) {
  const push = orderPush(deps, inFlight, async (ctx, order, render) => {
    if (!order.userId) return null;
    const message = await render(PUSH_TEMPLATE_KEYS.orderShipped);
    return message ? { targets: await subscriptions.listOfUser(ctx, 'customer', order.userId), message } : null;
  });
  return (event: { tenantId: string; orderId: string; status: string }): void => {
    if (event.status === 'shipped') push(event);
  };
}
