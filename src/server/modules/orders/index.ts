// Orders: cart, checkout, payments, the shopper's order views and the admin order screens.
export { orderRoutes } from './routes';
export { cartRoutes } from './cart/routes';
export { adminOrderRoutes } from './admin/routes';
export { vatRoutes } from './vat/routes';
export { adminShippingRoutes } from './shipping/routes';
export { startReservationSweeper } from './reservation-sweeper';
export { startRefundReconciler } from './admin/refund-reconciler';
export { purchasersOf } from './purchases';
export { dailySales, type DayRow } from './sales-report';
export { orderPushSummary, type OrderPushSummary } from './order-push-summary';
export { orderStraySubject } from './payment-events';
export { deliveryFacts, activeDeliveryOptions, insertStarterDeliveryOption } from './shipping/service';
export { customerOrders, type CustomerOrderRow } from './customer-orders';
export { eraseCustomerOrders, ordersForExport, ordersUnderWay, type ExportedOrder, type OrderSubject } from './customer-data';
// Abandoned checkout recovery (issue 28 item 6, decision 048).
export { checkoutRecoveryRoutes } from './recovery/routes';
export { CHECKOUT_RECOVERY_TASK, registerCheckoutRecovery, sendDueRecoveries, type RecoveryDeps } from './recovery/send';
export { recoveredCheckouts } from './recovery/settings';
