import { Clock, MapPin, RotateCcw, ShieldCheck, Truck, Wallet, type LucideIcon } from 'lucide-react';
import { businessDays, freeDeliveryLine, processingLine, refundLine, returnsLine, type StorePromises } from '@shared/store-promises';

// The store's own promises (issue 25), worded for each place the storefront shows them. Every line
// comes from the store's policies or its delivery options; what the store has not stated is left out.

export interface PromiseItem {
  icon: LucideIcon;
  title: string;
  detail: string;
}

const RETURN_TO_CARD = 'Once your return reaches us, the refund goes back to your original payment method.';

/** The home page's cards: delivery, dispatch, returns, and the card payments every store takes. */
export function promiseCards(p: StorePromises): PromiseItem[] {
  const cards: PromiseItem[] = [];
  const free = freeDeliveryLine(p);
  if (free) cards.push({ icon: Truck, title: free, detail: p.delivery_note ?? (p.next_day ? 'Next-day delivery is available at checkout.' : 'Delivery options are shown at checkout.') });
  else if (p.delivery_note) cards.push({ icon: Truck, title: p.next_day ? 'Next-day delivery' : 'Delivery', detail: p.delivery_note });
  else if (p.next_day) cards.push({ icon: Truck, title: 'Next-day delivery', detail: 'Choose next-day delivery at checkout.' });
  if (p.dispatch_days) cards.push({ icon: Clock, title: `Dispatched within ${businessDays(p.dispatch_days)}`, detail: 'We pack your order and send it on its way.' });
  const returns = returnsLine(p);
  if (returns) cards.push({ icon: RotateCcw, title: returns, detail: refundLine(p) ? `${refundLine(p)}.` : `Return unused items within ${p.returns_days} days of delivery.` });
  cards.push({ icon: ShieldCheck, title: 'Secure card payments', detail: 'Checkout through a trusted card payment provider.' });
  return cards;
}

/** The product page's "Delivery" and "Returns" lists. */
export function deliveryAndReturns(p: StorePromises): { delivery: PromiseItem[]; returns: PromiseItem[] } {
  const delivery: PromiseItem[] = [];
  const free = freeDeliveryLine(p);
  if (free) delivery.push({ icon: Truck, title: free, detail: 'Delivery options and costs for smaller orders are shown at checkout.' });
  if (p.next_day) delivery.push({ icon: Clock, title: 'Next-day delivery', detail: 'Need it sooner? Choose next-day delivery at checkout.' });
  const processing = processingLine(p);
  if (processing) delivery.push({ icon: Clock, title: processing, detail: 'Delivery time is counted from dispatch.' });
  if (p.delivery_note) delivery.push({ icon: MapPin, title: 'Good to know', detail: p.delivery_note });
  if (delivery.length === 0) delivery.push({ icon: Truck, title: 'Delivery', detail: 'The delivery options for your address and their costs are shown at checkout.' });

  const returns: PromiseItem[] = [];
  const window = returnsLine(p);
  if (window) returns.push({ icon: RotateCcw, title: window, detail: `Changed your mind? Return unused items within ${p.returns_days} days of delivery.` });
  // UK law (Consumer Contracts Regulations 2013) gives every online shopper this right, whatever the store offers.
  else returns.push({ icon: RotateCcw, title: '14 days to change your mind', detail: 'You can cancel an online order within 14 days of delivery, as UK law allows.' });
  const refund = refundLine(p);
  if (refund) returns.push({ icon: Wallet, title: refund, detail: RETURN_TO_CARD });
  return { delivery, returns };
}

/** The short lines beside the buy box. */
export function reassuranceLines(p: StorePromises): { icon: LucideIcon; text: string }[] {
  const lines: { icon: LucideIcon; text: string }[] = [];
  const free = freeDeliveryLine(p);
  if (free) lines.push({ icon: Truck, text: free });
  if (p.returns_days !== null) lines.push({ icon: RotateCcw, text: `${p.returns_days}-day returns` });
  lines.push({ icon: ShieldCheck, text: 'Secure checkout' });
  return lines;
}

/** The footer's "Delivery & returns" facts, plainly. */
export function footerFacts(p: StorePromises): string[] {
  const returns = returnsLine(p);
  const refund = refundLine(p);
  return [
    freeDeliveryLine(p),
    p.next_day ? 'Next-day delivery' : null,
    p.delivery_note,
    returns && refund ? `${returns}; ${refund.charAt(0).toLowerCase()}${refund.slice(1)}` : (returns ?? refund),
  ].filter((line): line is string => Boolean(line));
}

/** The top bar: the free-delivery offer, else nothing (a bar with no offer is noise). */
export const topBarLine = (p: StorePromises) => freeDeliveryLine(p);
