import { PUSH_TEMPLATE_KEYS } from '@shared/push';

/** What each default push template is, in words: the key stays the template's id, shown small beside it. */
const NAMES: Record<string, string> = {
  [PUSH_TEMPLATE_KEYS.orderPaid]: 'New paid order (to your team)',
  [PUSH_TEMPLATE_KEYS.orderShipped]: 'Order shipped (to the customer)',
  [PUSH_TEMPLATE_KEYS.test]: 'Test notification',
};

/** A push template's name: the defaults' own, else the store's key in words ("back_in_stock" → "Back in stock"). */
export function pushTemplateName(key: string): string {
  return NAMES[key] ?? key.replace(/[._-]+/g, ' ').trim().replace(/^./, (c) => c.toUpperCase());
}
