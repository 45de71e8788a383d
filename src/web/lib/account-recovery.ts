import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@shared/auth';
import type { ResetCompleteBody, ResetRequestBody, ResetStatusResponse } from '@shared/account-recovery';
import { api } from './api';
import { authKeys } from './query-keys';

/** POST /api/auth/password-reset: the same answer whether or not the account exists. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (body: ResetRequestBody) => api<{ message: string }>('POST', '/api/auth/password-reset', body) });
}

/** GET /api/auth/password-reset?token=: whether the link in the address bar can still be used. */
export function useResetLinkStatus(token: string) {
  return useQuery({
    queryKey: ['auth', 'password-reset', token],
    queryFn: () => api<ResetStatusResponse>('GET', `/api/auth/password-reset?token=${encodeURIComponent(token)}`),
    staleTime: Infinity,
    retry: false,
  });
}

/** POST /api/auth/password-reset/complete: the new password; the answer is the new session. */
export function useCompletePasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetCompleteBody) => api<SessionResponse | { two_step_required: true }>('POST', '/api/auth/password-reset/complete', body),
    onSuccess: (session) => {
      if ('two_step_required' in session) return;
      queryClient.setQueryData(authKeys.session, session);
      void queryClient.resetQueries({ predicate: (q) => q.queryKey !== authKeys.session && q.queryKey[0] !== 'tenant' });
    },
  });
}

/** The code after the password at sign-in; the answer is the new session. */
export function useTwoStepSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<SessionResponse>('POST', '/api/auth/sign-in/two-step', { code }),
    onSuccess: (session) => {
      queryClient.setQueryData(authKeys.session, session);
      void queryClient.resetQueries({ predicate: (q) => q.queryKey !== authKeys.session && q.queryKey[0] !== 'tenant' });
    },
  });
}
