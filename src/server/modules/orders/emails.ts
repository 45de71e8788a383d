import type { StoreCtx } from '../../http/context';
import { storeDetails } from '../tenants';
import type { PublicStoreDetails } from '../../../shared/store-details';
import type { EmailSender } from '../../adapters/email/email';
import { renderEmailLayout } from '../../adapters/email/layout';
import { formatGBP, penceToPounds } from '../../../shared/money';
import { deliveryPromise, ORDER_PROCESSING_TEXT } from '../../../shared/orders';
import * as repo from './orders-repo';

const money = (pence: number) => formatGBP(penceToPounds(pence));

/** The store's name and public details (Settings > Store Info) for an email's header and footer. */
export async function shopIdentity(ctx: StoreCtx): Promise<{ name: string; details: PublicStoreDetails | undefined }> {
  const store = await storeDetails(ctx.tx, ctx.tenantId);
  return { name: store?.name ?? 'Our shop', details: store?.details };
}

/** The delivery time of the method the order was placed with ("Delivery on the next business day"). */
export const orderDeliveryPromise = (order: repo.OrderRow) => deliveryPromise({ delivery_min_days: order.deliveryMinDays, delivery_max_days: order.deliveryMaxDays });

/** The order confirmation, written into the outbox in the same transaction that marks the order paid. */
export async function sendOrderConfirmation(ctx: StoreCtx, email: EmailSender, order: repo.OrderRow): Promise<void> {
  const items = await repo.listItems(ctx, [order.id]);
  const { name: shop, details } = await shopIdentity(ctx);
  const address = order.shippingAddress;
  const { html, text } = renderEmailLayout({
    shopName: shop,
    store: details,
    heading: `Thank you for your order, ${address.first_name}`,
    paragraphs: [
      `Your order ${order.orderNumber} is confirmed and paid.`,
      `${ORDER_PROCESSING_TEXT}. ${orderDeliveryPromise(order)}.`,
      `Delivering to:\n${[`${address.first_name} ${address.last_name}`, address.company, address.line1, address.line2, address.city, address.postcode].filter(Boolean).join('\n')}`,
    ],
    table: {
      head: ['Item', 'Qty', 'Price'],
      rows: items.map((i) => [`${i.productName}${i.variantOptions.length ? ` (${i.variantOptions.map((o) => o.value).join(', ')})` : ''}`, String(i.quantity), money(i.totalAmount)]),
      foot: [
        ['Subtotal', '', money(order.subtotal)],
        ...(order.discountTotal > 0 ? [['Discount', '', `-${money(order.discountTotal)}`]] : []),
        [order.shippingMethodName, '', order.shippingTotal === 0 ? 'Free' : money(order.shippingTotal)],
        ...(order.taxTotal > 0 ? [['Tax', '', money(order.taxTotal)]] : []),
        ['Total', '', money(order.totalAmount)],
        [`Includes ${money(order.vatIncluded)} VAT`, '', ''],
      ],
    },
  });
  await email.send(ctx, { tenantId: ctx.tenantId, to: order.customerEmail, subject: `${shop}: order ${order.orderNumber} confirmed`, html, text, kind: 'order_confirmation', orderId: order.id });
  await repo.addEvent(ctx, order.id, 'email_sent', `Order confirmation emailed to ${order.customerEmail}`);
}
