// Notifications: web push subscriptions (customer and staff), templates, test sends, and the staff
// push for each paid order. Boot prepares the VAPID keys and default templates (preparePush).
export { pushRoutes } from './routes';
export { preparePush } from './boot';
export { pushPaidOrders } from './send-service';
export { InFlight, type DeliveryDeps } from './delivery';
