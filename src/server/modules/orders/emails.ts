import type { StoreCtx } from '../../http/context';
import { storeDetails } from '../tenants';
import type { PublicStoreDetails } from '../../../shared/store-details';
import type { EmailSender } from '../../adapters/email/email';
import { renderEmailTable } from '../../adapters/email/layout';
import { sendTemplatedEmail, type TemplateValues } from '../emails';
import { formatGBP, penceToPounds } from '../../../shared/money';
import { deliveryPromise } from '../../../shared/orders';
import { NO_POLICIES, promiseEmailValues, type StorePolicies } from '../../../shared/store-promises';
import * as repo from './orders-repo';
import { storedVatParts } from './vat/store-vat';
import { discountLineLabel, freeDeliveryText } from '../../../shared/discounts';
import { vatRateShort } from '../../../shared/vat';

const money = (pence: number) => formatGBP(penceToPounds(pence));

/** The store's name and public details (Settings > Store Info) for an email's header and footer. */
export async function shopIdentity(ctx: StoreCtx): Promise<{ name: string; details: PublicStoreDetails | undefined; policies: StorePolicies }> {
  const store = await storeDetails(ctx.tx, ctx.tenantId);
  return { name: store?.name ?? 'Our shop', details: store?.details, policies: store?.policies ?? NO_POLICIES };
}

/** The store's own dispatch and refund times (Settings > Policies) for its emails (shared with the test email). */
export const promiseValues = (promises: Pick<StorePolicies, 'dispatch_days' | 'refund_days'>): TemplateValues => promiseEmailValues(promises);

/** The store's name alone (subjects, the test payment page). */
export async function shopName(ctx: StoreCtx): Promise<string> {
  return (await shopIdentity(ctx)).name;
}

/** The delivery time of the method the order was placed with ("Delivery on the next business day"). */
export const orderDeliveryPromise = (order: repo.OrderRow) => deliveryPromise({ delivery_min_days: order.deliveryMinDays, delivery_max_days: order.deliveryMaxDays });

/** A line's name with its variant's options: 'Mug (Blue, Large)'. */
export const itemName = (i: repo.OrderItemRow) => `${i.productName}${i.variantOptions.length ? ` (${i.variantOptions.map((o) => o.value).join(', ')})` : ''}`;

/** The delivery address, one line per part. */
export function addressLines(order: repo.OrderRow): string {
  const a = order.shippingAddress;
  return [`${a.first_name} ${a.last_name}`, a.company, a.line1, a.line2, a.city, a.postcode].filter(Boolean).join('\n');
}

/**
 * The {{variables}} every order email offers (shared/email-settings.ts lists them), and the items
 * table the notices show. Text values are escaped when a template is filled in.
 */
export function orderTemplateValues(order: repo.OrderRow, items: repo.OrderItemRow[]): TemplateValues {
  return {
    order_number: order.orderNumber,
    total_amount: penceToPounds(order.totalAmount).toFixed(2),
    currency: order.currency,
    total: money(order.totalAmount),
    quantity: String(items.reduce((n, i) => n + i.quantity, 0)),
    customer_name: order.customerName,
    customer_first_name: order.shippingAddress.first_name,
    customer_email: order.customerEmail,
    order_items: renderEmailTable({ head: ['Item', 'Qty'], rows: items.map((i) => [itemName(i), String(i.quantity)]) }),
  };
}

/**
 * The VAT lines under the total (issue 25): none when the store charged no VAT; "Includes £x VAT",
 * and one line per rate when the order has more than one.
 */
function vatRows(order: repo.OrderRow): string[][] {
  const parts = storedVatParts(order.vatBreakdown);
  if (parts.length === 0) return [];
  const byRate = parts.length > 1 ? parts.map((p) => [`${vatRateShort(p.rate)} VAT on ${money(p.gross)}`, '', money(p.vat)]) : [];
  return [[`Includes ${money(order.vatIncluded)} VAT`, '', ''], ...byRate];
}

/** The order confirmation, written into the outbox in the same transaction that marks the order paid. */
export async function sendOrderConfirmation(ctx: StoreCtx, email: EmailSender, order: repo.OrderRow): Promise<void> {
  const items = await repo.listItems(ctx, [order.id]);
  const { name: shop, details, policies } = await shopIdentity(ctx);
  await sendTemplatedEmail(ctx, email, {
    key: 'order_confirmation',
    to: order.customerEmail,
    shopName: shop,
    store: details,
    orderId: order.id,
    orderNumber: order.orderNumber,
    values: {
      ...orderTemplateValues(order, items),
      ...promiseValues(policies),
      shipping_address: addressLines(order),
      shipping_method: order.shippingMethodName,
      delivery_promise: orderDeliveryPromise(order),
      order_summary: renderEmailTable({
        head: ['Item', 'Qty', 'Price'],
        rows: items.map((i) => [itemName(i), String(i.quantity), money(i.totalAmount)]),
        foot: [
          ['Subtotal', '', money(order.subtotal)],
          ...(order.discountTotal > 0 ? [[discountLineLabel(order.discountCode), '', `-${money(order.discountTotal)}`]] : []),
          [order.shippingMethodName, '', order.shippingTotal === 0 ? freeDeliveryText(order.shippingDiscount > 0 ? order.discountCode : null) : money(order.shippingTotal)],
          ...(order.taxTotal > 0 ? [['Tax', '', money(order.taxTotal)]] : []),
          ['Total', '', money(order.totalAmount)],
          ...vatRows(order),
        ],
      }),
    },
  });
  await repo.addEvent(ctx, order.id, 'email_sent', `Order confirmation emailed to ${order.customerEmail}`);
}
