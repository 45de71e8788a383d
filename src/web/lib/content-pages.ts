import { useQuery } from '@tanstack/react-query';
import type { PublicPage } from '@shared/page-types';
import { api } from './api';

// Storefront content pages (issue 14). Types only from shared: this file is in the shopper's bundle.

export const contentPageKeys = {
  published: (slug: string) => ['content-page', slug] as const,
  preview: (slug: string) => ['content-page', slug, 'preview'] as const,
};

/**
 * /pages/{slug}: the published page, or with preview the draft (signed-in store managers only; the
 * server answers anyone else as if there were no such page).
 */
export function useContentPage(slug: string, preview: boolean) {
  return useQuery({
    queryKey: preview ? contentPageKeys.preview(slug) : contentPageKeys.published(slug),
    queryFn: () =>
      api<{ page: PublicPage }>('GET', preview ? `/api/admin/pages/by-slug/${encodeURIComponent(slug)}/preview` : `/api/pages/${encodeURIComponent(slug)}`).then((r) => r.page),
    staleTime: preview ? 0 : 60_000,
  });
}
