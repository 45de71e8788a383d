import { PUSH_TEMPLATE_KEYS } from '../../../shared/push';

/**
 * The platform's default push templates (tenant_id null), written at boot when missing, so every store
 * has them and may replace each with its own. Their wording may change here: boot leaves an existing
 * default row as it is, so a store never sees a default change under it mid-flight without a migration.
 */
export const DEFAULT_PUSH_TEMPLATES = [
  {
    key: PUSH_TEMPLATE_KEYS.orderPaid,
    title: 'New order {{order_number}}',
    body: '{{customer_name}} paid {{total_amount}} for {{item_count}} item(s).',
    url: '/admin/orders/{{order_id}}',
  },
  {
    key: PUSH_TEMPLATE_KEYS.orderShipped,
    title: 'Order {{order_number}} is on its way',
    body: '{{store_name}} has shipped your order. Tracking reference: {{tracking_reference}}',
    url: '/my-orders',
  },
  {
    key: PUSH_TEMPLATE_KEYS.test,
    title: 'Test notification from {{store_name}}',
    body: 'Push notifications are working on this device.',
    url: '/admin/settings?tab=notifications',
  },
] as const;
