import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewModerationBody } from '@shared/catalog-schemas';
import { api } from './api';
import { catalogKeys } from './query-keys';

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

export interface ModerationReview {
  id: string;
  product_id: string;
  product_name: string;
  product_slug: string;
  rating: number;
  title: string;
  body: string;
  customer_email: string;
  status: ReviewStatus;
  created_at: string;
}

export interface ModerationPage {
  reviews: ModerationReview[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

/** Admin: Catalogue > Reviews, one status at a time ('all' for every review). */
export function useModerationQueue(status: ReviewStatus | 'all', page: number) {
  return useQuery({
    queryKey: catalogKeys.moderation(status, page),
    queryFn: () => api<ModerationPage>('GET', `/api/admin/reviews?status=${status}&page=${page}`),
    placeholderData: keepPreviousData,
  });
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string } & ReviewModerationBody) =>
      api<{ review: { id: string; status: ReviewStatus } }>('PATCH', `/api/admin/reviews/${id}`, { status } satisfies ReviewModerationBody),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'reviews'] });
      // The storefront's review lists and ratings change too.
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    },
  });
}
