import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, AdminProductList, ProductBodyInput } from '@shared/admin-products';
import type { VatRate } from '@shared/vat';
import { api } from './api';
import { catalogKeys } from './query-keys';

/** Admin catalogue: products list pages, one product, the form's category options. */
export const adminProductKeys = {
  all: ['admin', 'products'] as const,
  list: (params: { page: number; status: string; sort: string; search: string }) => ['admin', 'products', 'list', params] as const,
  detail: (id: string) => ['admin', 'products', 'detail', id] as const,
  categoryOptions: ['admin', 'categories', 'options'] as const,
};

// Admin catalogue data: the products list and the product form (admin spec §7).

export interface ProductListParams {
  page: number;
  status: string;
  sort: string;
  search: string;
}

export function useAdminProducts(params: ProductListParams) {
  return useQuery({
    queryKey: adminProductKeys.list(params),
    queryFn: () => {
      const query = new URLSearchParams({ page: String(params.page), limit: '20', sort: params.sort });
      if (params.status !== 'all') query.set('status', params.status);
      if (params.search) query.set('search', params.search);
      return api<AdminProductList>('GET', `/api/admin/products?${query}`);
    },
    placeholderData: keepPreviousData,
  });
}

export function useAdminProduct(id: string | undefined) {
  return useQuery({
    queryKey: adminProductKeys.detail(id ?? ''),
    queryFn: () => api<{ product: AdminProduct }>('GET', `/api/admin/products/${id}`).then((r) => r.product),
    enabled: Boolean(id),
    retry: false,
    // The form edits a snapshot: a refetch on focus must not overwrite what is being typed.
    refetchOnWindowFocus: false,
  });
}

/** After any product write: every admin list and the storefront's cached pages are stale. */
export function useRefreshProducts() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminProductKeys.all });
    void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
  };
}

export function useSaveProduct(id: string | undefined) {
  const refresh = useRefreshProducts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBodyInput) =>
      (id ? api<{ product: AdminProduct }>('PUT', `/api/admin/products/${id}`, body) : api<{ product: AdminProduct }>('POST', '/api/admin/products', body)).then((r) => r.product),
    onSuccess: (product) => {
      queryClient.setQueryData(adminProductKeys.detail(product.id), product);
      refresh();
    },
  });
}

/** A toggle's answer shown in every cached list page at once, before the lists refetch. */
function useApplyToLists() {
  const queryClient = useQueryClient();
  const refresh = useRefreshProducts();
  return ({ product }: { product: AdminProduct }) => {
    queryClient.setQueriesData<AdminProductList>({ queryKey: [...adminProductKeys.all, 'list'] }, (page) =>
      page && { ...page, products: page.products.map((row) => (row.id === product.id ? { ...row, is_featured: product.is_featured, track_inventory: product.track_inventory, stock_quantity: product.stock_quantity } : row)) },
    );
    queryClient.removeQueries({ queryKey: adminProductKeys.detail(product.id) });
    refresh();
  };
}

export function useSetFeatured() {
  return useMutation({
    mutationFn: ({ id, is_featured }: { id: string; is_featured: boolean }) => api<{ product: AdminProduct }>('PUT', `/api/admin/products/${id}/feature`, { is_featured }),
    onSuccess: useApplyToLists(),
  });
}

export function useSetTracking() {
  return useMutation({
    mutationFn: ({ id, track_inventory }: { id: string; track_inventory: boolean }) => api<{ product: AdminProduct }>('PUT', `/api/admin/products/${id}`, { track_inventory }),
    onSuccess: useApplyToLists(),
  });
}

export function useDeleteProduct() {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/api/admin/products/${id}`),
    onSuccess: refresh,
  });
}

export interface CategoryOption {
  id: string;
  name: string;
  slug: string;
  parent_id: string | null;
  /** The VAT rate of its products that set none; null: standard (issue 25). */
  vat_rate?: VatRate | null;
}

/** The store's categories for the form's picker (GET /api/admin/categories, flat). */
export function useCategoryOptions() {
  return useQuery({
    queryKey: adminProductKeys.categoryOptions,
    queryFn: () => api<{ categories: CategoryOption[] }>('GET', '/api/admin/categories').then((r) => r.categories),
    staleTime: 30_000,
  });
}

export type { SuggestGoal } from '@shared/ai';
