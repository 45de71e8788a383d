import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberPermissionsBody, TeamMember } from '@shared/members';
import { api } from './api';

// Settings > Team (issue 27): the store's members and what each staff member may do. Invitations and
// roles are Client Access's calls (lib/client-access.ts), shared with the CRM.

/** Kept here, not in query-keys.ts: that module ships in the app's entry (decision 004). */
export const teamKeys = { members: ['admin', 'team', 'members'] as const };

export function useTeamMembers() {
  return useQuery({ queryKey: teamKeys.members, queryFn: () => api<{ members: TeamMember[] }>('GET', '/api/admin/members') });
}

export function useSetPermissions(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberPermissionsBody) => api<{ member: TeamMember }>('PUT', `/api/admin/members/${encodeURIComponent(userId)}/permissions`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.members }),
  });
}
