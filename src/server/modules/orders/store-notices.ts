import type { StoreCtx } from '../../http/context';
import type { EmailSender } from '../../adapters/email/email';
import { renderEmailLayout } from '../../adapters/email/layout';
import { listLowStock } from '../inventory';
import { storeDetails, type StoreDetails } from '../tenants';
import { formatGBP, penceToPounds } from '../../../shared/money';
import { sendOrderConfirmation } from './emails';
import * as repo from './orders-repo';
import { ERASED_REASON } from './customer-data';

const money = (pence: number) => formatGBP(penceToPounds(pence));

/**
 * What follows a payment, as the store's notification settings (Settings > Store Info) say:
 * - customer_emails: the customer's order confirmation (off: not sent, and the timeline says so; staff
 *   may still send it by hand from the order);
 * - order_notifications: a "new order" email to the store's contact address;
 * - low_stock_alerts: an email to the contact address naming this order's products left at 5 or fewer.
 * The store emails need a contact email; without one there is nowhere to send them. All are written in
 * the payment's own transaction, like the confirmation always was.
 */
export async function noticesForPaidOrder(ctx: StoreCtx, email: EmailSender, order: repo.OrderRow): Promise<void> {
  const store = await storeDetails(ctx.tx, ctx.tenantId);
  const prefs = store?.settings.notifications;
  if (prefs?.customer_emails === false) await noteSkipped(ctx, order.id, 'order confirmation');
  // Paid after its customer's data was erased (a payment that outlived its stock hold): nowhere to send it.
  else if (order.erasedAt) await repo.addEvent(ctx, order.id, 'email_skipped', `No order confirmation emailed: ${ERASED_REASON}`);
  else await sendOrderConfirmation(ctx, email, order);
  const to = store?.details.contact_email;
  if (!store || !to) return;
  const items = await repo.listItems(ctx, [order.id]);
  if (prefs?.order_notifications) await sendNewOrderNotice(ctx, email, store, to, order, items);
  if (prefs?.low_stock_alerts) await sendLowStockAlert(ctx, email, store, to, items);
}

/** customer_emails off: the automatic notice is not sent, and staff can see why on the timeline. */
export async function customerEmailsOn(ctx: StoreCtx): Promise<boolean> {
  return (await storeDetails(ctx.tx, ctx.tenantId))?.settings.notifications.customer_emails !== false;
}

export async function noteSkipped(ctx: StoreCtx, orderId: string, what: string): Promise<void> {
  await repo.addEvent(ctx, orderId, 'email_skipped', `No ${what} emailed: customer emails are switched off in Settings`);
}

async function sendNewOrderNotice(ctx: StoreCtx, email: EmailSender, store: StoreDetails, to: string, order: repo.OrderRow, items: repo.OrderItemRow[]) {
  const { html, text } = renderEmailLayout({
    shopName: store.name,
    store: store.details,
    heading: `New order ${order.orderNumber}`,
    paragraphs: [`${order.customerName} (${order.customerEmail}) has paid ${money(order.totalAmount)} for order ${order.orderNumber}, to be sent by ${order.shippingMethodName}.`],
    table: {
      head: ['Item', 'Qty', 'Price'],
      rows: items.map((i) => [i.productName, String(i.quantity), money(i.totalAmount)]),
      foot: [['Total', '', money(order.totalAmount)]],
    },
  });
  await email.send(ctx, { tenantId: ctx.tenantId, to, subject: `New order ${order.orderNumber}: ${money(order.totalAmount)}`, html, text, kind: 'store_new_order', orderId: order.id });
}

async function sendLowStockAlert(ctx: StoreCtx, email: EmailSender, store: StoreDetails, to: string, items: repo.OrderItemRow[]) {
  const productIds = [...new Set(items.map((i) => i.productId).filter((id): id is string => id !== null))];
  const { rows } = await listLowStock(ctx, 50, productIds);
  if (rows.length === 0) return;
  const { html, text } = renderEmailLayout({
    shopName: store.name,
    store: store.details,
    heading: rows.length === 1 ? `${rows[0].name} is running low` : `${rows.length} products are running low`,
    paragraphs: ['A sale has just left these products with 5 or fewer in stock.'],
    table: { head: ['Product', 'SKU', 'In stock'], rows: rows.map((r) => [r.name, r.sku, String(r.stock_quantity)]) },
  });
  await email.send(ctx, { tenantId: ctx.tenantId, to, subject: `Low stock: ${rows.map((r) => r.name).join(', ').slice(0, 150)}`, html, text, kind: 'store_low_stock' });
}
