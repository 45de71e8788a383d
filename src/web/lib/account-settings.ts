import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountResponse, ChangeEmailBody, ChangePasswordBody, DevicesResponse } from '@shared/account-settings';
import type { RecoveryCodesResponse, TwoStepSetup, TwoStepStatus } from '@shared/two-step';
import { api } from './api';
import { authKeys } from './query-keys';

// Account settings (issue 26 item 2): the same calls from the shop's /account and the admin's /admin/account.

export const accountKeys = {
  account: ['account', 'profile'] as const,
  devices: ['account', 'devices'] as const,
};

export function useAccount() {
  return useQuery({ queryKey: accountKeys.account, queryFn: () => api<AccountResponse>('GET', '/api/account') });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api<{ message: string }>('POST', '/api/account/password', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.devices }),
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: (body: ChangeEmailBody) => api<{ message: string }>('POST', '/api/account/email', body) });
}

export function useDevices() {
  return useQuery({ queryKey: accountKeys.devices, queryFn: () => api<DevicesResponse>('GET', '/api/account/sessions') });
}

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.devices }),
  });
}

export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ message: string }>('POST', '/api/account/sessions/sign-out-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.devices }),
  });
}

// ---- Two-step sign-in (issue 26 item 3) ----

const twoStepKey = ['account', 'two-step'] as const;

export function useTwoStepStatus() {
  return useQuery({ queryKey: twoStepKey, queryFn: () => api<TwoStepStatus>('GET', '/api/account/two-step') });
}

export function useStartTwoStepSetup() {
  return useMutation({ mutationFn: () => api<TwoStepSetup>('POST', '/api/account/two-step/setup') });
}

/** Turning it on or off changes what the admin guard lets through: its context is read again. */
function useTwoStepChange<V, R>(call: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: twoStepKey });
      void queryClient.invalidateQueries({ queryKey: authKeys.adminContext });
    },
  });
}

export const useEnableTwoStep = () => useTwoStepChange((code: string) => api<RecoveryCodesResponse>('POST', '/api/account/two-step/enable', { code }));
export const useDisableTwoStep = () => useTwoStepChange((current_password: string) => api<{ message: string }>('POST', '/api/account/two-step/disable', { current_password }));
export const useNewRecoveryCodes = () => useTwoStepChange((current_password: string) => api<RecoveryCodesResponse>('POST', '/api/account/two-step/recovery-codes', { current_password }));
