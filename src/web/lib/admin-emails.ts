import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EmailDetail, EmailPage } from '@shared/emails';
import { api } from './api';

/** Kept here, not in query-keys.ts: that module ships in the app's entry, which the product page's budget counts (decision 004). */
export const emailKeys = {
  list: (page: number, search: string) => ['admin', 'emails', page, search] as const,
  one: (id: string) => ['admin', 'email', id] as const,
};

/** Admin: the store's sent mail, newest first, 20 a page, optionally searched by address or subject. */
export function useEmails(page: number, search: string) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  return useQuery({
    queryKey: emailKeys.list(page, search),
    queryFn: () => api<EmailPage>('GET', `/api/admin/emails?${query}`),
    placeholderData: keepPreviousData,
  });
}

export function useEmail(id: string) {
  return useQuery({
    queryKey: emailKeys.one(id),
    queryFn: () => api<{ email: EmailDetail }>('GET', `/api/admin/emails/${encodeURIComponent(id)}`).then((r) => r.email),
  });
}
