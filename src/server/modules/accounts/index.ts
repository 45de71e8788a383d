// Accounts: sign-up, sign-in, sessions and store memberships. Other modules use only what is here.
export { authRoutes } from './auth/routes';
export { adminRoutes } from './members/routes';
export { loadActor } from './auth/service';
export { sessionToken } from './auth/cookies';
export { findMembership, findRole, setActiveTenant } from './auth/repo';
export { confirmationLink, emailConfirmed, sendEmailConfirmation } from './auth/email-confirmation';
export { hashToken, newSessionToken } from './auth/tokens';
export { hashPassword } from './auth/passwords';
export { findUserIdByEmail, insertMembership, memberCounts, storeManagerEmails, userEmails } from './members/repo';
export { invitationRoutes } from './invitations/routes';
export { passwordResetRoutes } from './recovery/routes';
export { accountSettingsRoutes } from './settings/routes';
export { twoStepRoutes } from './two-step/routes';
export { accountForExport, endAllSessions, eraseOwnAccount, type ExportedAccount } from './privacy';
export { confirmCurrentPassword } from './auth/reauthenticate';
export { clearSessionCookie, clientMeta } from './auth/cookies';
