import { and, eq, sql } from 'drizzle-orm';
import type { StoreCtx } from '../../../http/context';
import { notFound } from '../../../http/errors';
import { vatEntries } from '../../../db/schema';
import { storeDetails } from '../../tenants';
import { addressLines } from '../../../../shared/store-details';
import { deliveryVatParts, invoiceNumberText } from '../../../../shared/vat';
import * as repo from '../orders-repo';
import { lineDisplayName } from '../cart/pricing';
import { receiptPdf, type ReceiptData } from './receipt-pdf';
import { storedVatParts } from './store-vat';

/** The receipt exists once the order is paid: before that (or for no order) the same 404. */
const noReceipt = () => notFound('Receipt not found');

async function refundedVat(ctx: StoreCtx, orderId: string): Promise<number> {
  const [row] = await ctx.tx
    .select({ vat: sql<number>`coalesce(sum(${vatEntries.vat}), 0)::int` })
    .from(vatEntries)
    .where(and(eq(vatEntries.tenantId, ctx.tenantId), eq(vatEntries.orderId, orderId), eq(vatEntries.kind, 'refund')));
  return Number(row?.vat ?? 0);
}

/** What the receipt of a paid order says, from the order as it was sold and the store's details. */
export async function receiptData(ctx: StoreCtx, order: repo.OrderRow): Promise<ReceiptData> {
  if (order.invoiceNumber === null || order.paidAt === null) throw noReceipt();
  const store = await storeDetails(ctx.tx, ctx.tenantId);
  if (!store) throw noReceipt();
  const items = await repo.listItems(ctx, [order.id]);
  const parts = storedVatParts(order.vatBreakdown);
  const vatInvoice = parts.length > 0;
  // Delivery's part of each rate: the order's parts less what its goods lines carry.
  // The goods as paid (less any discount share), as the order's VAT was worked out (issue 28).
  const deliveryParts = deliveryVatParts(parts, items.map((i) => ({ rate: i.vatRate, gross: i.totalAmount - i.discountAmount, vat: i.vatAmount })));
  const a = order.billingAddress;
  return {
    vatInvoice,
    invoiceNumber: invoiceNumberText(order.invoiceNumber),
    orderNumber: order.orderNumber,
    paidAt: order.paidAt,
    seller: {
      name: store.name,
      addressLines: store.details.address ? addressLines(store.details.address) : [],
      vatNumber: store.settings.business.vat_number || null,
      companyNumber: store.details.company_number,
      email: store.details.contact_email,
    },
    customer: {
      name: `${a.first_name} ${a.last_name}`.trim() || order.customerName,
      addressLines: [a.company, a.line1, a.line2, `${a.city} ${a.postcode}`.trim(), a.country].filter((l): l is string => Boolean(l)),
      email: order.customerEmail,
    },
    lines: items.map((i) => ({
      description: [lineDisplayName({ name: i.productName, variant_options: i.variantOptions }), i.productSku ? `(${i.productSku})` : ''].filter(Boolean).join(' '),
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      total: i.totalAmount,
      rate: i.vatRate,
      vat: i.vatAmount,
    })),
    delivery:
      order.shippingTotal > 0 || order.shippingMethodName
        ? { name: order.shippingMethodName, total: order.shippingTotal, parts: deliveryParts, waived: order.shippingDiscount, code: order.discountCode }
        : null,
    discount: order.discountTotal > 0 ? { code: order.discountCode, amount: order.discountTotal } : null,
    parts,
    total: order.totalAmount,
    vatTotal: order.vatIncluded,
    refunded: order.refundedAmount,
    refundedVat: await refundedVat(ctx, order.id),
  };
}

export interface ReceiptFile {
  fileName: string;
  bytes: Uint8Array;
}

async function fileOf(ctx: StoreCtx, order: repo.OrderRow | null): Promise<ReceiptFile> {
  if (!order) throw noReceipt();
  const data = await receiptData(ctx, order);
  return { fileName: `${data.vatInvoice ? 'vat-invoice' : 'receipt'}-${data.invoiceNumber}.pdf`, bytes: await receiptPdf(data) };
}

/** GET /api/admin/orders/{id}/invoice.pdf */
export async function staffReceipt(ctx: StoreCtx, orderId: string): Promise<ReceiptFile> {
  return fileOf(ctx, await repo.findOrder(ctx, { id: orderId }));
}

/** GET /api/orders/{order_number}/receipt.pdf: the order must be one this shopper may look up. */
export async function shopperReceipt(ctx: StoreCtx, order: repo.OrderRow | null): Promise<ReceiptFile> {
  return fileOf(ctx, order);
}
