import type { Invite } from '@shared/crm/access';

/** Day, short month, year (en-GB), as the rest of the CRM shows dates; a dash when never. */
export function shortDate(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

export type InviteState = 'Pending' | 'Expired' | 'Accepted' | 'Revoked' | 'Awaiting approval' | 'Declined';

/**
 * A pending invite past its expiry no longer works: it shows as Expired (Resend makes a fresh link).
 * A platform sales request waits for the store's approval whatever its date (decision 030).
 */
export function inviteState(invite: Invite, now = Date.now()): InviteState {
  if (invite.status === 'accepted') return 'Accepted';
  if (invite.status === 'revoked') return 'Revoked';
  if (invite.status === 'declined') return 'Declined';
  if (invite.status === 'awaiting_approval') return 'Awaiting approval';
  return new Date(invite.expires_at).getTime() <= now ? 'Expired' : 'Pending';
}

export const STATE_BADGE = { Pending: 'default', Expired: 'warning', Accepted: 'success', Revoked: 'secondary', 'Awaiting approval': 'warning', Declined: 'secondary' } as const;
