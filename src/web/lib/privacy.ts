import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EraseCustomerBody, EraseOwnDataBody } from '@shared/privacy';
import { api } from './api';
import { forgetIdentity } from './auth';

// Privacy (issue 26 item 5): one's own data as a file and its erasure (/account, and the platform's
// account settings); a customer's, from the admin's customer page.

/** A plain link downloads it: the browser sends the session cookie and saves the attachment. */
export const MY_DATA_URL = '/api/account/data';
export const customerDataUrl = (id: string) => `/api/admin/customers/${encodeURIComponent(id)}/data`;

/** Erases one's data here (a store's host) or one's account (the platform host); the session ends with it. */
export function useEraseMyData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EraseOwnDataBody) => api<{ message: string }>('POST', '/api/account/erase', body),
    onSuccess: () => forgetIdentity(queryClient),
  });
}

export function useEraseCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EraseCustomerBody) => api<{ message: string }>('POST', `/api/admin/customers/${encodeURIComponent(id)}/erase`, body),
    // The customer is gone from the list, and their orders read as an erased customer's.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'admin' }),
  });
}
