import type { AdminOrderDetail, RefundInput } from '@shared/admin-orders';
import { penceToPounds, poundsToPence } from '@shared/money';
import { unitsShare } from '@shared/vat';

/** One line's choice in the refund dialog: how many units, and whether they go back in stock. */
export interface LineChoice {
  quantity: number;
  restock: boolean;
}

export type RefundLine = AdminOrderDetail['items'][number];

/**
 * What the chosen units come to (pounds), as the server works it out: each line's running share of its
 * total after the units already refunded or being refunded, plus delivery when ticked. The server
 * checks it again; this only fills in the amount.
 */
export function choiceValue(order: AdminOrderDetail, choices: Record<string, LineChoice>, delivery: boolean): number {
  let pence = 0;
  for (const line of order.items) {
    const chosen = choices[line.id]?.quantity ?? 0;
    if (chosen <= 0) continue;
    const before = line.quantity - line.refundable_quantity;
    // What the shopper paid for the line: its total less its share of a discount code (issue 28).
    pence += unitsShare(poundsToPence(line.total_amount) - poundsToPence(line.discount_amount), line.quantity, before, Math.min(chosen, line.refundable_quantity));
  }
  if (delivery && order.delivery_refundable) pence += poundsToPence(order.shipping_total);
  return penceToPounds(pence);
}

/** The lines part of the request body: only the lines with units chosen. */
export function choiceLines(order: AdminOrderDetail, choices: Record<string, LineChoice>): NonNullable<RefundInput['lines']> {
  return order.items.flatMap((line) => {
    const chosen = choices[line.id];
    return chosen && chosen.quantity > 0 ? [{ id: line.id, quantity: chosen.quantity, restock: chosen.restock }] : [];
  });
}

/** Goods still in the shop's hands (not sent yet) go back on sale by default; returned goods are the admin's call. */
export const restockByDefault = (order: Pick<AdminOrderDetail, 'status'>) => order.status === 'confirmed' || order.status === 'processing';

/** A new key for one refund request: sent again unchanged (a lost answer), it can only refund once. */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain-HTTP hosts have no randomUUID; getRandomValues is everywhere. RFC 4122 version 4.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
