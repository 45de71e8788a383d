import { describe, expect, it } from 'vitest';
import type { Invite } from '@shared/crm/access';
import { inviteState, shortDate } from './format';

const invite = (over: Partial<Invite>): Invite => ({
  id: '1',
  email: 'a@b.test',
  role: 'staff',
  status: 'pending',
  expires_at: '2026-01-08T00:00:00.000Z',
  magic_link_sent_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  requested_by_email: null,
  ...over,
});

describe('Client Access display', () => {
  it('shows a pending invite past its expiry as Expired, the others by status', () => {
    const now = Date.parse('2026-01-05T00:00:00.000Z');
    expect(inviteState(invite({}), now)).toBe('Pending');
    expect(inviteState(invite({ expires_at: '2026-01-04T00:00:00.000Z' }), now)).toBe('Expired');
    expect(inviteState(invite({ status: 'accepted', expires_at: '2026-01-04T00:00:00.000Z' }), now)).toBe('Accepted');
    expect(inviteState(invite({ status: 'revoked' }), now)).toBe('Revoked');
    // A request waits for the store's approval, whatever its date; a declined one is over.
    expect(inviteState(invite({ status: 'awaiting_approval', expires_at: '2026-01-04T00:00:00.000Z' }), now)).toBe('Awaiting approval');
    expect(inviteState(invite({ status: 'declined' }), now)).toBe('Declined');
  });

  it('writes dates as day, short month, year (en-GB), and a dash for never', () => {
    expect(shortDate('2026-11-24T12:00:00.000Z')).toBe('24 Nov 2026');
    expect(shortDate(null)).toBe('—');
  });
});
