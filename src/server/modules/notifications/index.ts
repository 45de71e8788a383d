// Notifications: web push subscriptions (customer and staff), templates, test sends, and the staff
// push for each paid order, the shopper's push when an order ships. Boot prepares the VAPID keys and default templates (preparePush).
export { pushRoutes } from './routes';
export { preparePush } from './boot';
export { pushPaidOrders, pushShippedOrders } from './order-pushes';
export { InFlight, pushTotals, type DeliveryDeps } from './delivery';
export { customerPushesOf, forgetCustomerPushes } from './customer-data';
