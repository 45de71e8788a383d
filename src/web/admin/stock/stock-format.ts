import { signedChange, type StockMovement } from '@shared/stock';

const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export const formatWhen = (iso: string): string => dateTime.format(new Date(iso));

export { signedChange };

/** Who or what made the change: the person who adjusted it, or the order that sold it. */
export function madeBy(m: Pick<StockMovement, 'actor_email' | 'order_number'>): string {
  if (m.order_number) return `Order ${m.order_number}`;
  return m.actor_email ?? 'System';
}
