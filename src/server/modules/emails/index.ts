// Email: the outbox view (sent mail), the store's sending domains and its email templates.
export { adminEmailRoutes } from './routes';
export { countOrderEmails } from './repo';
export { emailSettingsRoutes } from './settings-routes';
export { sendPlatformTemplatedEmail, sendTemplatedEmail, type TemplatedEmail } from './templates/send';
export type { TemplateValues } from './templates/render';
export { findSenderIdentity } from './identity';
export { ensureDefaultEmailTemplates } from './templates/ensure-defaults';
export { forgetMessagesFor, forgetOwnPlatformMail, messagesFor, type ExportedMessage } from './customer-data';
