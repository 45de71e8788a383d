import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewBody, ReviewList } from '@shared/catalog';
import { api } from './api';
import { catalogKeys } from './query-keys';

// Product reviews, apart from catalog.ts: only the Reviews tab, a bundle of its own, uses them.

export function useReviews(productId: string | undefined) {
  return useQuery({
    queryKey: catalogKeys.reviews(productId ?? ''),
    queryFn: () => api<ReviewList>('GET', `/api/products/${productId}/reviews`),
    enabled: Boolean(productId),
  });
}

export function useSubmitReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => api<{ review: { id: string; status: string }; message: string }>('POST', `/api/products/${productId}/reviews`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: catalogKeys.reviews(productId) }),
  });
}
