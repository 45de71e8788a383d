import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPage, AdminPageSummary, CreatePageBody } from '@shared/pages';
import type { PageContent } from '@shared/page-templates';
import { api } from './api';

/** Webstore > Pages (admin spec §7). Every key starts with pageKeys.all, so one call refreshes them. */
export const pageKeys = {
  all: ['admin', 'pages'] as const,
  list: ['admin', 'pages', 'list'] as const,
  one: (id: string) => ['admin', 'pages', 'one', id] as const,
  sanitized: (html: string) => ['admin', 'pages', 'sanitized', html] as const,
};

export function usePages() {
  return useQuery({ queryKey: pageKeys.list, queryFn: () => api<{ pages: AdminPageSummary[] }>('GET', '/api/admin/pages').then((r) => r.pages) });
}

export function usePage(id: string) {
  return useQuery({
    queryKey: pageKeys.one(id),
    queryFn: () => api<{ page: AdminPage }>('GET', `/api/admin/pages/${encodeURIComponent(id)}`).then((r) => r.page),
    // The editor keeps its own copy of the draft once loaded; a refetch must not overwrite typing.
    refetchOnWindowFocus: false,
  });
}

export function useCreatePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePageBody) => api<{ page: AdminPage }>('POST', '/api/admin/pages', body).then((r) => r.page),
    onSuccess: (page) => {
      queryClient.setQueryData(pageKeys.one(page.id), page);
      void queryClient.invalidateQueries({ queryKey: pageKeys.list });
    },
  });
}

const afterWrite = (queryClient: ReturnType<typeof useQueryClient>) => (page: AdminPage) => {
  queryClient.setQueryData(pageKeys.one(page.id), page);
  void queryClient.invalidateQueries({ queryKey: pageKeys.list });
};

/** Save draft: PUT /api/admin/pages/{id}/content. */
export function useSavePageContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: PageContent }) => api<{ page: AdminPage }>('PUT', `/api/admin/pages/${encodeURIComponent(id)}/content`, { content }).then((r) => r.page),
    onSuccess: afterWrite(queryClient),
  });
}

/** Publish: POST /api/admin/pages/{id}/publish (the editor saves the draft first). */
export function usePublishPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ page: AdminPage }>('POST', `/api/admin/pages/${encodeURIComponent(id)}/publish`).then((r) => r.page),
    onSuccess: afterWrite(queryClient),
  });
}

/** Rich text as the server will store it, for the live preview (the browser never sanitises itself). */
export function useSanitizedHtml(html: string) {
  return useQuery({
    queryKey: pageKeys.sanitized(html),
    queryFn: () => api<{ html: string }>('POST', '/api/admin/pages/sanitize', { html }).then((r) => r.html),
    enabled: html.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
