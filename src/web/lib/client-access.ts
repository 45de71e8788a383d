import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { InviteRole, invitationsResponse, inviteResponse, invitationPreviewResponse, acceptInvitationResponse } from '@shared/crm/access';
import type { TenantListItem } from '@shared/tenants';
import { CRM_API } from '@shared/crm/routes';
import { api } from './api';
import { platformKeys } from './query-keys';
import { crmKeys } from './crm';

export type AccessList = z.infer<typeof invitationsResponse>;
export type InviteAnswer = z.infer<typeof inviteResponse>;
export type InvitationPreview = z.infer<typeof invitationPreviewResponse>;
export type AcceptAnswer = z.infer<typeof acceptInvitationResponse>;

/** Every store, for the platform's sales team (GET /api/tenants); a store's own book needs no list. */
export function useAccessTenants(enabled: boolean) {
  return useQuery({
    queryKey: crmKeys.tenants,
    queryFn: async () => (await api<{ tenants: TenantListItem[] }>('GET', CRM_API.tenants)).tenants,
    enabled,
  });
}

/** Members and invites of the chosen store. */
export function useAccessList(tenantId: string) {
  return useQuery({
    queryKey: crmKeys.invitations(tenantId),
    queryFn: () => api<AccessList>('GET', `${CRM_API.invitations}?tenantId=${encodeURIComponent(tenantId)}`),
    enabled: tenantId !== '',
  });
}

function useRefresh(tenantId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: crmKeys.invitations(tenantId) });
}

export function useInvite(tenantId: string) {
  const refresh = useRefresh(tenantId);
  return useMutation({
    mutationFn: (body: { email: string; role: InviteRole } | { email: string; role: InviteRole; inviteId: string; resend: true }) =>
      api<InviteAnswer>('POST', CRM_API.invitations, { tenantId, ...body }),
    onSettled: refresh,
  });
}

/** A store's owner or admin approves (the link is made and sent) or declines a platform sales request. */
export function useDecideRequest(tenantId: string) {
  const refresh = useRefresh(tenantId);
  return useMutation({
    mutationFn: (body: { inviteId: string; decision: 'approve' | 'decline' }) => api<InviteAnswer>('POST', CRM_API.invitationApproval, { tenantId, ...body }),
    onSettled: refresh,
  });
}

export function useRevokeInvite(tenantId: string) {
  const refresh = useRefresh(tenantId);
  return useMutation({ mutationFn: (inviteId: string) => api('DELETE', CRM_API.invitations, { tenantId, inviteId }), onSettled: refresh });
}

export function useRemoveMember(tenantId: string) {
  const refresh = useRefresh(tenantId);
  return useMutation({ mutationFn: (userId: string) => api('DELETE', CRM_API.invitations, { tenantId, userId }), onSettled: refresh });
}

export function useChangeRole(tenantId: string) {
  const refresh = useRefresh(tenantId);
  return useMutation({ mutationFn: (body: { userId: string; role: InviteRole }) => api('PATCH', CRM_API.invitations, { tenantId, ...body }), onSettled: refresh });
}

/** The accept page: what the link offers (on the store's own host). */
export function useInvitationPreview(token: string) {
  return useQuery({ queryKey: ['invitation', token], queryFn: () => api<InvitationPreview>('GET', CRM_API.invitationPreview(token)), retry: false });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password?: string }) => api<AcceptAnswer>('POST', CRM_API.acceptInvitation, body),
    // A new session or a new membership: everything known about the person is stale (as at sign-in),
    // except the host's store and this page's own preview.
    onSuccess: () => queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== platformKeys.currentTenant[0] && q.queryKey[0] !== 'invitation' }),
  });
}
