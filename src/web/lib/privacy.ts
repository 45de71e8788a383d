import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EraseOwnDataBody } from '@shared/privacy';
import { api } from './api';
import { forgetIdentity } from './auth';

// Privacy (issue 26 item 5): one's own data as a file and its erasure (/account, and the platform's
// account settings). A customer's, from the admin, is in admin-customers.ts (admin code only).

/** A plain link downloads it: the browser sends the session cookie and saves the attachment. */
export const MY_DATA_URL = '/api/account/data';

/** Erases one's data here (a store's host) or one's account (the platform host); the session ends with it. */
export function useEraseMyData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EraseOwnDataBody) => api<{ message: string }>('POST', '/api/account/erase', body),
    onSuccess: () => forgetIdentity(queryClient),
  });
}
