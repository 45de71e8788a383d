import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, CreateCategoryBody, UpdateCategoryBody } from '@shared/admin-categories';
import { api } from './api';
import { catalogKeys } from './query-keys';

/** Admin > Catalogue > Categories; the product form's category picker reads the same flat list. */
export const adminCategoryKeys = {
  all: ['admin', 'categories'] as const,
  list: ['admin', 'categories', 'list'] as const,
};

export type { AdminCategory } from '@shared/admin-categories';

/** GET /api/admin/categories: every category of the store, flat, by display order then name. */
export function useAdminCategories() {
  return useQuery({
    queryKey: adminCategoryKeys.list,
    queryFn: () => api<{ categories: AdminCategory[] }>('GET', '/api/admin/categories').then((r) => r.categories),
  });
}

/** Spec §7: saves invalidate cached category lists (the admin's, and the storefront's in this tab). */
function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminCategoryKeys.all });
    void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
  };
}

export function useCreateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (body: CreateCategoryBody) => api<{ category: AdminCategory }>('POST', '/api/admin/categories', body).then((r) => r.category),
    onSuccess: invalidate,
  });
}

export function useUpdateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCategoryBody }) =>
      api<{ category: AdminCategory }>('PUT', `/api/admin/categories/${encodeURIComponent(id)}`, body).then((r) => r.category),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/api/admin/categories/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
