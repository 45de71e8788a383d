// Payments: each store's own card-payment account at the provider and its onboarding (issue 13).
export { connectRoutes } from './routes';
export { applyAccountEvent, paymentDestination, paymentsConnected } from './service';
