// Accounts: sign-up, sign-in, sessions and store memberships. Other modules use only what is here.
export { authRoutes } from './auth/routes';
export { adminRoutes } from './members/routes';
export { loadActor } from './auth/service';
export { sessionToken } from './auth/cookies';
export { confirmationLink, emailConfirmed, sendEmailConfirmation } from './auth/email-confirmation';
export { hashToken, newSessionToken } from './auth/tokens';
export { hashPassword } from './auth/passwords';
export { findMembership, findRole, findUserIdByEmail, insertMembership, memberCounts, setActiveTenant, storeManagerEmails, userEmails } from './memberships';
export { invitationRoutes } from './invitations/routes';
export { passwordResetRoutes } from './recovery/routes';
export { accountSettingsRoutes } from './settings/routes';
export { twoStepRoutes } from './two-step/routes';
export { accountForExport, endAllSessions, eraseOwnAccount, type ExportedAccount } from './privacy';
export { confirmCurrentPassword } from './auth/reauthenticate';
export { clearSessionCookie, clientMeta } from './auth/cookies';
// The daily housekeeping's part (decision 056).
export { deleteEndedInvitations, deleteEndedResetLinks, deleteEndedSessions, deleteOldSignInFailures } from './housekeeping';
