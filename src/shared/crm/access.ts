import { z } from 'zod';
import { MEMBER_ROLES } from '../roles';

// Client Access (admin spec §2, §3 Tenant/Member/Invite, §4 invite states, §5, §7 tenants and
// invitations, §8 tenant-access toasts). Issue 16, decision 027.

export const INVITE_ROLES = ['admin', 'staff'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];
/**
 * pending: a link exists and works until it expires. awaiting_approval: a platform sales account's
 * request, no link yet; approved it becomes pending, or it is declined (decision 030).
 */
export const INVITE_STATUSES = ['pending', 'accepted', 'revoked', 'awaiting_approval', 'declined'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];
/** A magic link works once, for this long (then "Resend" makes a fresh one). */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Invitation emails (new links, resends and approvals) per store and per sending account in the window
 * (issue 24 item 4): beyond either, 429 with Retry-After and nothing is sent.
 */
export const INVITE_EMAIL_WINDOW_MS = 60 * 60 * 1000;
export const INVITE_EMAILS_PER_STORE = 20;
export const INVITE_EMAILS_PER_ACCOUNT = 10;

export const ACCESS_TEXT = {
  /** Issue 26: an account with two-step sign-in accepts while signed in, so its second step is asked. */
  twoStepFirst: 'Your account uses two-step sign-in: sign in first, then open the invitation link again.',
  loadTenantsFailed: 'Unable to load tenants',
  loadInvitationsFailed: 'Unable to load invitations',
  inviteFailed: 'Invite failed',
  inviteFailedBody: 'Unable to send invite',
  resendFailed: 'Resend failed',
  revokeFailed: 'Revoke failed',
  updateFailed: 'Update failed',
  removalFailed: 'Removal failed',
  copyFailed: 'Unable to copy',
  invitePrepared: 'Invite prepared',
  inviteRefreshed: 'Invite refreshed',
  inviteRevoked: 'Invite revoked',
  roleUpdated: 'Role updated',
  accessRemoved: 'Access removed',
  linkCopied: 'Link copied',
  chooseTenant: 'Please choose a tenant',
  ownerLocked: 'The store owner cannot be changed or removed.',
  inviteInvalid: 'This invitation link is not valid. Ask for a new one.',
  inviteUsed: 'This invitation has already been used.',
  inviteExpired: 'This invitation has expired. Ask for a new one.',
  inviteRevokedLink: 'This invitation was withdrawn.',
  wrongAccount: 'You are signed in with a different email address. Sign out, then open the link again.',
  selfInvite: 'You cannot invite yourself.',
  managersOnly: "Only the store's owner or an admin can do this.",
  requestSent: 'Request sent',
  requestSentBody: "The store's owner or an admin must approve it before the link is sent.",
  inviteApproved: 'Invite approved',
  requestDeclined: 'Request declined',
  approveFailed: 'Approval failed',
  declineFailed: 'Decline failed',
  awaitingApproval: 'This invitation is awaiting approval by the store.',
  notAwaiting: 'This request is no longer awaiting approval.',
  alreadyOpen: 'This address already has an open invitation to this store.',
  inviterLostAccess: 'The person who sent this invitation can no longer give this access. Ask the store for a new invitation.',
  rateLimitedStore: 'This store has sent too many invitation emails in the last hour. Please wait before sending more.',
  rateLimitedAccount: 'You have sent too many invitation emails in the last hour. Please wait before sending more.',
} as const;

export const memberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  invited_at: z.string().nullable(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

export const inviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITE_ROLES),
  status: z.enum(INVITE_STATUSES),
  /** Pending and past expires_at: the link no longer works (shown as Expired). */
  expires_at: z.string(),
  magic_link_sent_at: z.string().nullable(),
  updated_at: z.string(),
  /** Who asked for it, on a platform sales request (decision 030); null on a direct invitation. */
  requested_by_email: z.string().nullable(),
});
export type Invite = z.infer<typeof inviteSchema>;

const tenantId = z.string({ error: ACCESS_TEXT.chooseTenant }).trim().min(1, ACCESS_TEXT.chooseTenant).max(64, ACCESS_TEXT.chooseTenant);
const email = z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(254, 'Email is too long').pipe(z.email('Invalid email'));
const id = (what: string) => z.string({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(64);

/** GET /api/admin/invitations?tenantId= */
export const invitationsQuery = z.object({ tenantId });
export const invitationsResponse = z.object({
  members: z.array(memberSchema),
  invites: z.array(inviteSchema),
  /**
   * Whether the caller manages this store (its owner or an admin, or a platform owner): invites go out
   * at once, requests can be approved, roles changed. Platform sales otherwise only request (decision 030).
   */
  can_manage: z.boolean(),
});

/** POST /api/admin/invitations: a new invite {tenantId, email, role}, or a resend {tenantId, email, inviteId, resend: true}. */
export const inviteBody = z.strictObject({
  tenantId,
  email,
  role: z.enum(INVITE_ROLES, { error: 'Choose admin or staff' }).default('admin'),
  inviteId: id('Invite').optional(),
  resend: z.boolean().optional(),
});
/**
 * The link is shown to copy as well as emailed (spec §7 "returns magic_link_url"); null when no link
 * was made: a request awaiting approval (202), or a declined one.
 */
export const inviteResponse = z.object({ invite: inviteSchema, magic_link_url: z.string().nullable() });

/** POST /api/admin/invitations/approval: a store's owner or admin (or a platform owner) decides a request. */
export const inviteApprovalBody = z.strictObject({
  tenantId,
  inviteId: id('Invite'),
  decision: z.enum(['approve', 'decline'], { error: 'Choose approve or decline' }),
});

/** DELETE /api/admin/invitations: revoke {tenantId, inviteId} or remove a member {tenantId, userId}. */
export const removeAccessBody = z.union([
  z.strictObject({ tenantId, inviteId: id('Invite') }),
  z.strictObject({ tenantId, userId: id('User') }),
]);
/** PATCH /api/admin/invitations: change a member's role (admin or staff; never the owner). */
export const changeRoleBody = z.strictObject({ tenantId, userId: id('User'), role: z.enum(INVITE_ROLES, { error: 'Choose admin or staff' }) });
export const okResponse = z.object({ ok: z.literal(true) });

/** GET /api/invitations/:token on the store's host: what the accept page shows before accepting. */
export const invitationPreviewResponse = z.object({
  store_name: z.string(),
  email: z.string(),
  role: z.enum(INVITE_ROLES),
  /** Whether an account with this email exists (sign in) or a password must be chosen (sign up). */
  has_account: z.boolean(),
});
/** POST /api/invitations/accept: the token, and a password when the invitee has no account yet. */
export const acceptInvitationBody = z.strictObject({
  token: z.string().trim().min(1, ACCESS_TEXT.inviteInvalid).max(200, ACCESS_TEXT.inviteInvalid),
  password: z.string().max(200, 'Password is too long').optional(),
});
export const acceptInvitationResponse = z.object({ tenant_id: z.string(), role: z.enum(INVITE_ROLES) });
