// Email: the outbox view (sent mail), the store's sending domains, its email templates, and the
// addresses that unsubscribed from a kind of email.
export { adminEmailRoutes } from './routes';
export { countOrderEmails, outboxCounts } from './service';
export { emailSettingsRoutes } from './settings-routes';
export { sendPlatformTemplatedEmail, sendTemplatedEmail, type TemplatedEmail } from './templates/send';
export type { TemplateValues } from './templates/render';
export { findSenderIdentity } from './identity';
export { ensureDefaultEmailTemplates } from './templates/ensure-defaults';
export { forgetMessagesFor, forgetOwnPlatformMail, messagesFor, type ExportedMessage } from './customer-data';
export { unsubscribe, unsubscribedAddresses } from './unsubscribes';
export { deleteDeliveredMessages } from './housekeeping';
