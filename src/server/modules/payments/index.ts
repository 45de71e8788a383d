// Payments: each store's own card-payment account at the provider and its onboarding (issue 13).
export { connectRoutes } from './routes';
export { applyAccountEvent, paymentDestination, paymentsConnected } from './service';
// Payments the shop does not keep (a second payment, a wrong amount): recorded, refunded, told (decision 029).
export { askProviderRefund, type ProviderRefundAnswer } from './provider-refund';
export { inBook, recordStrayPayment, settleStrayRefund, type StrayOutcome } from './stray/service';
export { reconcileStrayRefunds, startStrayRefundReconciler, STRAY_RETRY_AFTER_MS } from './stray/reconciler';
export { providerName, STRAY_EVENT } from './stray/notices';
export type { StrayPayment, StrayReason, StrayRefund, StraySubjectKind } from './stray/repo';
export type { BookWork, StrayNote, StrayRefundDeps, StraySubject } from './stray/types';
