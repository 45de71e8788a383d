import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionResponse, SignInBody, SignUpBody } from '@shared/auth';
import type { AdminContextResponse } from '@shared/tenants';
import { api, ApiError } from './api';
import { authKeys, platformKeys } from './query-keys';

/**
 * After sign-in, sign-out or a change of store, everything known about the person is stale: reset it
 * (screens on show load it again) and keep only the host's tenant, which never changes.
 */
export function forgetIdentity(queryClient: QueryClient, session?: SessionResponse) {
  if (session) queryClient.setQueryData(authKeys.session, session);
  void queryClient.resetQueries({
    predicate: (q) => q.queryKey[0] !== platformKeys.currentTenant[0] && !(session && q.queryKey === authKeys.session),
  });
}

export function useSession() {
  return useQuery({
    queryKey: authKeys.session,
    queryFn: () => api<SessionResponse>('GET', '/api/auth/session'),
    staleTime: 30_000,
  });
}

/** What the admin guard needs: the tenant being managed, the role there, and the owner flag. */
export function useAdminContext(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.adminContext,
    queryFn: () => api<AdminContextResponse>('GET', '/api/admin/context'),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * Storefront spec §7: GET /api/is-owner. 401 means not owner; other failures raise; an unparseable
 * body means not owner. Cached for the life of the page.
 */
export async function fetchIsOwner(): Promise<boolean> {
  const response = await fetch('/api/is-owner', { credentials: 'same-origin' });
  if (response.status === 401) return false;
  if (!response.ok) throw new ApiError(response.status, 'owner_check_failed', 'We could not confirm your permissions');
  const body: unknown = await response.json().catch(() => null);
  return typeof body === 'object' && body !== null && (body as { isOwner?: unknown }).isOwner === true;
}

export function useIsOwner(enabled = true) {
  return useQuery({ queryKey: authKeys.isOwner, queryFn: fetchIsOwner, enabled, staleTime: Infinity });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    // 202 { two_step_required }: the password was right and the code comes next (issue 26).
    mutationFn: (body: SignInBody) => api<SessionResponse | { two_step_required: true }>('POST', '/api/auth/sign-in', body),
    onSuccess: (answer) => {
      if (!('two_step_required' in answer)) forgetIdentity(queryClient, answer);
    },
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignUpBody) => api<SessionResponse>('POST', '/api/auth/sign-up', body),
    onSuccess: (session) => forgetIdentity(queryClient, session),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('POST', '/api/auth/sign-out'),
    onSettled: () => forgetIdentity(queryClient),
  });
}

/** Picks (or with null, forgets) the tenant this session manages on the platform host. */
export function useChooseTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tenantId: string | null) =>
      tenantId
        ? api<SessionResponse>('PUT', '/api/auth/active-tenant', { tenant_id: tenantId })
        : api<SessionResponse>('DELETE', '/api/auth/active-tenant'),
    onSuccess: (session) => forgetIdentity(queryClient, session),
  });
}
