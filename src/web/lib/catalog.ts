import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CategoryDetail, CategoryNode, ProductCard, ProductDetail, ProductList } from '@shared/catalog';
import { api } from './api';
import { catalogKeys } from './query-keys';

/** Storefront spec §9: product data may be 30 s old. */
const PRODUCT_STALE_MS = 30_000;

export function useCategories() {
  return useQuery({
    queryKey: catalogKeys.categories,
    queryFn: () => api<{ categories: CategoryNode[] }>('GET', '/api/categories').then((r) => r.categories),
    staleTime: 5 * 60_000,
  });
}

export function useCategory(slug: string) {
  return useQuery({
    queryKey: catalogKeys.category(slug),
    queryFn: () => api<{ category: CategoryDetail }>('GET', `/api/categories/${encodeURIComponent(slug)}`).then((r) => r.category),
    staleTime: 5 * 60_000,
  });
}

export interface ProductQuery {
  category?: string;
  q?: string;
  page?: number;
  limit?: number;
  sort?: string;
  featured?: 'true';
}

function toSearch(params: ProductQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Keeps the last page on screen while the next loads, so paging and sorting do not flash empty. */
export function useProducts(params: ProductQuery, enabled = true) {
  return useQuery({
    queryKey: catalogKeys.products({ ...params }),
    queryFn: () => api<ProductList>('GET', `/api/products${toSearch(params)}`),
    staleTime: PRODUCT_STALE_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useProduct(slug: string) {
  return useQuery({
    queryKey: catalogKeys.product(slug),
    queryFn: () => api<{ product: ProductDetail }>('GET', `/api/products/by-slug/${encodeURIComponent(slug)}`).then((r) => r.product),
    staleTime: PRODUCT_STALE_MS,
  });
}

export function useRelatedProducts(productId: string | undefined) {
  return useQuery({
    queryKey: catalogKeys.related(productId ?? ''),
    queryFn: () => api<{ items: ProductCard[] }>('GET', `/api/products/${productId}/related`).then((r) => r.items),
    enabled: Boolean(productId),
    staleTime: PRODUCT_STALE_MS,
  });
}
